package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;

/**
 * Which instructions compute a value from their operands alone, so that two with equal operands
 * give equal results wherever they run (value numbering) and one may run earlier than written
 * (hoisting). Memory operations, atomics, calls, allocas, phis, terminators and non-{@code PURE}
 * intrinsics are not pure: a load's result depends on stores between, an {@code alloca} is a new
 * object each time, and a {@code CONVERGENT} warp operation depends on which threads run it
 * together, which differs between two places in the program.
 */
final class PureOps {
  private PureOps() {}

  /** True if the result depends only on the operands and the instruction has no effect. */
  static boolean isPure(InstData d) {
    return switch (d.opcode()) {
      case ADD, SUB, MUL, SDIV, SREM, UDIV, UREM, AND, OR, XOR, SHL, LSHR, ASHR -> true;
      case FADD, FSUB, FMUL, FDIV, FREM, NEG, FNEG, ICMP, FCMP -> true;
      case TRUNC, ZEXT, SEXT, FPTRUNC, FPEXT, SITOFP, FPTOSI, BITCAST, ADDRSPACECAST -> true;
      case SELECT, PTRADD, GLOBALADDR, EXTRACTELEMENT, BUILDVECTOR -> true;
      case INTRINSIC -> ((InstData.IntrinsicCall) d).intrinsic().effect() == Intrinsic.Effect.PURE;
      default -> false;
    };
  }

  /**
   * True if the instruction is pure and may also run where the program would not have run it: it
   * never traps and has no undefined case. Integer division and remainder are excluded (a zero
   * divisor, which the loop's own guard may rule out, is undefined on the GPU).
   */
  static boolean isSpeculatable(InstData d) {
    return isPure(d)
        && switch (d.opcode()) {
          case SDIV, SREM, UDIV, UREM -> false;
          default -> true;
        };
  }
}
