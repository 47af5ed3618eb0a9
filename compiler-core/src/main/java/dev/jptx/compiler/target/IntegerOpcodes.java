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

/** Integer and predicate arithmetic, one row per machine opcode. */
public enum IntegerOpcodes implements MachineOpcode {
  // spotless:off
  ADD_S32     ("any", binary("add.s32", B32)),
  ADD_S64     ("any", binary("add.s64", B64)),
  SUB_S32     ("any", binary("sub.s32", B32)),
  SUB_S64     ("any", binary("sub.s64", B64)),
  MUL_LO_S32  ("any", binary("mul.lo.s32", B32)),
  MUL_LO_S64  ("any", binary("mul.lo.s64", B64)),
  // 32 x 32 -> 64 bits: the index arithmetic of every array access
  MUL_WIDE_S32("any", mixed("mul.wide.s32", B64, reg(B32), regOrImm(B32))),
  MAD_LO_S32  ("any", ternary("mad.lo.s32", B32)),
  MAD_LO_S64  ("any", ternary("mad.lo.s64", B64)),
  MAD_WIDE_S32("any", wideTernary("mad.wide.s32")),
  DIV_S32     ("any", binary("div.s32", B32)),
  DIV_S64     ("any", binary("div.s64", B64)),
  REM_S32     ("any", binary("rem.s32", B32)),
  REM_S64     ("any", binary("rem.s64", B64)),
  DIV_U32     ("any", binary("div.u32", B32)),
  DIV_U64     ("any", binary("div.u64", B64)),
  REM_U32     ("any", binary("rem.u32", B32)),
  REM_U64     ("any", binary("rem.u64", B64)),
  AND_B32     ("any", binary("and.b32", B32)),
  AND_B64     ("any", binary("and.b64", B64)),
  OR_B32      ("any", binary("or.b32", B32)),
  OR_B64      ("any", binary("or.b64", B64)),
  XOR_B32     ("any", binary("xor.b32", B32)),
  XOR_B64     ("any", binary("xor.b64", B64)),
  NOT_B32     ("any", unary("not.b32", B32)),
  NOT_B64     ("any", unary("not.b64", B64)),
  NEG_S32     ("any", unary("neg.s32", B32)),
  NEG_S64     ("any", unary("neg.s64", B64)),
  // shift counts are 32-bit for every data width
  SHL_B32     ("any", mixed("shl.b32", B32, reg(B32), regOrImm(B32))),
  SHL_B64     ("any", mixed("shl.b64", B64, reg(B64), regOrImm(B32))),
  SHR_S32     ("any", mixed("shr.s32", B32, reg(B32), regOrImm(B32))),
  SHR_S64     ("any", mixed("shr.s64", B64, reg(B64), regOrImm(B32))),
  SHR_U32     ("any", mixed("shr.u32", B32, reg(B32), regOrImm(B32))),
  SHR_U64     ("any", mixed("shr.u64", B64, reg(B64), regOrImm(B32))),
  // 16-bit integers: what i8 promotes to, and the bit patterns of halves
  ADD_S16     ("any", binary("add.s16", B16)),
  SUB_S16     ("any", binary("sub.s16", B16)),
  MUL_LO_S16  ("any", binary("mul.lo.s16", B16)),
  DIV_S16     ("any", binary("div.s16", B16)),
  REM_S16     ("any", binary("rem.s16", B16)),
  DIV_U16     ("any", binary("div.u16", B16)),
  REM_U16     ("any", binary("rem.u16", B16)),
  NEG_S16     ("any", unary("neg.s16", B16)),
  NOT_B16     ("any", unary("not.b16", B16)),
  AND_B16     ("any", binary("and.b16", B16)),
  OR_B16      ("any", binary("or.b16", B16)),
  XOR_B16     ("any", binary("xor.b16", B16)),
  SHL_B16     ("any", mixed("shl.b16", B16, reg(B16), regOrImm(B32))),
  SHR_S16     ("any", mixed("shr.s16", B16, reg(B16), regOrImm(B32))),
  SHR_U16     ("any", mixed("shr.u16", B16, reg(B16), regOrImm(B32))),
  AND_PRED    ("any", binary("and.pred", PRED)),
  OR_PRED     ("any", binary("or.pred", PRED)),
  XOR_PRED    ("any", binary("xor.pred", PRED)),
  NOT_PRED    ("any", unary("not.pred", PRED));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  IntegerOpcodes(String ptxIsa, OpcodeShape shape) {
    this.ptxIsa = PtxIsa.parseColumn(ptxIsa);
    this.shape = shape;
  }

  @Override
  public PtxVersion ptxIsa() {
    return ptxIsa;
  }

  @Override
  public OpcodeShape shape() {
    return shape;
  }
}
