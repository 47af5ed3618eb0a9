package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;

public final class SharedArrayLength {
  @Kernel
  public static void variableLength(int n, float[] out) {
    float[] tile = Gpu.sharedFloats(n); //! error: the length of Gpu.sharedFloats must be a compile-time constant
    tile[0] = 1;
    out[0] = tile[0];
  }

  @Kernel
  public static void negativeLength(int[] out) {
    int[] s = Gpu.sharedInts(-4); //! error: the length of Gpu.sharedInts must not be negative (it is -4)
    out[0] = s.length;
  }

  @Kernel
  public static void tooLarge(double[] out) {
    double[] s = Gpu.sharedDoubles(8192); //! error: the length of Gpu.sharedDoubles is 8192 (65536 bytes), more than the 49152 bytes of static shared memory a block may declare
    out[0] = s[0];
  }
}
