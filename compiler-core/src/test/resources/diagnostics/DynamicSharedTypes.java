package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;

public final class DynamicSharedTypes {
  @Kernel
  public static void twoTypes(float[] out) {
    float[] f = Gpu.dynamicSharedFloats();
    int[] n = Gpu.dynamicSharedInts(); //! error: dynamic shared memory is used as int[] here and as float[] elsewhere in this kernel: a kernel uses it with one element type only
    out[0] = f[0] + n[0];
  }

  @Kernel
  public static void throughDeviceFunction(double[] out) {
    double[] d = Gpu.dynamicSharedDoubles();
    out[0] = d[0] + firstInt();
  }

  static int firstInt() {
    return Gpu.dynamicSharedInts()[0]; //! error: in device function diag.DynamicSharedTypes.firstInt: dynamic shared memory is used as int[] here and as double[] elsewhere in this kernel: a kernel uses it with one element type only
  }
}
