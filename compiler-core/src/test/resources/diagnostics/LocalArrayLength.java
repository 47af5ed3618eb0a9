package diag;

import dev.jptx.Kernel;

public final class LocalArrayLength {
  @Kernel
  public static void variableLength(int n, float[] out) {
    float[] scratch = new float[n]; //! error: the length of a local array (new float[...]) must be a compile-time constant
    out[0] = 1;
  }
}
