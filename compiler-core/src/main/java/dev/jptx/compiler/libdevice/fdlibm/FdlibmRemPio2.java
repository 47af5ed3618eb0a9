package dev.jptx.compiler.libdevice.fdlibm;

/**
 * FDLIBM's e_rem_pio2: x = n pi/2 + y[0] + y[1]. Near pi/2 one step with pi/2 in 33 + 53 bits; up
 * to 2^19 pi/2 Cody–Waite with pi/2 in up to three 33-bit parts, a further part taken only when the
 * exponent of the remainder shows cancellation; above that {@link FdlibmRemPio2Large}.
 */
final class FdlibmRemPio2 {
  private static final double INV_PIO2 = 6.36619772367581382433e-01;
  private static final double PIO2_1 = 1.57079632673412561417e+00; // first 33 bits of pi/2
  private static final double PIO2_1T = 6.07710050650619224932e-11; // pi/2 - PIO2_1
  private static final double PIO2_2 = 6.07710050630396597660e-11; // second 33 bits
  private static final double PIO2_2T = 2.02226624879595063154e-21; // pi/2 - (PIO2_1 + PIO2_2)
  private static final double PIO2_3 = 2.02226624871116645580e-21; // third 33 bits
  private static final double PIO2_3T = 8.47842766036889956997e-32;
  private static final double TWO24 = 0x1p24;

  /** High words of n pi/2, n = 1..32: where x is near one of them the quick path may cancel. */
  private static final int[] NPIO2_HW = {
    0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
    0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
    0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
    0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
    0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
    0x404858EB, 0x404921FB,
  };

  private FdlibmRemPio2() {}

  /** Stores the remainder in {@code y} and returns n; x is finite with |x| > pi/4. */
  static int reduce(double x, double[] y) {
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    if (ix < 0x4002d97c) { // |x| < 3pi/4: n = +-1
      double sign = hx > 0 ? 1.0 : -1.0;
      double z = x - sign * PIO2_1;
      double tail = PIO2_1T;
      if (ix == 0x3ff921fb) { // near pi/2: a second part
        z -= sign * PIO2_2;
        tail = PIO2_2T;
      }
      y[0] = z - sign * tail;
      y[1] = (z - y[0]) - sign * tail;
      return hx > 0 ? 1 : -1;
    }
    if (ix <= 0x413921fb) { // |x| <= 2^19 pi/2
      return medium(x, hx, ix, y);
    }
    double[] tx = new double[3];
    // z = |x| scaled to [2^23, 2^24), cut into three 24-bit pieces
    int e0 = (ix >> 20) - 1046;
    double z = Words.of(ix - (e0 << 20), Words.lo(x));
    for (int i = 0; i < 2; i++) {
      tx[i] = (int) z;
      z = (z - tx[i]) * TWO24;
    }
    tx[2] = z;
    int nx = 3;
    while (tx[nx - 1] == 0.0) {
      nx--;
    }
    int n = FdlibmRemPio2Large.reduce(tx, y, e0, nx);
    if (hx < 0) {
      y[0] = -y[0];
      y[1] = -y[1];
      return -n;
    }
    return n;
  }

  private static int medium(double x, int hx, int ix, double[] y) {
    double t = Math.abs(x);
    int n = (int) (t * INV_PIO2 + 0.5);
    double fn = n;
    double r = t - fn * PIO2_1;
    double w = fn * PIO2_1T; // good to 85 bits
    y[0] = r - w;
    if (n >= 32 || ix == NPIO2_HW[n - 1]) {
      int j = ix >> 20;
      int i = j - ((Words.hi(y[0]) >> 20) & 0x7ff);
      if (i > 16) { // cancellation: a second step, good to 118 bits
        t = r;
        w = fn * PIO2_2;
        r = t - w;
        w = fn * PIO2_2T - ((t - r) - w);
        y[0] = r - w;
        i = j - ((Words.hi(y[0]) >> 20) & 0x7ff);
        if (i > 49) { // a third, 151 bits
          t = r;
          w = fn * PIO2_3;
          r = t - w;
          w = fn * PIO2_3T - ((t - r) - w);
          y[0] = r - w;
        }
      }
    }
    y[1] = (r - y[0]) - w;
    if (hx < 0) {
      y[0] = -y[0];
      y[1] = -y[1];
      return -n;
    }
    return n;
  }
}
