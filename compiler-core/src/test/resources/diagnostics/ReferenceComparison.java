package diag;

import dev.jptx.Kernel;

public final class ReferenceComparison {
  @Kernel
  public static void sameArray(int[] a, int[] b) {
    if (a == b) { //! error: comparing references (== and != on arrays) is not supported in kernels
      a[0] = 1;
    }
  }
}
