package diag;

import dev.jptx.Kernel;
import java.util.List;

public final class ObjectParameters {
  @Kernel
  public static void string(String s, int[] out) {
    out[0] = 1; //! error: parameter 1 (s) has type java.lang.String; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives
  }

  @Kernel
  public static void boxed(Integer n, List<Integer> list, int[] out) {
    out[0] = 1; //! error: parameter 1 (n) has type java.lang.Integer; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives //! error: parameter 2 (list) has type java.util.List; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives
  }
}
