package dev.jptx.compiler.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.text.TextParseException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DAGs written by hand, with the types legalization tests need, and the parser's complaints. */
class DagParserTest {
  /** i128 in a register across blocks, vectors in memory and arithmetic, a v2f16 parameter. */
  private static final String WIDE =
      """
      dags kernel @wide(.u64 wide_param_0: ptr.global, .b32 wide_param_1: v2f16) sm_100 fastmath {
        regs %0:b128, %1:b128
      b0:
        t0: ch = entry_token
        t1: i64 = load_param<@wide_param_0>
        t2: i128,ch = load<global i128> t0, t1
        t3: i128 = constant<0x10>
        t4: i128 = add t2, t3
        t5: ch = copy_to_reg<%0> t2:1, t4
        t6: i64 = constant<16>
        t7: i64 = add t1, t6
        t8: v4f32,ch = load<global v4f32 invariant> t5, t7
        t9: v4f32 = fadd<fast> t8, t8
        t10: ch = store<global v4f32> t8:1, t9, t7
        t11: v8i8,ch = load<global v8i8> t10, t1
        t12: v8i8 = add t11, t11
        t13: ch = store<global v8i8> t11:1, t12, t1
        t14: v3i8,ch = load<shared v3i8> t13, t1
        t15: v3i8 = xor t14, t14
        t16: ch = store<shared v3i8> t14:1, t15, t1
        t17: v2f16 = load_param<@wide_param_1>
        t18: v2f16 = fmul<fast> t17, t17
        t19: ch = store<global v2f16> t16, t18, t1
        t20: ch = br<b1> t19
      b1:
        phi %1 = [b0: %0], [b1: %1]
        t0: ch = entry_token
        t1: i128 = copy_from_reg<%1>
        t2: i128 = constant<0x0>
        t3: i1 = setcc<ult> t1, t2, line 12
        t4: ch = brcond<b1, b2> t0, t3, line 12
      b2:
        t0: ch = entry_token
        t1: ch = ret t0
      }
      """;

  @Test
  void parse_wideAndVectorTypes_printsBackUnchanged() {
    List<DagFunction> fs = DagParser.parse(WIDE);
    assertEquals(WIDE, DagPrinter.print(fs.get(0)));
    List<SdNode> b0 = fs.get(0).blocks().get(0).reachable();
    assertEquals(List.of(ScalarType.I128, SelectionDag.CHAIN), b0.get(2).resultTypes());
    assertEquals(new VectorType(ScalarType.F32, 4), b0.get(9).resultTypes().get(0));
    assertEquals(new VectorType(ScalarType.I8, 8), b0.get(12).resultTypes().get(0));
    assertEquals(new VectorType(ScalarType.I8, 3), b0.get(15).resultTypes().get(0));
    assertEquals(new VectorType(ScalarType.F16, 2), b0.get(17).resultTypes().get(0));
    assertEquals(b0.get(2).value(1), b0.get(5).operand(0));
  }

  @Test
  void parse_header_keepsKindParamsTargetRegistersAndAttributes() {
    DagFunction f = DagParser.parse(WIDE).get(0);
    assertEquals("wide", f.name());
    assertEquals(true, f.isEntry());
    assertEquals(SmTargets.get("sm_100"), f.target());
    assertEquals(true, f.attributes().fastMath());
    assertEquals(new ParamSlot("wide_param_1", ".b32", Type.parse("v2f16")), f.params().get(1));
    assertEquals(2, f.registers().size());
    assertEquals(new PhiCopy(1, List.of(0, 1), List.of(0, 1)), f.phis(1).get(0));
    SdNode load = f.blocks().get(0).reachable().get(1);
    assertEquals(NodeAttrs.loadParam(0, f.params().get(0)), load.attrs());
  }

  @Test
  void parse_anyNodeNumbers_printsThemInScheduleOrder() {
    String text =
        """
        dags func i32 @f(.b32 f_param_0: i32) sm_80 {
        b0:
          t7: ch = entry_token
          t3: i32 = load_param<@f_param_0>
          t42: i32 = shl t3, t3, line 5
          t9: ch = ret t7, t42, line 6
        }
        """;
    assertEquals(
        """
        dags func i32 @f(.b32 f_param_0: i32) sm_80 {
        b0:
          t0: ch = entry_token
          t1: i32 = load_param<@f_param_0>
          t2: i32 = shl t1, t1, line 5
          t3: ch = ret t0, t2, line 6
        }
        """,
        DagPrinter.print(DagParser.parse(text).get(0)));
  }

