package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.List;
import java.util.function.Predicate;

/**
 * A pattern over the legal DAG: an operation with a result type and operand patterns, or a leaf
 * that binds a value by name, as a register, an immediate, or either. A null type matches any.
 */
public sealed interface Pat {
  /**
   * An operation node; {@code attrs} must accept its attributes. An inner node is folded only if
   * the match's root is its one user, unless {@code shared}: then other users may keep it, because
   * the instruction that folds it recomputes it for free (a {@code mul.wide} folds the {@code cvt}
   * that widens its index, which other addresses may widen too). Not for the {@code mul.wide} of an
   * index under a {@code mad.wide}: one {@code mad.wide} per array is fewer PTX instructions than
   * one {@code mul.wide} and an {@code add} per array (nvcc's form), but {@code ptxas} makes more
   * SASS of it: 20 instructions against 16 for {@code y[i] = x[i]} on sm_90, and the benchmark
   * suite's sassNP geomean drops from 0.86 to 0.81 of nvcc's without the sharing.
   */
  record Op(DagOpcode op, Type type, Predicate<NodeAttrs> attrs, List<Pat> operands, boolean shared)
      implements Pat {
    /** Copies the operand list. */
    public Op {
      operands = List.copyOf(operands);
    }

    /** This pattern, foldable though the node has other users. */
    Op sharedToo() {
      return new Op(op, type, attrs, operands, true);
    }
  }

  /** Any value of {@code type}, selected on its own and read from its register. */
  record Reg(String name, Type type) implements Pat {}

  /** A constant of {@code type} whose bits {@code accepts} takes, folded as an immediate. */
  record Imm(String name, Type type, java.util.function.LongPredicate accepts) implements Pat {}

  /** A constant folded as an immediate, or else any value in a register. */
  record RegOrImm(String name, Type type) implements Pat {}

  /** An operation of any attributes. */
  static Op op(DagOpcode op, Type type, Pat... operands) {
    return new Op(op, type, a -> true, List.of(operands), false);
  }

  /** An operation whose attributes satisfy {@code attrs}. */
  static Op op(DagOpcode op, Type type, Predicate<NodeAttrs> attrs, Pat... operands) {
    return new Op(op, type, attrs, List.of(operands), false);
  }

  /** A register leaf. */
  static Reg reg(String name, Type type) {
    return new Reg(name, type);
  }

  /** An immediate leaf. */
  static Imm imm(String name, Type type) {
    return new Imm(name, type, v -> true);
  }

  /** An immediate leaf whose value fits a signed 32-bit operand. */
  static Imm imm32(String name, Type type) {
    return new Imm(name, type, v -> v == (int) v);
  }

  /** An immediate leaf of exactly the value {@code value}. */
  static Imm immEq(String name, Type type, long value) {
    long mask = type.bits() >= 64 ? -1L : (1L << type.bits()) - 1;
    return new Imm(name, type, v -> (v & mask) == (value & mask));
  }

  /** A register-or-immediate leaf. */
  static RegOrImm ri(String name, Type type) {
    return new RegOrImm(name, type);
  }
}
