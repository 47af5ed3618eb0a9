package diag;

import dev.jptx.Kernel;

public final class InvalidEntryName {
  @Kernel(name = "1st")
  public static void startsWithDigit(int[] out) {
    out[0] = 1; //! error: entry name '1st' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit)
  }

  @Kernel(name = "vec-add")
  public static void hasDash(int[] out) {
    out[0] = 1; //! error: entry name 'vec-add' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit)
  }
}
