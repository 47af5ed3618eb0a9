package dev.jptx.compiler.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.dag.DagBuilder;
import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.DagPrinter;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.target.TypeAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Vector type legalization where IR text cannot reach: the vector rule's rows for every element and
 * SM gate, the nodes only legalization itself makes ({@code concat_vectors}, {@code
 * extract_subvector}), and {@code v4f16} below sm_53, whose {@code f16} lanes go on to PromoteFloat
 * (a stand-in here, recording what it is handed).
 */
class VectorLegalizationTest {
  private static TypeAction action(String type, String sm) {
    return LegalTypes.action(Type.parse(type), SmTargets.get(sm)).action();
  }

  private static String into(String type, String sm) {
    return LegalTypes.action(Type.parse(type), SmTargets.get(sm)).into().text();
  }

  @Test
  void vectorRule_actionsPerLaneCountAndSm() {
    assertEquals(TypeAction.SPLIT_VECTOR, action("v4f32", "sm_90"));
    assertEquals("v2f32", into("v4f32", "sm_90"));
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v2f32", "sm_90"));
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v2f64", "sm_90"));
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v3f32", "sm_75"));
    assertEquals(TypeAction.SPLIT_VECTOR, action("v8i8", "sm_75"));
    assertEquals("v4i8", into("v8i8", "sm_75"));
    assertEquals(TypeAction.WIDEN_VECTOR, action("v3i8", "sm_75"));
    assertEquals("v4i8", into("v3i8", "sm_75"));
    assertEquals("v4i8", into("v2i8", "sm_75"));
    assertEquals("v8i8", into("v6i8", "sm_75"));
    assertEquals("v2f16", into("v4f16", "sm_75"));
    assertEquals("v4f16", into("v3f16", "sm_75"));
    // below sm_53 no packed register: split to two lanes, then scalarize
    assertEquals("v2f16", into("v4f16", "sm_52"));
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v2f16", "sm_52"));
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v2i8", "sm_52"));
    // v2bf16 is a register from sm_80 only
    assertEquals(TypeAction.SCALARIZE_VECTOR, action("v2bf16", "sm_75"));
    assertEquals("v2bf16", into("v4bf16", "sm_80"));
    assertTrue(LegalTypes.isLegal(Type.parse("v2bf16"), SmTargets.get("sm_80")));
    // between blocks an illegal vector travels as its bits if one integer register holds them
    assertEquals(
        ScalarType.I32, LegalTypes.registerType(Type.parse("v2f16"), SmTargets.get("sm_52")));
    assertThrows(
        IllegalStateException.class,
        () -> LegalTypes.registerType(Type.parse("v8f32"), SmTargets.get("sm_75")));
  }

  private static final String TWO_V4F32 =
      """
      kernel @k(ptr.global %0, ptr.global %1) {
      b0:
        %2 = load v4f32 %0
        %3 = load v4f32 %1
        %4 = fadd v4f32 %2, %3
        store v4f32 %4, %0
        ret
      }
      """;

  private static DagFunction dag(String ir, String sm) {
    return DagBuilder.build(IrParser.parseModule("t", ir).functions().get(0), SmTargets.get(sm));
  }

  private static SdNode find(SelectionDag d, DagOpcode op) {
    return d.reachable().stream().filter(n -> n.opcode() == op).findFirst().orElseThrow();
  }

