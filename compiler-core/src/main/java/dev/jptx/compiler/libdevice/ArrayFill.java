package dev.jptx.compiler.libdevice;

/**
 * {@code java.util.Arrays.fill} on primitive arrays: a loop over the whole array or over {@code
 * [from, to)}. A bad range is undefined like a bad index; under {@code checks} the caller's line
 * checks it first.
 */
public final class ArrayFill {
  private ArrayFill() {}

  /** {@code Arrays.fill(boolean[], boolean)}. */
  public static void fill(boolean[] a, boolean v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(boolean[], int, int, boolean)}. */
  public static void fill(boolean[] a, int from, int to, boolean v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(byte[], byte)}. */
  public static void fill(byte[] a, byte v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(byte[], int, int, byte)}. */
  public static void fill(byte[] a, int from, int to, byte v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(short[], short)}. */
  public static void fill(short[] a, short v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(short[], int, int, short)}. */
  public static void fill(short[] a, int from, int to, short v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(char[], char)}. */
  public static void fill(char[] a, char v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(char[], int, int, char)}. */
  public static void fill(char[] a, int from, int to, char v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(int[], int)}. */
  public static void fill(int[] a, int v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(int[], int, int, int)}. */
  public static void fill(int[] a, int from, int to, int v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(long[], long)}. */
  public static void fill(long[] a, long v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(long[], int, int, long)}. */
  public static void fill(long[] a, int from, int to, long v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(float[], float)}. */
  public static void fill(float[] a, float v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(float[], int, int, float)}. */
  public static void fill(float[] a, int from, int to, float v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }

  /** {@code Arrays.fill(double[], double)}. */
  public static void fill(double[] a, double v) {
    fill(a, 0, a.length, v);
  }

  /** {@code Arrays.fill(double[], int, int, double)}. */
  public static void fill(double[] a, int from, int to, double v) {
    for (int i = from; i < to; i++) {
      a[i] = v;
    }
  }
}
