package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;

public final class PrintfArguments {
  @Kernel
  public static void longWithoutL(long[] a) {
    Gpu.printf("%d\n", a[0]); //! error: printf conversion %d does not fit argument 1 of type long (use %ld)
  }

  @Kernel
  public static void tooFew(int[] a) {
    Gpu.printf("%d %d\n", a[0]); //! error: printf format has more conversions than arguments (1)
  }

  @Kernel
  public static void tooMany(int[] a) {
    Gpu.printf("%d\n", a[0], a[1]); //! error: printf format has fewer conversions (1) than arguments (2)
  }

  @Kernel
  public static void stringConversion(int[] a) {
    Gpu.printf("%s\n", a[0]); //! error: printf conversion %s is not supported (use d i u x X o c f e g a)
  }

  @Kernel
  public static void arrayArgument(int[] a) {
    Object[] args = {a[0]}; //! error: arrays of objects are not supported in kernels
    Gpu.printf("%d\n", args); //! error: the arguments of Gpu.printf must be listed in the call
  }
}
