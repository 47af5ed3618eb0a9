package diag;

import dev.jptx.Kernel;

public final class InvalidEntryName {
  @Kernel(name = "1st")
  public static void startsWithDigit(int[] out) {
    out[0] = 1; //! error: entry name '1st' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit, not a name PTX predefines such as WARP_SZ); give the kernel another name with @Kernel(name = "...")
  }

  @Kernel(name = "vec-add")
  public static void hasDash(int[] out) {
    out[0] = 1; //! error: entry name 'vec-add' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit, not a name PTX predefines such as WARP_SZ); give the kernel another name with @Kernel(name = "...")
  }

  // a name PTX predefines: ptxas would stop with a syntax error
  @Kernel
  public static void WARP_SZ(int[] out) {
    out[0] = 1; //! error: entry name 'WARP_SZ' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit, not a name PTX predefines such as WARP_SZ); give the kernel another name with @Kernel(name = "...")
  }

  // legal Java, but PTX identifiers are ASCII; the message escapes the name as kernels.list does
  @Kernel
  public static void größe(int[] out) {
    out[0] = 1; //! error: entry name 'gr\u00f6\u00dfe' is not a valid PTX identifier (ASCII letters, digits, '_' and '$', not starting with a digit, not a name PTX predefines such as WARP_SZ); give the kernel another name with @Kernel(name = "...")
  }
}
