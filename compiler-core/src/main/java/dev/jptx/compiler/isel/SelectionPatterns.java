package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I1;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;
import static dev.jptx.compiler.isel.Pat.imm32;
import static dev.jptx.compiler.isel.Pat.immEq;
import static dev.jptx.compiler.isel.Pat.op;
import static dev.jptx.compiler.isel.Pat.reg;
import static dev.jptx.compiler.isel.Pat.ri;
import static dev.jptx.compiler.target.DagOpcode.ADD;
import static dev.jptx.compiler.target.DagOpcode.AND;
import static dev.jptx.compiler.target.DagOpcode.BITREVERSE;
import static dev.jptx.compiler.target.DagOpcode.BSWAP;
import static dev.jptx.compiler.target.DagOpcode.BUILD_PAIR;
import static dev.jptx.compiler.target.DagOpcode.CTLZ;
import static dev.jptx.compiler.target.DagOpcode.CTPOP;
import static dev.jptx.compiler.target.DagOpcode.FADD;
import static dev.jptx.compiler.target.DagOpcode.FDIV;
import static dev.jptx.compiler.target.DagOpcode.FMA;
import static dev.jptx.compiler.target.DagOpcode.FMAXNUM;
import static dev.jptx.compiler.target.DagOpcode.FMINNUM;
import static dev.jptx.compiler.target.DagOpcode.FMUL;
import static dev.jptx.compiler.target.DagOpcode.FNEG;
import static dev.jptx.compiler.target.DagOpcode.FSUB;
import static dev.jptx.compiler.target.DagOpcode.MUL;
import static dev.jptx.compiler.target.DagOpcode.MULHU;
import static dev.jptx.compiler.target.DagOpcode.NEG;
import static dev.jptx.compiler.target.DagOpcode.OR;
import static dev.jptx.compiler.target.DagOpcode.PTX_SDIV;
import static dev.jptx.compiler.target.DagOpcode.PTX_SHL;
import static dev.jptx.compiler.target.DagOpcode.PTX_SRA;
import static dev.jptx.compiler.target.DagOpcode.PTX_SREM;
import static dev.jptx.compiler.target.DagOpcode.PTX_SRL;
import static dev.jptx.compiler.target.DagOpcode.ROTL;
import static dev.jptx.compiler.target.DagOpcode.ROTR;
import static dev.jptx.compiler.target.DagOpcode.SELECT;
import static dev.jptx.compiler.target.DagOpcode.SIGN_EXTEND;
import static dev.jptx.compiler.target.DagOpcode.SUB;
import static dev.jptx.compiler.target.DagOpcode.UDIV;
import static dev.jptx.compiler.target.DagOpcode.UREM;
import static dev.jptx.compiler.target.DagOpcode.XOR;
import static dev.jptx.compiler.target.DagOpcode.ZERO_EXTEND;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.CompareOpcodes;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.FloatOpcodes;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MathOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The selection rules for arithmetic, logic and selects, most specific first: the fused forms
 * ({@code mad.lo}, {@code mad.wide}, {@code mul.wide} for index arithmetic, {@code fma} under fast
 * math) come before the plain operations they contain. Loads, stores, comparisons, conversions,
 * copies and branches have named selectors ({@link BlockSelector}).
 */
public final class SelectionPatterns {
  private static final Predicate<NodeAttrs> FAST = NodeAttrs::fastMath;
  private static final Predicate<NodeAttrs> STRICT = a -> !a.fastMath();

  private SelectionPatterns() {}

  /** Every rule in priority order. */
  public static List<SelectionPattern> all() {
    return Holder.RULES;
  }

  /** Built on first use, after the opcode arrays below are initialized. */
  private static final class Holder {
    static final List<SelectionPattern> RULES = rules();
  }

  private static List<SelectionPattern> rules() {
    List<SelectionPattern> r = new ArrayList<>();
    indexArithmetic(r);
    bitFields(r, I32, MathOpcodes.BFE_U32);
    bitFields(r, I64, MathOpcodes.BFE_U64);
    integer(r, I32, INT32);
    integer(r, I64, INT64);
    integer(r, I16, INT16);
    // the high half of a double-width product, from the expansion of i128 multiplication
    r.add(binary(MULHU, I64, MathOpcodes.MUL_HI_U64));
    bitOperations(r);
    // i128 in a .b128 register, packed from its halves
    r.add(
        rule(
            "mov.b128.pack",
            op(BUILD_PAIR, ScalarType.I128, reg("a", I64), reg("b", I64)),
            MoveOpcodes.MOV_B128_PACK,
            "a",
            "b"));
    predicates(r);
    floats(r, F32, FLOAT32);
    floats(r, F64, FLOAT64);
    minMax(r, F32, MathOpcodes.MIN_F32, MathOpcodes.MAX_F32);
    minMax(r, F64, MathOpcodes.MIN_F64, MathOpcodes.MAX_F64);
    r.addAll(HalfPatterns.all());
    divisions(r);
    selects(r);
    return List.copyOf(r);
  }

