package diag;

import dev.jptx.Kernel;
import java.util.function.IntUnaryOperator;

public final class MethodReferences {
  @Kernel
  public static void methodReference(int[] out) {
    IntUnaryOperator f = Math::abs; //! error: method references (java.lang.Math::abs) are not supported in kernels
    out[0] = f.applyAsInt(out[0]); //! error: interface call (java.util.function.IntUnaryOperator.applyAsInt) is not supported in kernels
  }
}
