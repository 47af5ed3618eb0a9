package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;

/**
 * The negation of an {@code i1} condition, built where the CFG passes need one: a comparison with
 * the inverse predicate when the condition is a comparison (so {@code setp} tests the opposite
 * directly, unordered where the original was ordered), else {@code xor c, true}.
 */
final class Negation {
  private Negation() {}

  /** {@code !c}, inserted before {@code before}. */
  static Value of(Function f, Inst before, Value c, int line) {
    return f.result(f.insertBefore(before, instruction(f, c), ScalarType.I1, line));
  }

  /** The instruction computing {@code !c}, for a caller that places it itself. */
  static InstData instruction(Function f, Value c) {
    InstData d = f.definingInst(c) == null ? null : f.data(f.definingInst(c));
    return d instanceof InstData.Compare cmp
        ? new InstData.Compare(cmp.opcode(), cmp.predicate().inverse(), cmp.lhs(), cmp.rhs())
        : new InstData.Binary(Opcode.XOR, c, f.constant(ScalarType.I1, 1));
  }
}
