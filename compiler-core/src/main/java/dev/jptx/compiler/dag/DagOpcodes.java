package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.target.DagOpcode;

/** Which DAG operation each IR opcode becomes. */
final class DagOpcodes {
  private DagOpcodes() {}

  static DagOpcode binary(Opcode op) {
    return switch (op) {
      case ADD -> DagOpcode.ADD;
      case SUB -> DagOpcode.SUB;
      case MUL -> DagOpcode.MUL;
      case SDIV -> DagOpcode.SDIV;
      case SREM -> DagOpcode.SREM;
      case UDIV -> DagOpcode.UDIV;
      case UREM -> DagOpcode.UREM;
      case AND -> DagOpcode.AND;
      case OR -> DagOpcode.OR;
      case XOR -> DagOpcode.XOR;
      case SHL -> DagOpcode.SHL;
      case LSHR -> DagOpcode.SRL;
      case ASHR -> DagOpcode.SRA;
      case FADD -> DagOpcode.FADD;
      case FSUB -> DagOpcode.FSUB;
      case FMUL -> DagOpcode.FMUL;
      case FDIV -> DagOpcode.FDIV;
      case FREM -> DagOpcode.FREM;
      default -> throw new IllegalArgumentException("not a binary opcode: " + op);
    };
  }

  /**
   * The generic DAG operation an intrinsic becomes, or null if it stays an {@code INTRINSIC} node:
   * the bit operations and the float operations the half types share with {@code f32} ({@code fma},
   * {@code fminnum}, {@code fmaxnum}), which the operation action table legalizes per type (LLVM's
   * ISD nodes).
   */
  static DagOpcode intrinsic(Intrinsic in) {
    return switch (in) {
      case CTPOP -> DagOpcode.CTPOP;
      case CTLZ -> DagOpcode.CTLZ;
      case CTTZ -> DagOpcode.CTTZ;
      case BITREVERSE -> DagOpcode.BITREVERSE;
      case BSWAP -> DagOpcode.BSWAP;
      case ROTL -> DagOpcode.ROTL;
      case ROTR -> DagOpcode.ROTR;
      case FMA -> DagOpcode.FMA;
      case FMINNUM -> DagOpcode.FMINNUM;
      case FMAXNUM -> DagOpcode.FMAXNUM;
      default -> null;
    };
  }

  static DagOpcode cast(Opcode op) {
    return switch (op) {
      case TRUNC -> DagOpcode.TRUNCATE;
      case ZEXT -> DagOpcode.ZERO_EXTEND;
      case SEXT -> DagOpcode.SIGN_EXTEND;
      case FPTRUNC -> DagOpcode.FP_ROUND;
      case FPEXT -> DagOpcode.FP_EXTEND;
      case SITOFP -> DagOpcode.SINT_TO_FP;
      case FPTOSI -> DagOpcode.FP_TO_SINT_SAT;
      case BITCAST -> DagOpcode.BITCAST;
      default -> throw new IllegalArgumentException("not a cast opcode: " + op);
    };
  }
}
