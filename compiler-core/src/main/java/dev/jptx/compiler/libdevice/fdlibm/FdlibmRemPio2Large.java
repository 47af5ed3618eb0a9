package dev.jptx.compiler.libdevice.fdlibm;

/**
 * FDLIBM's k_rem_pio2 at the precision e_rem_pio2 asks for (jk = 4): Payne–Hanek reduction of a
 * huge argument given as 24-bit pieces x[0..nx-1] times 2^e0. The product of x with the bits of
 * 2/pi that matter is formed in 24-bit chunks (each product and sum exact in a double); the integer
 * part gives n, and when the fraction cancels further chunks of 2/pi are taken until enough bits
 * are known; the fraction times pi/2 is then summed into y[0] + y[1].
 */
final class FdlibmRemPio2Large {
  private static final int JK = 4;
  private static final double TWO24 = 0x1p24;
  private static final double TWON24 = 0x1p-24;

  /** 2/pi in 24-bit chunks, most significant first. */
  private static final int[] IPIO2 = {
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
    0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
    0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
    0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
    0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
    0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
    0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
    0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
    0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
  };

  /** pi/2 in pieces of 24 bits (as doubles with 24 significant bits). */
  private static final double[] PIO2 = {
    1.57079625129699707031e+00,
    7.54978941586159635335e-08,
    5.39030252995776476554e-15,
    3.28200341580791294123e-22,
    1.27065575308067607349e-29,
    1.22933308981111328932e-36,
    2.73370053816464559624e-44,
    2.16741683877804819444e-51,
  };

  private FdlibmRemPio2Large() {}

  /** Stores the remainder in {@code y} and returns n mod 8. */
  static int reduce(double[] x, double[] y, int e0, int nx) {
    int jx = nx - 1;
    int jv = (e0 - 3) / 24;
    if (jv < 0) {
      jv = 0;
    }
    int q0 = e0 - 24 * (jv + 1);
    double[] f = new double[20];
    double[] q = new double[20];
    int[] iq = new int[20];
    int j = jv - jx;
    for (int i = 0; i <= jx + JK; i++, j++) {
      f[i] = j < 0 ? 0.0 : IPIO2[j];
    }
    for (int i = 0; i <= JK; i++) {
      q[i] = product(x, f, jx, i);
    }
    int jz = JK;
    int n;
    int ih;
    double z;
    while (true) {
      // distill q[] into iq[], least significant chunk first
      z = q[jz];
      for (int i = 0, k = jz; k > 0; i++, k--) {
        double fw = (int) (TWON24 * z);
        iq[i] = (int) (z - TWO24 * fw);
        z = q[k - 1] + fw;
      }
      z = scale(z, q0);
      z -= 8.0 * Math.floor(z * 0.125); // n mod 8 is all that matters
      n = (int) z;
      z -= n;
      ih = 0;
      if (q0 > 0) { // the last chunk still holds integer bits
        int i = iq[jz - 1] >> (24 - q0);
        n += i;
        iq[jz - 1] -= i << (24 - q0);
        ih = iq[jz - 1] >> (23 - q0);
      } else if (q0 == 0) {
        ih = iq[jz - 1] >> 23;
      } else if (z >= 0.5) {
        ih = 2;
      }
      if (ih > 0) { // fraction above 1/2: take 1 - fraction
        n += 1;
        boolean carry = complement(iq, jz, q0);
        if (ih == 2) {
          z = 1.0 - z;
          if (carry) {
            z -= scale(1.0, q0);
          }
        }
      }
      int k = chunksNeeded(iq, z, jz);
      if (k == 0) {
        break;
      }
      for (int i = jz + 1; i <= jz + k; i++) {
        f[jx + i] = IPIO2[jv + i];
        q[i] = product(x, f, jx, i);
      }
      jz += k;
    }
    return finish(iq, q, y, z, jz, q0, ih, n);
  }

  /** sum of x[j] f[jx + i - j] over j: one chunk of the product, exact. */
  private static double product(double[] x, double[] f, int jx, int i) {
    double fw = 0.0;
    for (int j = 0; j <= jx; j++) {
      fw += x[j] * f[jx + i - j];
    }
    return fw;
  }

  /** Replaces the chunks iq[0..jz-1] by 1 minus them; true if the result borrowed. */
  private static boolean complement(int[] iq, int jz, int q0) {
    boolean carry = false;
    for (int i = 0; i < jz; i++) {
      int j = iq[i];
      if (!carry) {
        if (j != 0) {
          carry = true;
          iq[i] = 0x1000000 - j;
        }
      } else {
        iq[i] = 0xffffff - j;
      }
    }
    if (q0 == 1) {
      iq[jz - 1] &= 0x7fffff;
    } else if (q0 == 2) {
      iq[jz - 1] &= 0x3fffff;
    }
    return carry;
  }

  /** How many more chunks of 2/pi are needed: nonzero when the fraction has cancelled to 0. */
  private static int chunksNeeded(int[] iq, double z, int jz) {
    if (z != 0.0) {
      return 0;
    }
    int j = 0;
    for (int i = jz - 1; i >= JK; i--) {
      j |= iq[i];
    }
    if (j != 0) {
      return 0;
    }
    int k = 1;
    while (iq[JK - k] == 0) {
      k++;
    }
    return k;
  }

  /** The fraction's chunks times pi/2, summed into y[0] + y[1]; returns n mod 8. */
  private static int finish(
      int[] iq, double[] q, double[] y, double z, int jz, int q0, int ih, int n) {
    if (z == 0.0) { // drop zero chunks
      jz -= 1;
      q0 -= 24;
      while (iq[jz] == 0) {
        jz--;
        q0 -= 24;
      }
    } else { // z into one or two more chunks
      z = scale(z, -q0);
      if (z >= TWO24) {
        double fw = (int) (TWON24 * z);
        iq[jz] = (int) (z - TWO24 * fw);
        jz += 1;
        q0 += 24;
        iq[jz] = (int) fw;
      } else {
        iq[jz] = (int) z;
      }
    }
    double fw = scale(1.0, q0);
    for (int i = jz; i >= 0; i--) {
      q[i] = fw * iq[i];
      fw *= TWON24;
    }
    double[] fq = new double[20];
    for (int i = jz; i >= 0; i--) {
      fw = 0.0;
      for (int k = 0; k <= JK && k <= jz - i; k++) {
        fw += PIO2[k] * q[i + k];
      }
      fq[jz - i] = fw;
    }
    fw = 0.0;
    for (int i = jz; i >= 0; i--) {
      fw += fq[i];
    }
    y[0] = ih == 0 ? fw : -fw;
    fw = fq[0] - fw;
    for (int i = 1; i <= jz; i++) {
      fw += fq[i];
    }
    y[1] = ih == 0 ? fw : -fw;
    return n & 7;
  }

  /** z 2^k for the moderate k here (exact: no overflow or underflow). */
  private static double scale(double z, int k) {
    return z * Words.twoTo(k);
  }
}