  /** The machine opcodes of one integer width, in the order {@link #integer} reads them. */
  private static final MachineOpcode[] INT32 = {
    IntegerOpcodes.ADD_S32,
    IntegerOpcodes.SUB_S32,
    IntegerOpcodes.MUL_LO_S32,
    IntegerOpcodes.DIV_S32,
    IntegerOpcodes.REM_S32,
    IntegerOpcodes.DIV_U32,
    IntegerOpcodes.REM_U32,
    IntegerOpcodes.NEG_S32,
    IntegerOpcodes.NOT_B32,
    IntegerOpcodes.AND_B32,
    IntegerOpcodes.OR_B32,
    IntegerOpcodes.XOR_B32,
    IntegerOpcodes.SHL_B32,
    IntegerOpcodes.SHR_S32,
    IntegerOpcodes.SHR_U32
  };

  private static final MachineOpcode[] INT16 = {
    IntegerOpcodes.ADD_S16,
    IntegerOpcodes.SUB_S16,
    IntegerOpcodes.MUL_LO_S16,
    IntegerOpcodes.DIV_S16,
    IntegerOpcodes.REM_S16,
    IntegerOpcodes.DIV_U16,
    IntegerOpcodes.REM_U16,
    IntegerOpcodes.NEG_S16,
    IntegerOpcodes.NOT_B16,
    IntegerOpcodes.AND_B16,
    IntegerOpcodes.OR_B16,
    IntegerOpcodes.XOR_B16,
    IntegerOpcodes.SHL_B16,
    IntegerOpcodes.SHR_S16,
    IntegerOpcodes.SHR_U16
  };

  private static final MachineOpcode[] INT64 = {
    IntegerOpcodes.ADD_S64,
    IntegerOpcodes.SUB_S64,
    IntegerOpcodes.MUL_LO_S64,
    IntegerOpcodes.DIV_S64,
    IntegerOpcodes.REM_S64,
    IntegerOpcodes.DIV_U64,
    IntegerOpcodes.REM_U64,
    IntegerOpcodes.NEG_S64,
    IntegerOpcodes.NOT_B64,
    IntegerOpcodes.AND_B64,
    IntegerOpcodes.OR_B64,
    IntegerOpcodes.XOR_B64,
    IntegerOpcodes.SHL_B64,
    IntegerOpcodes.SHR_S64,
    IntegerOpcodes.SHR_U64
  };

  /** The machine opcodes of one float width, in the order {@link #floats} reads them. */
  private static final MachineOpcode[] FLOAT32 = {
    FloatOpcodes.FMA_RN_F32,
    FloatOpcodes.ADD_RN_F32,
    FloatOpcodes.ADD_F32,
    FloatOpcodes.SUB_RN_F32,
    FloatOpcodes.SUB_F32,
    FloatOpcodes.MUL_RN_F32,
    FloatOpcodes.MUL_F32,
    FloatOpcodes.NEG_F32
  };

  private static final MachineOpcode[] FLOAT64 = {
    FloatOpcodes.FMA_RN_F64,
    FloatOpcodes.ADD_RN_F64,
    FloatOpcodes.ADD_F64,
    FloatOpcodes.SUB_RN_F64,
    FloatOpcodes.SUB_F64,
    FloatOpcodes.MUL_RN_F64,
    FloatOpcodes.MUL_F64,
    FloatOpcodes.NEG_F64
  };

  /** {@code base + (long) i * size} and friends: one instruction where PTX has one. */
  private static void indexArithmetic(List<SelectionPattern> r) {
    Pat.Op wideIndex = op(SIGN_EXTEND, I64, reg("a", I32));
    r.add(
        rule(
            "mad.wide",
            op(
                ADD,
                I64,
                op(MUL, I64, wideIndex.sharedToo(), imm32("b", I64)).sharedToo(),
                ri("c", I64)),
            IntegerOpcodes.MAD_WIDE_S32,
            "a",
            "b",
            "c"));
    r.add(
        rule(
            "mul.wide.imm",
            op(MUL, I64, wideIndex, imm32("b", I64)),
            IntegerOpcodes.MUL_WIDE_S32,
            "a",
            "b"));
    r.add(
        rule(
            "mul.wide",
            op(MUL, I64, wideIndex, op(SIGN_EXTEND, I64, reg("b", I32))),
            IntegerOpcodes.MUL_WIDE_S32,
            "a",
            "b"));
    r.add(
        rule(
            "mad.lo.s32",
            op(ADD, I32, op(MUL, I32, reg("a", I32), ri("b", I32)), ri("c", I32)),
            IntegerOpcodes.MAD_LO_S32,
            "a",
            "b",
            "c"));
    r.add(
        rule(
            "mad.lo.s64",
            op(ADD, I64, op(MUL, I64, reg("a", I64), ri("b", I64)), ri("c", I64)),
            IntegerOpcodes.MAD_LO_S64,
            "a",
            "b",
            "c"));
  }

