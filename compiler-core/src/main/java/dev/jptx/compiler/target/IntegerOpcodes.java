package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.PRED;
import static dev.jptx.compiler.target.Rows.binary;
import static dev.jptx.compiler.target.Rows.mixed;
import static dev.jptx.compiler.target.Rows.ternary;
import static dev.jptx.compiler.target.Rows.unary;
import static dev.jptx.compiler.target.Rows.wideTernary;

import java.util.List;

/** Integer and predicate arithmetic, one row per machine opcode. */
public final class IntegerOpcodes {
  private IntegerOpcodes() {}

  public static final MachineOpcode ADD_S32 = binary("ADD_S32", "add.s32", B32);
  public static final MachineOpcode ADD_S64 = binary("ADD_S64", "add.s64", B64);
  public static final MachineOpcode SUB_S32 = binary("SUB_S32", "sub.s32", B32);
  public static final MachineOpcode SUB_S64 = binary("SUB_S64", "sub.s64", B64);
  public static final MachineOpcode MUL_LO_S32 = binary("MUL_LO_S32", "mul.lo.s32", B32);
  public static final MachineOpcode MUL_LO_S64 = binary("MUL_LO_S64", "mul.lo.s64", B64);
  // 32 x 32 -> 64 bits: the index arithmetic of every array access
  public static final MachineOpcode MUL_WIDE_S32 =
      mixed("MUL_WIDE_S32", "mul.wide.s32", B64, reg(B32), regOrImm(B32));
  public static final MachineOpcode MAD_LO_S32 = ternary("MAD_LO_S32", "mad.lo.s32", B32);
  public static final MachineOpcode MAD_LO_S64 = ternary("MAD_LO_S64", "mad.lo.s64", B64);
  public static final MachineOpcode MAD_WIDE_S32 = wideTernary("MAD_WIDE_S32", "mad.wide.s32");
  public static final MachineOpcode DIV_S32 = binary("DIV_S32", "div.s32", B32);
  public static final MachineOpcode DIV_S64 = binary("DIV_S64", "div.s64", B64);
  public static final MachineOpcode REM_S32 = binary("REM_S32", "rem.s32", B32);
  public static final MachineOpcode REM_S64 = binary("REM_S64", "rem.s64", B64);
  public static final MachineOpcode DIV_U32 = binary("DIV_U32", "div.u32", B32);
  public static final MachineOpcode DIV_U64 = binary("DIV_U64", "div.u64", B64);
  public static final MachineOpcode REM_U32 = binary("REM_U32", "rem.u32", B32);
  public static final MachineOpcode REM_U64 = binary("REM_U64", "rem.u64", B64);
  public static final MachineOpcode AND_B32 = binary("AND_B32", "and.b32", B32);
  public static final MachineOpcode AND_B64 = binary("AND_B64", "and.b64", B64);
  public static final MachineOpcode OR_B32 = binary("OR_B32", "or.b32", B32);
  public static final MachineOpcode OR_B64 = binary("OR_B64", "or.b64", B64);
  public static final MachineOpcode XOR_B32 = binary("XOR_B32", "xor.b32", B32);
  public static final MachineOpcode XOR_B64 = binary("XOR_B64", "xor.b64", B64);
  public static final MachineOpcode NOT_B32 = unary("NOT_B32", "not.b32", B32);
  public static final MachineOpcode NOT_B64 = unary("NOT_B64", "not.b64", B64);
  public static final MachineOpcode NEG_S32 = unary("NEG_S32", "neg.s32", B32);
  public static final MachineOpcode NEG_S64 = unary("NEG_S64", "neg.s64", B64);
  // shift counts are 32-bit for every data width
  public static final MachineOpcode SHL_B32 =
      mixed("SHL_B32", "shl.b32", B32, reg(B32), regOrImm(B32));
  public static final MachineOpcode SHL_B64 =
      mixed("SHL_B64", "shl.b64", B64, reg(B64), regOrImm(B32));
  public static final MachineOpcode SHR_S32 =
      mixed("SHR_S32", "shr.s32", B32, reg(B32), regOrImm(B32));
  public static final MachineOpcode SHR_S64 =
      mixed("SHR_S64", "shr.s64", B64, reg(B64), regOrImm(B32));
  public static final MachineOpcode SHR_U32 =
      mixed("SHR_U32", "shr.u32", B32, reg(B32), regOrImm(B32));
  public static final MachineOpcode SHR_U64 =
      mixed("SHR_U64", "shr.u64", B64, reg(B64), regOrImm(B32));
  // 16-bit integers: what i8 promotes to, and the bit patterns of halves
  public static final MachineOpcode ADD_S16 = binary("ADD_S16", "add.s16", B16);
  public static final MachineOpcode SUB_S16 = binary("SUB_S16", "sub.s16", B16);
  public static final MachineOpcode MUL_LO_S16 = binary("MUL_LO_S16", "mul.lo.s16", B16);
  public static final MachineOpcode DIV_S16 = binary("DIV_S16", "div.s16", B16);
  public static final MachineOpcode REM_S16 = binary("REM_S16", "rem.s16", B16);
  public static final MachineOpcode DIV_U16 = binary("DIV_U16", "div.u16", B16);
  public static final MachineOpcode REM_U16 = binary("REM_U16", "rem.u16", B16);
  public static final MachineOpcode NEG_S16 = unary("NEG_S16", "neg.s16", B16);
  public static final MachineOpcode NOT_B16 = unary("NOT_B16", "not.b16", B16);
  public static final MachineOpcode AND_B16 = binary("AND_B16", "and.b16", B16);
  public static final MachineOpcode OR_B16 = binary("OR_B16", "or.b16", B16);
  public static final MachineOpcode XOR_B16 = binary("XOR_B16", "xor.b16", B16);
  public static final MachineOpcode SHL_B16 =
      mixed("SHL_B16", "shl.b16", B16, reg(B16), regOrImm(B32));
  public static final MachineOpcode SHR_S16 =
      mixed("SHR_S16", "shr.s16", B16, reg(B16), regOrImm(B32));
  public static final MachineOpcode SHR_U16 =
      mixed("SHR_U16", "shr.u16", B16, reg(B16), regOrImm(B32));
  public static final MachineOpcode AND_PRED = binary("AND_PRED", "and.pred", PRED);
  public static final MachineOpcode OR_PRED = binary("OR_PRED", "or.pred", PRED);
  public static final MachineOpcode XOR_PRED = binary("XOR_PRED", "xor.pred", PRED);
  public static final MachineOpcode NOT_PRED = unary("NOT_PRED", "not.pred", PRED);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        ADD_S32,
        ADD_S64,
        SUB_S32,
        SUB_S64,
        MUL_LO_S32,
        MUL_LO_S64,
        MUL_WIDE_S32,
        MAD_LO_S32,
        MAD_LO_S64,
        MAD_WIDE_S32,
        DIV_S32,
        DIV_S64,
        REM_S32,
        REM_S64,
        DIV_U32,
        DIV_U64,
        REM_U32,
        REM_U64,
        AND_B32,
        AND_B64,
        OR_B32,
        OR_B64,
        XOR_B32,
        XOR_B64,
        NOT_B32,
        NOT_B64,
        NEG_S32,
        NEG_S64,
        SHL_B32,
        SHL_B64,
        SHR_S32,
        SHR_S64,
        SHR_U32,
        SHR_U64,
        ADD_S16,
        SUB_S16,
        MUL_LO_S16,
        DIV_S16,
        REM_S16,
        DIV_U16,
        REM_U16,
        NEG_S16,
        NOT_B16,
        AND_B16,
        OR_B16,
        XOR_B16,
        SHL_B16,
        SHR_S16,
        SHR_U16,
        AND_PRED,
        OR_PRED,
        XOR_PRED,
        NOT_PRED);
  }
}
