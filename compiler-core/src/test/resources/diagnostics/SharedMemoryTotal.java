package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;

public final class SharedMemoryTotal {
  @Kernel
  public static void twoArrays(float[] out) {
    float[] a = Gpu.sharedFloats(8192);
    float[] b = Gpu.sharedFloats(8192); //! error: Gpu.sharedFloats(8192) here brings the static shared memory of this kernel to 65536 bytes, more than the 49152 bytes a block may declare
    out[0] = a[0] + b[0];
  }

  @Kernel
  public static void exactlyTheLimit(float[] out) {
    float[] a = Gpu.sharedFloats(6144);
    float[] b = Gpu.sharedFloats(6143); // with tile(), called twice but one array: 49152 bytes
    out[0] = a[0] + b[0] + tile() + tile();
  }

  @Kernel
  public static void throughDeviceFunction(double[] out) {
    double[] d = Gpu.sharedDoubles(4096);
    out[0] = d[0] + bigTile();
  }

  static float tile() {
    return Gpu.sharedFloats(0)[0];
  }

  static float bigTile() {
    float[] t = Gpu.sharedFloats(4097); //! error: in device function diag.SharedMemoryTotal.bigTile: Gpu.sharedFloats(4097) here brings the static shared memory of this kernel to 49156 bytes, more than the 49152 bytes a block may declare
    return t[0];
  }
}
