package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;

public final class PrintfFormat {
  @Kernel
  public static void formatInLocal(int[] out) {
    String format = "%d\n"; //! error: strings are not supported in kernels (only as the format literal of Gpu.printf)
    Gpu.printf(format, out[0]); //! error: the format of Gpu.printf must be a string literal
  }

  @Kernel
  public static void chosenFormat(int[] out) {
    Gpu.printf(out[0] > 0 ? "positive\n" : "negative\n"); //! error: the format of Gpu.printf must be a string literal
  }
}
