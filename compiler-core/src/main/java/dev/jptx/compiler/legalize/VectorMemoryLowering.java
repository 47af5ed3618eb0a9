package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The custom type lowering of vector loads and stores that PTX moves in one access ({@code
 * ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1]}), where {@link
 * dev.jptx.compiler.target.OperationActions} has a {@code Custom} row for the vector type: as
 * LLVM's NVPTX turns a {@code LOAD} of {@code v4f32} into {@code NVPTXISD::LoadV4}, a load becomes
 * a {@code LOAD_VECTOR} with one scalar result per lane, and a {@code build_vector} of those stands
 * for the old vector, which splitting and scalarizing then take apart without touching memory
 * again; a store becomes a {@code STORE_VECTOR} of the stored vector's lanes. Type legalization
 * asks this lowering before it splits or scalarizes such a node. The IR guarantees the alignment (a
 * vector access is aligned to the vector's size), so no check is needed here.
 */
final class VectorMemoryLowering {
  private final LegalizeContext cx;
  private final VectorLanes lanes;

  VectorMemoryLowering(LegalizeContext cx) {
    this.cx = cx;
    this.lanes = new VectorLanes(cx);
  }

  /** Replaces the vector {@code LOAD} or {@code STORE} {@code n}. */
  void lower(SdNode n) {
    if (n.opcode() == DagOpcode.LOAD) {
      load(n);
    } else {
      store(n);
    }
  }

  private void load(SdNode n) {
    VectorType t = (VectorType) n.resultTypes().get(0);
    List<Type> results = new ArrayList<>(Collections.nCopies(t.lanes(), t.element()));
    results.add(SelectionDag.CHAIN);
    SdNode ld = cx.dag().node(DagOpcode.LOAD_VECTOR, n.operands(), results, n.attrs());
    List<SdValue> values = new ArrayList<>();
    for (int k = 0; k < t.lanes(); k++) {
      values.add(ld.value(k));
    }
    cx.replace(n, 0, lanes.build(t, values));
    cx.replace(n, 1, ld.value(t.lanes()));
  }

  private void store(SdNode n) {
    List<SdValue> ops = new ArrayList<>();
    ops.add(n.operand(0));
    ops.addAll(lanes.of(n.operand(1)));
    ops.add(n.operand(2));
    SdNode st = cx.dag().node(DagOpcode.STORE_VECTOR, ops, List.of(SelectionDag.CHAIN), n.attrs());
    cx.replace(n, 0, st.value());
  }
}
