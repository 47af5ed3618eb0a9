package diag;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;

public final class GpuMathCalls {
  @Kernel
  public static void sine(float[] a) {
    a[0] = GpuMath.sin(a[0]); //! error: GpuMath.sin is not supported by the compiler yet
  }
}
