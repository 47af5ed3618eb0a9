package diag;

import dev.jptx.Kernel;
import java.util.Arrays;

public final class JdkMethods {
  @Kernel
  public static void sorts(int[] out) {
    Arrays.sort(out); //! error: JDK method java.util.Arrays.sort is not supported in kernels
  }

  @Kernel
  public static void times(long[] out) {
    out[0] = System.nanoTime(); //! error: JDK method java.lang.System.nanoTime is not supported in kernels
  }

  @Kernel
  public static void sleeps(int[] out) throws InterruptedException {
    Thread.sleep(1); //! error: JDK method java.lang.Thread.sleep is not supported in kernels
  }

  @Kernel
  public static void formats(int[] out) {
    out[0] = String.valueOf(out[1]).length(); //! error: JDK method java.lang.String.valueOf is not supported in kernels
  }
}
