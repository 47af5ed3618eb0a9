package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;

/** Every parameter type of the kernel ABI. */
public final class Params {
  private Params() {}

  @Kernel(name = "allParams", maxThreadsPerBlock = 128, maxRegisters = 32)
  public static void everyType(
      boolean z,
      byte b,
      short s,
      char c,
      int i,
      long l,
      float f,
      double d,
      int[] out,
      double[] dout) {
    if (threadIdxX() == 0) {
      out[0] = z ? 1 : 0;
      out[1] = b;
      out[2] = s;
      out[3] = c;
      out[4] = i;
      out[5] = (int) l;
      out[6] = (int) f;
      dout[0] = d;
    }
  }

  @Kernel
  public static void narrowArrays(byte[] bytes, short[] shorts, char[] chars, boolean[] flags) {
    int i = threadIdxX();
    if (i < bytes.length) {
      bytes[i] = (byte) (bytes[i] + 1);
      shorts[i] = (short) (shorts[i] * 2);
      chars[i] = (char) (chars[i] + bytes[i]);
      flags[i] = !flags[i];
    }
  }
}