  private static void predicates(List<SelectionPattern> r) {
    r.add(
        rule(
            "not.pred",
            op(XOR, I1, reg("a", I1), immEq("m", I1, 1)),
            IntegerOpcodes.NOT_PRED,
            "a"));
    r.add(
        rule(
            "and.pred",
            op(AND, I1, reg("a", I1), reg("b", I1)),
            IntegerOpcodes.AND_PRED,
            "a",
            "b"));
    r.add(
        rule("or.pred", op(OR, I1, reg("a", I1), reg("b", I1)), IntegerOpcodes.OR_PRED, "a", "b"));
    r.add(
        rule(
            "xor.pred",
            op(XOR, I1, reg("a", I1), reg("b", I1)),
            IntegerOpcodes.XOR_PRED,
            "a",
            "b"));
  }

  private static void divisions(List<SelectionPattern> r) {
    r.add(
        rule(
            "div.full.f32",
            op(FDIV, F32, FAST, reg("a", F32), ri("b", F32)),
            FloatOpcodes.DIV_FULL_F32,
            "a",
            "b"));
    r.add(
        rule(
            "div.rn.f32",
            op(FDIV, F32, STRICT, reg("a", F32), ri("b", F32)),
            FloatOpcodes.DIV_RN_F32,
            "a",
            "b"));
    r.add(
        rule(
            "div.rn.f64",
            op(FDIV, F64, reg("a", F64), ri("b", F64)),
            FloatOpcodes.DIV_RN_F64,
            "a",
            "b"));
  }

  private static void selects(List<SelectionPattern> r) {
    select(r, I16, CompareOpcodes.SELP_B16);
    select(r, I32, CompareOpcodes.SELP_B32);
    select(r, I64, CompareOpcodes.SELP_B64);
    select(r, F32, CompareOpcodes.SELP_F32);
    select(r, F64, CompareOpcodes.SELP_F64);
    // booleans widened to numbers: 1 or 0 (zero extension), -1 or 0 (sign extension)
    r.add(
        rule(
            "zext.i1.i32",
            op(ZERO_EXTEND, I32, reg("p", I1)),
            CompareOpcodes.SELP_B32,
            "#1",
            "#0",
            "p"));
    r.add(
        rule(
            "zext.i1.i64",
            op(ZERO_EXTEND, I64, reg("p", I1)),
            CompareOpcodes.SELP_B64,
            "#1",
            "#0",
            "p"));
    r.add(
        rule(
            "sext.i1.i32",
            op(SIGN_EXTEND, I32, reg("p", I1)),
            CompareOpcodes.SELP_B32,
            "#-1",
            "#0",
            "p"));
    r.add(
        rule(
            "sext.i1.i64",
            op(SIGN_EXTEND, I64, reg("p", I1)),
            CompareOpcodes.SELP_B64,
            "#-1",
            "#0",
            "p"));
    // a promoted i1 -> i8 extension lands on i16
    r.add(
        rule(
            "zext.i1.i16",
            op(ZERO_EXTEND, I16, reg("p", I1)),
            CompareOpcodes.SELP_B16,
            "#1",
            "#0",
            "p"));
    r.add(
        rule(
            "sext.i1.i16",
            op(SIGN_EXTEND, I16, reg("p", I1)),
            CompareOpcodes.SELP_B16,
            "#-1",
            "#0",
            "p"));
  }

  /**
   * {@code (a >>> pos) & (2^len - 1)} as one {@code bfe}: the field of {@code len} bits at {@code
   * pos}, zero-filled past the top as the logical shift leaves it (rows before the plain {@code
   * and}, which they would otherwise lose to).
   */
  private static void bitFields(List<SelectionPattern> r, Type t, MachineOpcode bfe) {
    int w = t.bits();
    r.add(
        rule(
            bfe.name(),
            op(
                AND,
                t,
                op(PTX_SRL, t, reg("a", t), imm32("pos", I32)),
                new Pat.Imm("mask", t, m -> isLowMask(m, w))),
            bfe,
            "a",
            "pos",
            "width:mask"));
  }

  /** {@code 2^k - 1} for {@code 0 < k < width}: a field narrower than the value. */
  private static boolean isLowMask(long m, int width) {
    long v = width == 64 ? m : m & ((1L << width) - 1);
    return v != 0 && (v & (v + 1)) == 0 && Long.bitCount(v) < width;
  }

