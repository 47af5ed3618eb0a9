package dev.jptx.compiler.testkernels;

/** Device functions in another class than the kernels that call them. */
public final class MathHelpers {
  private MathHelpers() {}

  /** A small table the kernels read through a device function. */
  static final int[] PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};

  public static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  public static long fib(int n) {
    if (n < 2) {
      return n;
    }
    return fib(n - 1) + fib(n - 2);
  }

  public static float sum(float[] a, int from, int to) {
    float s = 0f;
    for (int i = from; i < to; i++) {
      s += a[i];
    }
    return s;
  }

  public static void scale(double[] a, double f) {
    for (int i = 0; i < a.length; i++) {
      a[i] *= f;
    }
  }

  public static int prime(int k) {
    return PRIMES[k % PRIMES.length];
  }

  public static byte narrow(int v) {
    return (byte) v;
  }

  public static char toChar(int v) {
    return (char) v;
  }

  public static boolean isEven(long v) {
    return (v & 1) == 0;
  }
}