  /**
   * The stored value becomes lanes 2..5 of the concatenation of the two loads: an extract_subvector
   * of a concat_vectors, both split, reduce to the loads' lanes.
   */
  @Test
  void concatAndExtractSubvector_reduceToTheLanes() {
    DagFunction f = dag(TWO_V4F32, "sm_75");
    SelectionDag d = f.blocks().get(0);
    List<SdNode> loads = d.reachable().stream().filter(n -> n.opcode() == DagOpcode.LOAD).toList();
    SdValue cat =
        d.node(
            DagOpcode.CONCAT_VECTORS,
            new VectorType(ScalarType.F32, 8),
            loads.get(0).value(0),
            loads.get(1).value(0));
    SdValue sub =
        d.node(
            DagOpcode.EXTRACT_SUBVECTOR,
            new VectorType(ScalarType.F32, 4),
            cat,
            d.constant(ScalarType.I32, 2));
    d.replaceAllUses(find(d, DagOpcode.FADD).value(), sub);
    TypeLegalizer.run(f, true);
    String out = DagPrinter.print(f);
    SdNode store =
        d.reachable().stream()
            .filter(n -> n.opcode() == DagOpcode.STORE_VECTOR)
            .findFirst()
            .orElseThrow();
    List<SdNode> vloads =
        d.reachable().stream().filter(n -> n.opcode() == DagOpcode.LOAD_VECTOR).toList();
    // lanes 2..5 of the concatenation: the first load's lanes 2 and 3, the second's 0 and 1
    List<SdValue> lanes = store.operands().subList(1, 5);
    assertEquals(
        List.of(
            vloads.get(0).value(2),
            vloads.get(0).value(3),
            vloads.get(1).value(0),
            vloads.get(1).value(1)),
        lanes,
        out);
  }

  /**
   * A stand-in for PromoteFloat that computes each {@code f16} in {@code f32}, as the real handler
   * will: loads extend, arithmetic runs wide, stores narrow. It records what it is given.
   */
  private static final class PromoteFloatStandIn implements TypeActionHandler {
    private final LegalizeContext cx;
    final List<String> seen = new ArrayList<>();

    PromoteFloatStandIn(LegalizeContext cx) {
      this.cx = cx;
    }

    @Override
    public void result(SdNode n, int r) {
      seen.add(n.opcode() + " " + n.resultTypes().get(r).text());
      SdValue wide;
      if (n.opcode() == DagOpcode.LOAD) {
        SdNode ld =
            cx.dag()
                .node(
                    DagOpcode.LOAD,
                    n.operands(),
                    List.of(ScalarType.F32, SelectionDag.CHAIN),
                    n.attrs());
        cx.replace(n, 1, ld.value(1));
        wide = ld.value(0);
      } else {
        wide = cx.dag().node(n.opcode(), ScalarType.F32, get(n.operand(0)), get(n.operand(1)));
      }
      cx.values().record(LegalizedValues.Kind.PROMOTED_FLOATS, n.value(r), List.of(wide));
    }

    @Override
    public void operand(SdNode user, int i) {
      seen.add(user.opcode() + " operand " + user.operand(i).type().text());
      cx.rebuildWithOperand(user, i, get(user.operand(i)));
    }

    private SdValue get(SdValue v) {
      return cx.values().single(LegalizedValues.Kind.PROMOTED_FLOATS, v);
    }
  }

  @Test
  void v4f16BelowSm53_splitsThenScalarizesIntoF16LanesForPromoteFloat() {
    String ir = TWO_V4F32.replace("v4f32", "v4f16");
    DagFunction f = dag(ir, "sm_52");
    List<PromoteFloatStandIn> made = new ArrayList<>();
    TypeLegalizer.run(
        f,
        true,
        Map.of(
            TypeAction.PROMOTE_FLOAT,
            cx -> {
              PromoteFloatStandIn h = new PromoteFloatStandIn(cx);
              made.add(h);
              return h;
            }));
    List<String> seen = made.get(0).seen;
    assertEquals(8, seen.stream().filter(s -> s.equals("LOAD f16")).count(), seen.toString());
    assertEquals(4, seen.stream().filter(s -> s.equals("FADD f16")).count(), seen.toString());
    assertEquals(
        4, seen.stream().filter(s -> s.equals("STORE operand f16")).count(), seen.toString());
    String out = DagPrinter.print(f);
    // the lanes sit 2 bytes apart: 0, 2 (half 0), 4, 4 + 2 (half 1)
    assertTrue(out.contains("load<global f16>"), out);
    assertEquals(4, out.lines().filter(l -> l.contains("f32 = fadd")).count(), out);
    assertTrue(out.contains("; SplitVectors: "), out);
    assertTrue(out.contains("; ScalarizedVectors: "), out);
    assertTrue(out.contains("; PromotedFloats: "), out);
  }
}
