package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.frontend.translate.TranslationUnit;
import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import java.util.Map;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The device library's calls of {@code HardwareApprox}: each method is one PTX approximation, so
 * the call becomes that instruction and the method's Java body (the simulator's model of it) never
 * reaches the device.
 */
final class HardwareApproxCalls {
  private static final String OWNER = TranslationUnit.LIBDEVICE + "HardwareApprox";

  /** Method name to its instruction; every method takes and returns one {@code float}. */
  private static final Map<String, Intrinsic> METHODS =
      Map.of(
          "ex2", Intrinsic.EX2_APPROX,
          "ex2Ftz", Intrinsic.EX2_APPROX_FTZ,
          "lg2", Intrinsic.LG2_APPROX,
          "rcpFtz", Intrinsic.RCP_APPROX_FTZ,
          "rsqrt", Intrinsic.RSQRT_APPROX,
          "rsqrtFtz", Intrinsic.RSQRT_APPROX_FTZ);

  private HardwareApproxCalls() {}

  static boolean translate(TranslationContext cx, MethodInsnNode m) {
    Intrinsic in = m.owner.equals(OWNER) && m.desc.equals("(F)F") ? METHODS.get(m.name) : null;
    if (in == null) {
      return false;
    }
    var x = cx.popScalar(ScalarType.F32);
    cx.push(Builder.atEnd(cx.f, cx.block(), cx.line()).intrinsic(in, ScalarType.F32, x));
    return true;
  }
}
