package dev.jptx.compiler.libdevice;

/**
 * Java's {@code %} on {@code float} and {@code double} ({@code fmod}: the exact {@code x - q * y}
 * with {@code q} the truncated quotient), which PTX lacks. The result is exact, so the algorithm is
 * the schoolbook one on significands: shift-and-subtract over the exponent difference, then
 * renormalize. NaN for a NaN operand, an infinite {@code x} or a zero {@code y}; {@code x} itself
 * when {@code |x| < |y|}; zeros keep the sign of {@code x}.
 */
public final class Remainder {
  private static final long D_SIGN = 0x8000000000000000L;
  private static final long D_EXP = 0x7FF0000000000000L;
  private static final long D_MANT = 0x000FFFFFFFFFFFFFL;
  private static final long D_ONE = 0x0010000000000000L;
  private static final int F_SIGN = 0x80000000;
  private static final int F_EXP = 0x7F800000;
  private static final int F_MANT = 0x007FFFFF;
  private static final int F_ONE = 0x00800000;

  private Remainder() {}

  /** {@code x % y} for doubles. */
  public static double drem(double x, double y) {
    long bx = Double.doubleToRawLongBits(x);
    long sign = bx & D_SIGN;
    long ax = bx & ~D_SIGN;
    long ay = Double.doubleToRawLongBits(y) & ~D_SIGN;
    if (ay == 0 || ax >= D_EXP || ay > D_EXP) {
      return (x * y) / (x * y);
    }
    if (ax < ay) {
      return x;
    }
    if (ax == ay) {
      return x * 0.0;
    }
    int ex = (int) (ax >>> 52);
    int ey = (int) (ay >>> 52);
    long mx = ax & D_MANT;
    long my = ay & D_MANT;
    if (ex == 0) {
      ex = 1;
      while (mx < D_ONE) {
        mx <<= 1;
        ex--;
      }
    } else {
      mx |= D_ONE;
    }
    if (ey == 0) {
      ey = 1;
      while (my < D_ONE) {
        my <<= 1;
        ey--;
      }
    } else {
      my |= D_ONE;
    }
    while (ex > ey) {
      long d = mx - my;
      if (d >= 0) {
        if (d == 0) {
          return x * 0.0;
        }
        mx = d;
      }
      mx <<= 1;
      ex--;
    }
    long d = mx - my;
    if (d >= 0) {
      if (d == 0) {
        return x * 0.0;
      }
      mx = d;
    }
    while (mx < D_ONE) {
      mx <<= 1;
      ex--;
    }
    long r = ex > 0 ? ((long) ex << 52) | (mx & D_MANT) : mx >>> (1 - ex);
    return Double.longBitsToDouble(r | sign);
  }

  /** {@code x % y} for floats. */
  public static float frem(float x, float y) {
    int bx = Float.floatToRawIntBits(x);
    int sign = bx & F_SIGN;
    int ax = bx & ~F_SIGN;
    int ay = Float.floatToRawIntBits(y) & ~F_SIGN;
    if (ay == 0 || ax >= F_EXP || ay > F_EXP) {
      return (x * y) / (x * y);
    }
    if (ax < ay) {
      return x;
    }
    if (ax == ay) {
      return x * 0.0f;
    }
    int ex = ax >>> 23;
    int ey = ay >>> 23;
    int mx = ax & F_MANT;
    int my = ay & F_MANT;
    if (ex == 0) {
      ex = 1;
      while (mx < F_ONE) {
        mx <<= 1;
        ex--;
      }
    } else {
      mx |= F_ONE;
    }
    if (ey == 0) {
      ey = 1;
      while (my < F_ONE) {
        my <<= 1;
        ey--;
      }
    } else {
      my |= F_ONE;
    }
    while (ex > ey) {
      int d = mx - my;
      if (d >= 0) {
        if (d == 0) {
          return x * 0.0f;
        }
        mx = d;
      }
      mx <<= 1;
      ex--;
    }
    int d = mx - my;
    if (d >= 0) {
      if (d == 0) {
        return x * 0.0f;
      }
      mx = d;
    }
    while (mx < F_ONE) {
      mx <<= 1;
      ex--;
    }
    int r = ex > 0 ? (ex << 23) | (mx & F_MANT) : mx >>> (1 - ex);
    return Float.intBitsToFloat(r | sign);
  }

  /**
   * {@code Math.IEEEremainder}: {@code x - n * y} with {@code n} the integer nearest {@code x / y}
   * (the even one on a tie), exact. After {@code x % 2|y|}, which keeps {@code n}'s parity, at most
   * two subtractions of {@code |y|} remain; each is exact (Sterbenz). A zero takes the sign of
   * {@code x}.
   */
  public static double ieeeRemainder(double x, double y) {
    if (x != x || y != y || Math.abs(x) == Double.POSITIVE_INFINITY || y == 0.0) {
      return (x * y) / (x * y);
    }
    double ay = Math.abs(y);
    if (ay == Double.POSITIVE_INFINITY) {
      return x;
    }
    double ax = Math.abs(ay <= Double.MAX_VALUE / 2 ? drem(x, ay + ay) : x);
    if (ay < 0x1p-1021) {
      // half of a tiny |y| may be inexact: compare twice the remainder instead
      if (ax + ax > ay) {
        ax -= ay;
        if (ax + ax >= ay) {
          ax -= ay;
        }
      }
    } else {
      double half = 0.5 * ay;
      if (ax > half) {
        ax -= ay;
        if (ax >= half) {
          ax -= ay;
        }
      }
    }
    long sign = Double.doubleToRawLongBits(x) & D_SIGN;
    return Double.longBitsToDouble(Double.doubleToRawLongBits(ax) ^ sign);
  }
}
