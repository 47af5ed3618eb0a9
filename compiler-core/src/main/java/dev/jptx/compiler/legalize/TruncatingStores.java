package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * The store type-demotion loop (seed: the STORE case of the type legalizer): a truncating store —
 * an integer value wider than the memory type — takes its value in the register a store of that
 * memory type reads ({@code st.u8} and {@code st.u16} read a 16-bit register, {@code st.u32} a
 * 32-bit one). The value type walks down the legal integer types one step at a time ({@code i64 ->
 * i32 -> i16}), each step a truncation PTX has, until it is that register's.
 */
final class TruncatingStores {
  private TruncatingStores() {}

  /** True if {@code n} is a store whose value is wider than its memory type's register. */
  static boolean needsDemotion(SdNode n, SmTarget target) {
    if (n.opcode() != DagOpcode.STORE || !(n.operand(1).type() instanceof ScalarType v)) {
      return false;
    }
    Type mem = n.attrs().memType();
    return v.isInteger()
        && mem instanceof ScalarType m
        && m.isInteger()
        && v.bits() > LegalTypes.registerType(m, target).bits();
  }

  /** The store with its value demoted; the replacement of its chain. */
  static SdValue demote(SelectionDag dag, SdNode n, SmTarget target) {
    Type reg = LegalTypes.registerType(n.attrs().memType(), target);
    SdValue v = n.operand(1);
    // the legal integer types between the value's and the register's, widest first
    List<Type> down =
        LegalTypes.legalRows().stream()
            .map(LegalTypes.LegalRow::type)
            .filter(t -> t instanceof ScalarType s && s.isInteger() && t.bits() > 1)
            .filter(t -> LegalTypes.isLegal(t, target))
            .distinct()
            .sorted((a, b) -> Integer.compare(b.bits(), a.bits()))
            .toList();
    for (Type t : down) {
      if (t.bits() < v.type().bits() && t.bits() >= reg.bits()) {
        v = dag.node(DagOpcode.TRUNCATE, t, v);
      }
    }
    List<SdValue> ops = new ArrayList<>(n.operands());
    ops.set(1, v);
    return dag.node(DagOpcode.STORE, ops, n.resultTypes(), n.attrs()).value();
  }
}
