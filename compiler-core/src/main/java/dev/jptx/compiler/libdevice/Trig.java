package dev.jptx.compiler.libdevice;

import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C1;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C2;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C3;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C4;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C5;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.C6;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S1;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S2;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S3;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S4;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S5;
import static dev.jptx.compiler.libdevice.fdlibm.FdlibmTrigKernels.S6;

/**
 * {@code Math.sin}, {@code cos} and {@code tan} for doubles. The argument is reduced to {@code r =
 * x - n * pi/2} with {@code |r| <= pi/4}, carried as a double-double {@code rh + rl}, by {@link
 * TrigReduction}; kernels evaluate sine and cosine of {@code rh + rl} as double-doubles with the
 * published fdlibm minimax coefficients (polynomial error below 2^-58 on [-pi/4, pi/4]). Because
 * the leading terms are formed with exact products ({@code fma}), the kernels are good to about
 * 2^-60 relatively, so the one rounding at the end dominates and the error stays well below 1 ulp;
 * tan divides the two double-doubles, keeping the remainder of the division, for the same reason.
 */
public final class Trig {
  /** Below this {@code sin x} and {@code tan x} round to {@code x} and {@code cos x} to 1. */
  private static final double TINY = 0x1p-27;

  // sine and cosine on [-pi/4, pi/4] by fdlibm's minimax coefficients (FdlibmTrigKernels)

  private Trig() {}

  /** {@code Math.sin(x)}. */
  public static double sin(double x) {
    if (Math.abs(x) < TINY) {
      return x;
    }
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x - x;
    }
    double[] dd = new double[2];
    int n = TrigReduction.reduce(x, dd);
    double rh = dd[0];
    double rl = dd[1];
    double v = (n & 1) == 0 ? sinDd(rh, rl, dd) : cosDd(rh, rl, dd);
    return (n & 2) == 0 ? v : -v;
  }

  /** {@code Math.cos(x)}. */
  public static double cos(double x) {
    if (Math.abs(x) < TINY) {
      return 1.0;
    }
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x - x;
    }
    double[] dd = new double[2];
    int n = TrigReduction.reduce(x, dd);
    double rh = dd[0];
    double rl = dd[1];
    double v = (n & 1) == 0 ? cosDd(rh, rl, dd) : sinDd(rh, rl, dd);
    return ((n + 1) & 2) == 0 ? v : -v;
  }

  /** {@code Math.tan(x)}. */
  public static double tan(double x) {
    if (Math.abs(x) < TINY) {
      return x;
    }
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x - x;
    }
    double[] dd = new double[2];
    int n = TrigReduction.reduce(x, dd);
    double rh = dd[0];
    double rl = dd[1];
    sinDd(rh, rl, dd);
    double sh = dd[0];
    double sl = dd[1];
    cosDd(rh, rl, dd);
    double ch = dd[0];
    double cl = dd[1];
    if ((n & 1) == 0) {
      return divide(sh, sl, ch, cl);
    }
    return -divide(ch, cl, sh, sl);
  }

  /**
   * {@code (ah + al) / (bh + bl)}: the first quotient's exact remainder ({@code fma}) plus the low
   * parts give a correction, so the result is the quotient rounded once, up to 2^-100 or so.
   */
  private static double divide(double ah, double al, double bh, double bl) {
    double q = ah / bh;
    double rem = Math.fma(-q, bh, ah) + (al - q * bl);
    return q + rem / bh;
  }

  /**
   * sin(x + y) for |x| <= ~pi/4, |y| <= ulp(x): stores the double-double in {@code out} and returns
   * its high part. x^3 and S1 x^3 are exact double-doubles; the rest of the series is below 0.3% of
   * x, so its rounding errors are far below 2^-60 x.
   */
  private static double sinDd(double x, double y, double[] out) {
    double z = x * x;
    double ze = Math.fma(x, x, -z);
    double v = z * x;
    double ve = Math.fma(z, x, -v) + ze * x;
    double t = v * S1;
    double te = Math.fma(v, S1, -t) + ve * S1;
    double rest = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    double low = te + v * (z * rest) + y * (1.0 - 0.5 * z);
    double h = x + t;
    double e = (x - h) + t;
    return store(h, e + low, out);
  }

  /**
   * cos(x + y) for |x| <= ~pi/4, |y| <= ulp(x): 1 - x^2/2 with x^2 exact and the rounding error of
   * the subtraction recovered, then the x^4 series (below 1.6%) and the -x*y slope term.
   */
  private static double cosDd(double x, double y, double[] out) {
    double z = x * x;
    double ze = Math.fma(x, x, -z);
    double hz = 0.5 * z;
    double w = 1.0 - hz;
    double we = (1.0 - w) - hz;
    double series = z * z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    double low = we - 0.5 * ze + (series - x * y);
    return store(w, low, out);
  }

  /** Normalizes {@code hi + lo} (|lo| much smaller than |hi|) into {@code out}; returns the sum. */
  private static double store(double hi, double lo, double[] out) {
    double s = hi + lo;
    out[0] = s;
    out[1] = (hi - s) + lo;
    return s;
  }
}
