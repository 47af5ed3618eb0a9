package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I1;
import static dev.jptx.compiler.ir.ScalarType.I128;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;
import static dev.jptx.compiler.isel.Pat.imm32;
import static dev.jptx.compiler.isel.Pat.immEq;
import static dev.jptx.compiler.isel.Pat.op;
import static dev.jptx.compiler.isel.Pat.reg;
import static dev.jptx.compiler.isel.Pat.ri;
import static dev.jptx.compiler.target.CompareOpcodes.SELP_B16;
import static dev.jptx.compiler.target.CompareOpcodes.SELP_B32;
import static dev.jptx.compiler.target.CompareOpcodes.SELP_B64;
import static dev.jptx.compiler.target.CompareOpcodes.SELP_F32;
import static dev.jptx.compiler.target.CompareOpcodes.SELP_F64;
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
import static dev.jptx.compiler.target.FloatOpcodes.ADD_F32;
import static dev.jptx.compiler.target.FloatOpcodes.ADD_F64;
import static dev.jptx.compiler.target.FloatOpcodes.ADD_RN_F32;
import static dev.jptx.compiler.target.FloatOpcodes.ADD_RN_F64;
import static dev.jptx.compiler.target.FloatOpcodes.DIV_FULL_F32;
import static dev.jptx.compiler.target.FloatOpcodes.DIV_RN_F32;
import static dev.jptx.compiler.target.FloatOpcodes.DIV_RN_F64;
import static dev.jptx.compiler.target.FloatOpcodes.FMA_RN_F32;
import static dev.jptx.compiler.target.FloatOpcodes.FMA_RN_F64;
import static dev.jptx.compiler.target.FloatOpcodes.MUL_F32;
import static dev.jptx.compiler.target.FloatOpcodes.MUL_F64;
import static dev.jptx.compiler.target.FloatOpcodes.MUL_RN_F32;
import static dev.jptx.compiler.target.FloatOpcodes.MUL_RN_F64;
import static dev.jptx.compiler.target.FloatOpcodes.NEG_F32;
import static dev.jptx.compiler.target.FloatOpcodes.NEG_F64;
import static dev.jptx.compiler.target.FloatOpcodes.SUB_F32;
import static dev.jptx.compiler.target.FloatOpcodes.SUB_F64;
import static dev.jptx.compiler.target.FloatOpcodes.SUB_RN_F32;
import static dev.jptx.compiler.target.FloatOpcodes.SUB_RN_F64;
import static dev.jptx.compiler.target.IntegerOpcodes.ADD_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.ADD_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.ADD_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.AND_B16;
import static dev.jptx.compiler.target.IntegerOpcodes.AND_B32;
import static dev.jptx.compiler.target.IntegerOpcodes.AND_B64;
import static dev.jptx.compiler.target.IntegerOpcodes.AND_PRED;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_U16;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_U32;
import static dev.jptx.compiler.target.IntegerOpcodes.DIV_U64;
import static dev.jptx.compiler.target.IntegerOpcodes.MAD_LO_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.MAD_LO_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.MAD_WIDE_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.MUL_LO_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.MUL_LO_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.MUL_LO_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.MUL_WIDE_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.NEG_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.NEG_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.NEG_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.NOT_B16;
import static dev.jptx.compiler.target.IntegerOpcodes.NOT_B32;
import static dev.jptx.compiler.target.IntegerOpcodes.NOT_B64;
import static dev.jptx.compiler.target.IntegerOpcodes.NOT_PRED;
import static dev.jptx.compiler.target.IntegerOpcodes.OR_B16;
import static dev.jptx.compiler.target.IntegerOpcodes.OR_B32;
import static dev.jptx.compiler.target.IntegerOpcodes.OR_B64;
import static dev.jptx.compiler.target.IntegerOpcodes.OR_PRED;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_U16;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_U32;
import static dev.jptx.compiler.target.IntegerOpcodes.REM_U64;
import static dev.jptx.compiler.target.IntegerOpcodes.SHL_B16;
import static dev.jptx.compiler.target.IntegerOpcodes.SHL_B32;
import static dev.jptx.compiler.target.IntegerOpcodes.SHL_B64;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_U16;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_U32;
import static dev.jptx.compiler.target.IntegerOpcodes.SHR_U64;
import static dev.jptx.compiler.target.IntegerOpcodes.SUB_S16;
import static dev.jptx.compiler.target.IntegerOpcodes.SUB_S32;
import static dev.jptx.compiler.target.IntegerOpcodes.SUB_S64;
import static dev.jptx.compiler.target.IntegerOpcodes.XOR_B16;
import static dev.jptx.compiler.target.IntegerOpcodes.XOR_B32;
import static dev.jptx.compiler.target.IntegerOpcodes.XOR_B64;
import static dev.jptx.compiler.target.IntegerOpcodes.XOR_PRED;
import static dev.jptx.compiler.target.MathOpcodes.BFE_U32;
import static dev.jptx.compiler.target.MathOpcodes.BFE_U64;
import static dev.jptx.compiler.target.MathOpcodes.BREV_B32;
import static dev.jptx.compiler.target.MathOpcodes.BREV_B64;
import static dev.jptx.compiler.target.MathOpcodes.BSWAP_B32;
import static dev.jptx.compiler.target.MathOpcodes.CLZ_B32;
import static dev.jptx.compiler.target.MathOpcodes.CLZ_B64;
import static dev.jptx.compiler.target.MathOpcodes.MAX_F32;
import static dev.jptx.compiler.target.MathOpcodes.MAX_F64;
import static dev.jptx.compiler.target.MathOpcodes.MIN_F32;
import static dev.jptx.compiler.target.MathOpcodes.MIN_F64;
import static dev.jptx.compiler.target.MathOpcodes.MUL_HI_U64;
import static dev.jptx.compiler.target.MathOpcodes.POPC_B32;
import static dev.jptx.compiler.target.MathOpcodes.POPC_B64;
import static dev.jptx.compiler.target.MathOpcodes.ROTL_B32;
import static dev.jptx.compiler.target.MathOpcodes.ROTR_B32;
import static dev.jptx.compiler.target.MoveOpcodes.MOV_B128_PACK;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The selection rules for arithmetic, logic and selects, one rule per line, most specific first:
 * the fused forms ({@code mad.lo}, {@code mad.wide}, {@code mul.wide} for index arithmetic, {@code
 * fma} under fast math) come before the plain operations they contain. A rule is a pattern, the
 * machine opcode it emits and the leaves that are its sources in order; the row constructors below
 * ({@link #binary}, {@link #shift}, {@link #select}) spell the common shapes. Loads, stores,
 * comparisons, conversions, copies and branches have named selectors ({@link BlockSelector}).
 */
public final class SelectionPatterns {
  private static final Predicate<NodeAttrs> FAST = NodeAttrs::fastMath;
  private static final Predicate<NodeAttrs> STRICT = a -> !a.fastMath();

  /** {@code (long) i}, an index widened for an address: {@code mul.wide} and {@code mad.wide}. */
  private static final Pat.Op WIDE_INDEX = op(SIGN_EXTEND, I64, reg("a", I32));

  // spotless:off
  /** The rules before the half-precision ones ({@link HalfPatterns}). */
  private static final List<SelectionPattern> BEFORE_HALVES = List.of(
      // index arithmetic, base + (long) i * size and friends: one instruction where PTX has one
      rule("mad.wide",     op(ADD, I64, op(MUL, I64, WIDE_INDEX.sharedToo(), imm32("b", I64)), ri("c", I64)), MAD_WIDE_S32, "a", "b", "c"),
      rule("mul.wide.imm", op(MUL, I64, WIDE_INDEX, imm32("b", I64)), MUL_WIDE_S32, "a", "b"),
      rule("mul.wide",     op(MUL, I64, WIDE_INDEX, op(SIGN_EXTEND, I64, reg("b", I32))), MUL_WIDE_S32, "a", "b"),
      rule("mad.lo.s32",   op(ADD, I32, op(MUL, I32, reg("a", I32), ri("b", I32)), ri("c", I32)), MAD_LO_S32, "a", "b", "c"),
      rule("mad.lo.s64",   op(ADD, I64, op(MUL, I64, reg("a", I64), ri("b", I64)), ri("c", I64)), MAD_LO_S64, "a", "b", "c"),
      // (a >>> pos) & (2^len - 1): before the plain and, which they would otherwise lose to
      bitField(I32, BFE_U32),
      bitField(I64, BFE_U64),
      // integers of each width
      rule("neg", op(SUB, I32, immEq("z", I32, 0), reg("a", I32)), NEG_S32, "a"),
      rule("neg", op(NEG, I32, reg("a", I32)), NEG_S32, "a"),
      rule("not", op(XOR, I32, reg("a", I32), immEq("m", I32, -1)), NOT_B32, "a"),
      binary(ADD,      I32, ADD_S32),
      binary(SUB,      I32, SUB_S32),
      binary(MUL,      I32, MUL_LO_S32),
      binary(PTX_SDIV, I32, DIV_S32),
      binary(PTX_SREM, I32, REM_S32),
      binary(UDIV,     I32, DIV_U32),
      binary(UREM,     I32, REM_U32),
      binary(AND,      I32, AND_B32),
      binary(OR,       I32, OR_B32),
      binary(XOR,      I32, XOR_B32),
      shift(PTX_SHL,   I32, SHL_B32),
      shift(PTX_SRA,   I32, SHR_S32),
      shift(PTX_SRL,   I32, SHR_U32),
      rule("neg", op(SUB, I64, immEq("z", I64, 0), reg("a", I64)), NEG_S64, "a"),
      rule("neg", op(NEG, I64, reg("a", I64)), NEG_S64, "a"),
      rule("not", op(XOR, I64, reg("a", I64), immEq("m", I64, -1)), NOT_B64, "a"),
      binary(ADD,      I64, ADD_S64),
      binary(SUB,      I64, SUB_S64),
      binary(MUL,      I64, MUL_LO_S64),
      binary(PTX_SDIV, I64, DIV_S64),
      binary(PTX_SREM, I64, REM_S64),
      binary(UDIV,     I64, DIV_U64),
      binary(UREM,     I64, REM_U64),
      binary(AND,      I64, AND_B64),
      binary(OR,       I64, OR_B64),
      binary(XOR,      I64, XOR_B64),
      shift(PTX_SHL,   I64, SHL_B64),
      shift(PTX_SRA,   I64, SHR_S64),
      shift(PTX_SRL,   I64, SHR_U64),
      rule("neg", op(SUB, I16, immEq("z", I16, 0), reg("a", I16)), NEG_S16, "a"),
      rule("neg", op(NEG, I16, reg("a", I16)), NEG_S16, "a"),
      rule("not", op(XOR, I16, reg("a", I16), immEq("m", I16, -1)), NOT_B16, "a"),
      binary(ADD,      I16, ADD_S16),
      binary(SUB,      I16, SUB_S16),
      binary(MUL,      I16, MUL_LO_S16),
      binary(PTX_SDIV, I16, DIV_S16),
      binary(PTX_SREM, I16, REM_S16),
      binary(UDIV,     I16, DIV_U16),
      binary(UREM,     I16, REM_U16),
      binary(AND,      I16, AND_B16),
      binary(OR,       I16, OR_B16),
      binary(XOR,      I16, XOR_B16),
      shift(PTX_SHL,   I16, SHL_B16),
      shift(PTX_SRA,   I16, SHR_S16),
      shift(PTX_SRL,   I16, SHR_U16),
      // the high half of a double-width product, from the expansion of i128 multiplication
      binary(MULHU,    I64, MUL_HI_U64),
      // the bit operations the operation table leaves legal: counts keyed by the operand's width
      rule("popc.b32",   op(CTPOP,      I32, reg("a", I32)), POPC_B32, "a"),
      rule("popc.b64",   op(CTPOP,      I32, reg("a", I64)), POPC_B64, "a"),
      rule("clz.b32",    op(CTLZ,       I32, reg("a", I32)), CLZ_B32, "a"),
      rule("clz.b64",    op(CTLZ,       I32, reg("a", I64)), CLZ_B64, "a"),
      rule("brev.b32",   op(BITREVERSE, I32, reg("a", I32)), BREV_B32, "a"),
      rule("brev.b64",   op(BITREVERSE, I64, reg("a", I64)), BREV_B64, "a"),
      rule("prmt.bswap", op(BSWAP,      I32, reg("a", I32)), BSWAP_B32, "a"),
      rule("shf.l",      op(ROTL,       I32, reg("a", I32), ri("b", I32)), ROTL_B32, "a", "b"),
      rule("shf.r",      op(ROTR,       I32, reg("a", I32), ri("b", I32)), ROTR_B32, "a", "b"),
      // i128 in a .b128 register, packed from its halves
      rule("mov.b128.pack", op(BUILD_PAIR, I128, reg("a", I64), reg("b", I64)), MOV_B128_PACK, "a", "b"),
      // predicates
      rule("not.pred", op(XOR, I1, reg("a", I1), immEq("m", I1, 1)), NOT_PRED, "a"),
      rule("and.pred", op(AND, I1, reg("a", I1), reg("b", I1)), AND_PRED, "a", "b"),
      rule("or.pred",  op(OR,  I1, reg("a", I1), reg("b", I1)), OR_PRED, "a", "b"),
      rule("xor.pred", op(XOR, I1, reg("a", I1), reg("b", I1)), XOR_PRED, "a", "b"),
      // floats: contraction only where fast math allows it, as Java rounds the product and the sum
      // apart; the .rn forms are never contracted by ptxas, the others are (FloatOpcodes)
      rule("fma.contract", op(FADD, F32, FAST, op(FMUL, F32, FAST, reg("a", F32), ri("b", F32)), ri("c", F32)), FMA_RN_F32, "a", "b", "c"),
      rule("fma",          op(FMA, F32, reg("a", F32), ri("b", F32), ri("c", F32)), FMA_RN_F32, "a", "b", "c"),
      binary(FADD, F32, STRICT, ADD_RN_F32),
      binary(FADD, F32, FAST,   ADD_F32),
      binary(FSUB, F32, STRICT, SUB_RN_F32),
      binary(FSUB, F32, FAST,   SUB_F32),
      binary(FMUL, F32, STRICT, MUL_RN_F32),
      binary(FMUL, F32, FAST,   MUL_F32),
      unary(FNEG,  F32,         NEG_F32),
      rule("fma.contract", op(FADD, F64, FAST, op(FMUL, F64, FAST, reg("a", F64), ri("b", F64)), ri("c", F64)), FMA_RN_F64, "a", "b", "c"),
      rule("fma",          op(FMA, F64, reg("a", F64), ri("b", F64), ri("c", F64)), FMA_RN_F64, "a", "b", "c"),
      binary(FADD, F64, STRICT, ADD_RN_F64),
      binary(FADD, F64, FAST,   ADD_F64),
      binary(FSUB, F64, STRICT, SUB_RN_F64),
      binary(FSUB, F64, FAST,   SUB_F64),
      binary(FMUL, F64, STRICT, MUL_RN_F64),
      binary(FMUL, F64, FAST,   MUL_F64),
      unary(FNEG,  F64,         NEG_F64),
      binary(FMINNUM, F32, MIN_F32),
      binary(FMAXNUM, F32, MAX_F32),
      binary(FMINNUM, F64, MIN_F64),
      binary(FMAXNUM, F64, MAX_F64));

  /** The rules after the half-precision ones ({@link HalfPatterns}). */
  private static final List<SelectionPattern> AFTER_HALVES = List.of(
      // divisions: fast math's within 2 ulp, as nvcc --use_fast_math emits; else exact
      rule("div.full.f32", op(FDIV, F32, FAST,   reg("a", F32), ri("b", F32)), DIV_FULL_F32, "a", "b"),
      rule("div.rn.f32",   op(FDIV, F32, STRICT, reg("a", F32), ri("b", F32)), DIV_RN_F32, "a", "b"),
      rule("div.rn.f64",   op(FDIV, F64,         reg("a", F64), ri("b", F64)), DIV_RN_F64, "a", "b"),
      // selects; operands a and b, then the predicate
      select(I16, SELP_B16),
      select(I32, SELP_B32),
      select(I64, SELP_B64),
      select(F32, SELP_F32),
      select(F64, SELP_F64),
      // booleans widened to numbers: 1 or 0 (zero extension), -1 or 0 (sign extension)
      rule("zext.i1.i32", op(ZERO_EXTEND, I32, reg("p", I1)), SELP_B32, "#1",  "#0", "p"),
      rule("zext.i1.i64", op(ZERO_EXTEND, I64, reg("p", I1)), SELP_B64, "#1",  "#0", "p"),
      rule("sext.i1.i32", op(SIGN_EXTEND, I32, reg("p", I1)), SELP_B32, "#-1", "#0", "p"),
      rule("sext.i1.i64", op(SIGN_EXTEND, I64, reg("p", I1)), SELP_B64, "#-1", "#0", "p"),
      // a promoted i1 -> i8 extension lands on i16
      rule("zext.i1.i16", op(ZERO_EXTEND, I16, reg("p", I1)), SELP_B16, "#1",  "#0", "p"),
      rule("sext.i1.i16", op(SIGN_EXTEND, I16, reg("p", I1)), SELP_B16, "#-1", "#0", "p"));
  // spotless:on

  private static final List<SelectionPattern> RULES = rules();

  private SelectionPatterns() {}

  /** Every rule in priority order. */
  public static List<SelectionPattern> all() {
    return RULES;
  }

  private static List<SelectionPattern> rules() {
    List<SelectionPattern> r = new ArrayList<>(BEFORE_HALVES);
    r.addAll(HalfPatterns.all());
    r.addAll(AFTER_HALVES);
    return List.copyOf(r);
  }

  /**
   * {@code (a >>> pos) & (2^len - 1)} as one {@code bfe}: the field of {@code len} bits at {@code
   * pos}, zero-filled past the top as the logical shift leaves it; the length is read off the mask
   * ({@code width:mask}).
   */
  private static SelectionPattern bitField(Type t, MachineOpcode bfe) {
    int w = t.bits();
    Pat.Imm mask = new Pat.Imm("mask", t, m -> isLowMask(m, w));
    Pat.Op field = op(AND, t, op(PTX_SRL, t, reg("a", t), imm32("pos", I32)), mask);
    return rule(field, bfe, "a", "pos", "width:mask");
  }

  /** {@code 2^k - 1} for {@code 0 < k < width}: a field narrower than the value. */
  private static boolean isLowMask(long m, int width) {
    long v = width == 64 ? m : m & ((1L << width) - 1);
    return v != 0 && (v & (v + 1)) == 0 && Long.bitCount(v) < width;
  }

  /** {@code op a, b}: a register, b a register or an immediate, both of type {@code t}. */
  private static SelectionPattern binary(DagOpcode op, Type t, MachineOpcode out) {
    return rule(op(op, t, reg("a", t), ri("b", t)), out, "a", "b");
  }

  /** {@link #binary} where the node's fast-math flag meets {@code mode}. */
  private static SelectionPattern binary(
      DagOpcode op, Type t, Predicate<NodeAttrs> mode, MachineOpcode out) {
    return rule(op(op, t, mode, reg("a", t), ri("b", t)), out, "a", "b");
  }

  /** {@code op a}: a register of type {@code t}. */
  private static SelectionPattern unary(DagOpcode op, Type t, MachineOpcode out) {
    return rule(op(op, t, reg("a", t)), out, "a");
  }

  /** A shift of a {@code t} register by a 32-bit count, the count a register or an immediate. */
  private static SelectionPattern shift(DagOpcode op, Type t, MachineOpcode out) {
    return rule(op(op, t, reg("a", t), ri("b", I32)), out, "a", "b");
  }

  /** {@code select p, a, b} as {@code selp a, b, p}. */
  private static SelectionPattern select(Type t, MachineOpcode selp) {
    return rule(op(SELECT, t, reg("p", I1), ri("a", t), ri("b", t)), selp, "a", "b", "p");
  }

  /** A rule named after the opcode it emits. */
  private static SelectionPattern rule(Pat.Op p, MachineOpcode out, String... uses) {
    return rule(out.name(), p, out, uses);
  }

  private static SelectionPattern rule(String name, Pat.Op p, MachineOpcode out, String... uses) {
    return new SelectionPattern(name, p, out, List.of(uses), Availability.ALWAYS);
  }
}
