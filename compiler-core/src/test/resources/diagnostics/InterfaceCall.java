package diag;

import dev.jptx.Kernel;
import java.util.List;

public final class InterfaceCall {
  @Kernel
  public static void callsSize(int[] out) {
    List<Integer> list = List.of(); //! error: JDK method java.util.List.of is not supported in kernels
    out[0] = list.size(); //! error: interface call (java.util.List.size) is not supported in kernels
  }
}
