package diag;

import dev.jptx.Kernel;

public final class DuplicateEntryNames {
  @Kernel(name = "vecAdd")
  public static void first(int[] out) {
    out[0] = 1;
  }

  @Kernel(name = "vecAdd")
  public static void second(int[] out) {
    out[0] = 2; //! error: PTX entry name 'vecAdd' is already used by kernel diag.DuplicateEntryNames.first; give one of them another @Kernel(name)
  }

  @Kernel
  public static void overloaded(int[] out) {
    out[0] = 3;
  }

  @Kernel
  public static void overloaded(float[] out) {
    out[0] = 4; //! error: PTX entry name 'overloaded' is already used by kernel diag.DuplicateEntryNames.overloaded; give one of them another @Kernel(name)
  }
}
