package diag;

import dev.jptx.Kernel;
import java.util.ArrayList;

public final class ObjectAllocation {
  @Kernel
  public static void allocates(int[] out) {
    ArrayList<Integer> list = new ArrayList<>(); //! error: object allocation (new java.util.ArrayList) is not supported in kernels
    out[0] = 1;
  }

  @Kernel
  public static void anonymousClass(int[] out) {
    Runnable r = new Runnable() { //! error: object allocation (new diag.ObjectAllocation$1) is not supported in kernels
      @Override
      public void run() {}
    };
    out[0] = 1;
  }
}