  /** The bit operations the operation table leaves legal: counts keyed by the operand's width. */
  private static void bitOperations(List<SelectionPattern> r) {
    r.add(rule("popc.b32", op(CTPOP, I32, reg("a", I32)), MathOpcodes.POPC_B32, "a"));
    r.add(rule("popc.b64", op(CTPOP, I32, reg("a", I64)), MathOpcodes.POPC_B64, "a"));
    r.add(rule("clz.b32", op(CTLZ, I32, reg("a", I32)), MathOpcodes.CLZ_B32, "a"));
    r.add(rule("clz.b64", op(CTLZ, I32, reg("a", I64)), MathOpcodes.CLZ_B64, "a"));
    r.add(rule("brev.b32", op(BITREVERSE, I32, reg("a", I32)), MathOpcodes.BREV_B32, "a"));
    r.add(rule("brev.b64", op(BITREVERSE, I64, reg("a", I64)), MathOpcodes.BREV_B64, "a"));
    r.add(rule("prmt.bswap", op(BSWAP, I32, reg("a", I32)), MathOpcodes.BSWAP_B32, "a"));
    r.add(
        rule("shf.l", op(ROTL, I32, reg("a", I32), ri("b", I32)), MathOpcodes.ROTL_B32, "a", "b"));
    r.add(
        rule("shf.r", op(ROTR, I32, reg("a", I32), ri("b", I32)), MathOpcodes.ROTR_B32, "a", "b"));
  }

  private static void integer(List<SelectionPattern> r, Type t, MachineOpcode[] o) {
    r.add(rule("neg", op(SUB, t, immEq("z", t, 0), reg("a", t)), o[7], "a"));
    r.add(rule("neg", op(NEG, t, reg("a", t)), o[7], "a"));
    r.add(rule("not", op(XOR, t, reg("a", t), immEq("m", t, -1)), o[8], "a"));
    DagOpcode[] ops = {ADD, SUB, MUL, PTX_SDIV, PTX_SREM, UDIV, UREM};
    for (int k = 0; k < ops.length; k++) {
      r.add(binary(ops[k], t, o[k]));
    }
    r.add(binary(AND, t, o[9]));
    r.add(binary(OR, t, o[10]));
    r.add(binary(XOR, t, o[11]));
    r.add(rule(o[12].name(), op(PTX_SHL, t, reg("a", t), ri("b", I32)), o[12], "a", "b"));
    r.add(rule(o[13].name(), op(PTX_SRA, t, reg("a", t), ri("b", I32)), o[13], "a", "b"));
    r.add(rule(o[14].name(), op(PTX_SRL, t, reg("a", t), ri("b", I32)), o[14], "a", "b"));
  }

  private static void floats(List<SelectionPattern> r, Type t, MachineOpcode[] o) {
    // contraction only where fast math allows it: Java rounds the product and the sum apart
    Pat.Op product = op(FMUL, t, FAST, reg("a", t), ri("b", t));
    r.add(rule("fma.contract", op(FADD, t, FAST, product, ri("c", t)), o[0], "a", "b", "c"));
    r.add(rule("fma", op(FMA, t, reg("a", t), ri("b", t), ri("c", t)), o[0], "a", "b", "c"));
    DagOpcode[] ops = {FADD, FADD, FSUB, FSUB, FMUL, FMUL};
    for (int k = 0; k < ops.length; k++) {
      Predicate<NodeAttrs> mode = k % 2 == 0 ? STRICT : FAST;
      r.add(
          rule(o[k + 1].name(), op(ops[k], t, mode, reg("a", t), ri("b", t)), o[k + 1], "a", "b"));
    }
    r.add(rule(o[7].name(), op(FNEG, t, reg("a", t)), o[7], "a"));
  }

  private static void minMax(
      List<SelectionPattern> r, Type t, MachineOpcode min, MachineOpcode max) {
    r.add(binary(FMINNUM, t, min));
    r.add(binary(FMAXNUM, t, max));
  }

  private static void select(List<SelectionPattern> r, Type t, MachineOpcode selp) {
    r.add(
        rule(
            selp.name(), op(SELECT, t, reg("p", I1), ri("a", t), ri("b", t)), selp, "a", "b", "p"));
  }

  private static SelectionPattern binary(DagOpcode op, Type t, MachineOpcode out) {
    return rule(out.name(), op(op, t, reg("a", t), ri("b", t)), out, "a", "b");
  }

  private static SelectionPattern rule(String name, Pat.Op p, MachineOpcode out, String... uses) {
    return new SelectionPattern(name, p, out, List.of(uses), Availability.ALWAYS);
  }
}
