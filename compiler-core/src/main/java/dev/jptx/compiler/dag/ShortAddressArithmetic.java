package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * The byte offset of a {@code ptradd} on a 32-bit address ({@code .shared}, {@link
 * dev.jptx.compiler.target.AddressWidths}), built in 32 bits: the IR computes offsets in i64
 * ({@code mul i64 (sext i32 %i to i64), 4}), and the address is their sum modulo 2^32. Since the
 * low 32 bits of a sum, difference, product or left shift depend only on the low 32 bits of the
 * operands, the truncation moves down through them to the extensions of 32-bit values, which it
 * cancels, and to constants; anything else is truncated where it is. So {@code a[i]} on a shared
 * array is {@code shl.b32} and {@code add.s32}, as nvcc writes it, not {@code mul.wide.s32}.
 */
final class ShortAddressArithmetic {
  private ShortAddressArithmetic() {}

  /** {@code v} (an i64 offset) modulo 2^32, as an i32 value of {@code dag}. */
  static SdValue low32(SelectionDag dag, SdValue v) {
    if (v.type() == ScalarType.I32) {
      return v;
    }
    SdNode n = v.node();
    switch (n.opcode()) {
      case CONSTANT:
        return dag.constant(ScalarType.I32, (int) n.attrs().bits());
      case SIGN_EXTEND:
      case ZERO_EXTEND:
      case ANY_EXTEND:
        if (n.operand(0).type() == ScalarType.I32) {
          return n.operand(0);
        }
        break;
      case ADD:
      case SUB:
      case MUL:
        return dag.node(
            n.opcode(), ScalarType.I32, low32(dag, n.operand(0)), low32(dag, n.operand(1)));
      case SHL:
        // a constant shift below 32 keeps its meaning on the low half; others are truncated whole
        if (n.operand(1).node().opcode() == DagOpcode.CONSTANT
            && n.operand(1).node().attrs().bits() >= 0
            && n.operand(1).node().attrs().bits() < 32) {
          return dag.node(
              DagOpcode.SHL,
              ScalarType.I32,
              low32(dag, n.operand(0)),
              dag.constant(ScalarType.I32, n.operand(1).node().attrs().bits()));
        }
        break;
      default:
        break;
    }
    return dag.node(DagOpcode.TRUNCATE, ScalarType.I32, v);
  }
}