  @Test
  void parse_setccPredicate_unorderedForFloatsUnsignedForIntegers() {
    String text =
        """
        dags func i1 @f(.f32 f_param_0: f32, .b32 f_param_1: i32) sm_90 {
        b0:
          t0: ch = entry_token
          t1: f32 = load_param<@f_param_0>
          t2: i1 = setcc<ult> t1, t1
          t3: i32 = load_param<@f_param_1>
          t4: i1 = setcc<ult> t3, t3
          t5: i1 = xor t2, t4
          t6: ch = ret t0, t5
        }
        """;
    List<SdNode> nodes = DagParser.parse(text).get(0).blocks().get(0).reachable();
    assertEquals(CmpPredicate.FULT, nodes.get(2).attrs().predicate());
    assertEquals(CmpPredicate.ULT, nodes.get(4).attrs().predicate());
  }

  @Test
  void parse_givenTarget_replacesTheHeaders() {
    String text = WIDE.replace(" sm_100", "");
    assertEquals(
        SmTargets.get("sm_75"), DagParser.parse(text, SmTargets.get("sm_75")).get(0).target());
    assertEquals(
        SmTargets.get("sm_75"), DagParser.parse(WIDE, SmTargets.get("sm_75")).get(0).target());
  }

  @Test
  void parse_dumpHeadersAndComments_areSkipped() {
    String text = "// *** after dag: X [sm_90] ***\n; a comment\n\n" + WIDE;
    assertEquals(WIDE, DagPrinter.print(DagParser.parse(text).get(0)));
  }

  private static final String SMALL =
      """
      dags kernel @k(.u32 k_param_0: i32) sm_90 {
        regs %0:b32
      b0:
        t0: ch = entry_token
        t1: i32 = load_param<@k_param_0>
        t2: ch = copy_to_reg<%0> t0, t1
        t3: ch = ret t2
      }
      """;

  private static void assertError(String from, String to, String message) {
    String text = SMALL.replace(from, to);
    TextParseException e = assertThrows(TextParseException.class, () -> DagParser.parse(text));
    assertEquals(message, e.getMessage());
  }

  @Test
  void parse_operandNotYetDefined_fails() {
    assertError(
        "<%0> t0, t1",
        "<%0> t0, t9",
        "line 6, column 32: 't9' is not a node defined on an earlier line of block b0");
  }

  @Test
  void parse_missingResult_fails() {
    assertError("<%0> t0, t1", "<%0> t0, t1:1", "line 6, column 35: t1 has no result 1");
  }

  @Test
  void parse_unknownOpcode_fails() {
    assertError("ch = ret", "ch = return", "line 7, column 12: unknown DAG opcode 'return'");
  }

  @Test
  void parse_badType_fails() {
    assertError("t1: i32 =", "t1: v1i8 =", "line 5, column 7: expected a type but found 'v1i8'");
  }

  @Test
  void parse_undeclaredRegister_fails() {
    assertError(
        "copy_to_reg<%0>",
        "copy_to_reg<%4>", "line 6, column 24: '%4' is not a register of the 'regs' line");
  }

  @Test
  void parse_unknownParameter_fails() {
    assertError(
        "<@k_param_0>",
        "<@k_param_9>",
        "line 5, column 24: '@k_param_9' is not a parameter of the header");
  }

  @Test
  void parse_unknownAttribute_fails() {
    assertError(
        "copy_to_reg<%0>",
        "copy_to_reg<%0 volatile>", "line 6, column 27: expected '>' but found 'volatile'");
  }

  @Test
  void parse_duplicateNode_fails() {
    assertError("t3: ch = ret", "t1: ch = ret", "line 7, column 3: t1 is defined twice");
  }

  @Test
  void parse_blockWithoutTerminator_fails() {
    assertError(
        "  t3: ch = ret t2\n",
        "",
        "line 3, column 1: block b0 does not end with br, brcond or ret");
  }

  @Test
  void parse_blocksOutOfOrder_fail() {
    assertError("b0:", "b1:", "line 3, column 1: expected the block b0 but found 'b1'");
  }

  @Test
  void parse_noTarget_fails() {
    assertError(
        " sm_90 {",
        " {",
        "line 1, column 37: no target: name one after the parameters, e.g. sm_90");
  }

  @Test
  void parse_unclosedFunction_fails() {
    assertError("}\n", "", "line 1, column 1: @k has no '}'");
  }

  @Test
  void parse_nodeOpcodeAttributesCheckedByOpcode() {
    assertError(
        "t1: i32 = load_param<@k_param_0>",
        "t1: i32 = constant<x>",
        "line 5, column 22: expected a constant of type i32 but found 'x'");
    assertEquals(
        DagOpcode.RET, DagParser.parse(SMALL).get(0).blocks().get(0).root().node().opcode());
  }
}
