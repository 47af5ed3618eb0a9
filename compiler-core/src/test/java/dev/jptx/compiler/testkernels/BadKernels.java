package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import java.util.ArrayList;
import java.util.List;

/** Kernels the compiler must reject, each with a clear error naming the line. */
public final class BadKernels {
  private static int counter;
  private int field;

  private BadKernels() {}

  @Kernel
  public static void allocates(int[] out) {
    List<Integer> list = new ArrayList<>();
    list.add(globalIdX());
    out[0] = list.size();
  }

  @Kernel
  public static void readsStaticField(int[] out) {
    out[0] = counter;
  }

  @Kernel
  public void instanceKernel(int[] out) {
    out[0] = field;
  }

  @Kernel(maxThreadsPerBlock = 2048, maxRegisters = 300)
  public static void badBounds(int[] out) {
    out[0] = 1;
  }

  @Kernel(minBlocksPerMultiprocessor = 2)
  public static void minBlocksAlone(int[] out) {
    out[0] = 1;
  }

  @Kernel(name = "vecAdd")
  public static void first(int[] out) {
    out[0] = 1;
  }

  @Kernel(name = "vecAdd")
  public static void second(int[] out) {
    out[0] = 2;
  }

  @Kernel
  public static void objectParameter(String s, int[] out) {
    out[0] = 1;
  }

  @Kernel
  public static void throwsException(int[] out) {
    if (out.length == 0) {
      throw new IllegalStateException("empty");
    }
    out[0] = 1;
  }

  @Kernel
  public static void synchronizes(int[] out) {
    synchronized (BadKernels.class) {
      out[0] = 1;
    }
  }

  @Kernel
  public static void concatenates(int[] out) {
    String s = "x" + out.length;
    out[0] = s.length();
  }
}
