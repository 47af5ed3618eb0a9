package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B128;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.RegisterClass.H16;
import static dev.jptx.compiler.target.RegisterClass.H32;
import static dev.jptx.compiler.target.RegisterClass.PRED;
import static dev.jptx.compiler.target.Rows.move;

import java.util.List;

/** Moves, special-register reads, control flow, and the machine-IR pseudo instructions. */
public final class MoveOpcodes {
  private MoveOpcodes() {}

  public static final MachineOpcode MOV_B16 = move("MOV_B16", "mov.b16", B16);
  public static final MachineOpcode MOV_B32 = move("MOV_B32", "mov.b32", B32);
  public static final MachineOpcode MOV_B64 = move("MOV_B64", "mov.b64", B64);
  public static final MachineOpcode MOV_F32 = move("MOV_F32", "mov.f32", F32);
  public static final MachineOpcode MOV_F64 = move("MOV_F64", "mov.f64", F64);
  public static final MachineOpcode MOV_PRED = move("MOV_PRED", "mov.pred", PRED);
  // half registers: constants and copies (a binary16 constant is its bit pattern)
  public static final MachineOpcode MOV_H16 = move("MOV_H16", "mov.b16", H16);
  public static final MachineOpcode MOV_H32 = move("MOV_H32", "mov.b32", H32);
  // .b128 registers (sm_70, PTX ISA 8.3): moved whole, or packed from and unpacked into halves
  public static final MachineOpcode MOV_B128 =
      new MachineOpcode(
          "MOV_B128",
          ConstraintFamily.COPY,
          List.of(B128),
          List.of(OperandSpec.reg(B128)),
          "mov.b128 {d0}, {u0}",
          false);
  public static final MachineOpcode MOV_B128_PACK =
      new MachineOpcode(
          "MOV_B128_PACK",
          ConstraintFamily.CROSS_COPY,
          List.of(B128),
          List.of(OperandSpec.reg(B64), OperandSpec.reg(B64)),
          "mov.b128 {d0}, {{{u0}, {u1}}}",
          false);
  public static final MachineOpcode MOV_B128_UNPACK =
      new MachineOpcode(
          "MOV_B128_UNPACK",
          ConstraintFamily.CROSS_COPY,
          List.of(B64, B64),
          List.of(OperandSpec.reg(B128)),
          "mov.b128 {{{d0}, {d1}}}, {u0}",
          false);
  public static final MachineOpcode MOV_U32_SREG =
      new MachineOpcode(
          "MOV_U32_SREG",
          ConstraintFamily.COPY,
          List.of(B32),
          List.of(OperandSpec.special()),
          "mov.u32 {d0}, {u0}",
          false);
  // the address of a variable (.shared, .const, .global, or a function's .local object)
  public static final MachineOpcode MOV_U64_SYM =
      new MachineOpcode(
          "MOV_U64_SYM",
          ConstraintFamily.COPY,
          List.of(B64),
          List.of(OperandSpec.symbol()),
          "mov.u64 {d0}, {u0}",
          false);
  // a call: the callee symbol, then one register per argument; at most one result. The printer
  // writes the .param declarations, st.param, call and ld.param of the PTX calling sequence
  public static final MachineOpcode CALL =
      new MachineOpcode(
          "CALL", ConstraintFamily.CALL, List.of(), List.of(OperandSpec.symbol()), "call", true);
  // a branch; under a predicate guard it is the conditional branch
  public static final MachineOpcode BRA =
      new MachineOpcode(
          "BRA",
          ConstraintFamily.PREDICATED,
          List.of(),
          List.of(OperandSpec.block()),
          "bra {u0}",
          true);
  public static final MachineOpcode RET =
      new MachineOpcode("RET", ConstraintFamily.PREDICATED, List.of(), List.of(), "ret", true);
  // PHI's operands are (register, block) pairs, one per predecessor: checked by the verifier
  public static final MachineOpcode PHI =
      new MachineOpcode("PHI", ConstraintFamily.PSEUDO, List.of(), List.of(), "", false);
  // a copy between registers of one class; PHI elimination makes them, the printer emits mov
  public static final MachineOpcode COPY =
      new MachineOpcode("COPY", ConstraintFamily.PSEUDO, List.of(), List.of(), "", false);
  public static final MachineOpcode IMPLICIT_DEF =
      new MachineOpcode("IMPLICIT_DEF", ConstraintFamily.PSEUDO, List.of(), List.of(), "", false);

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        MOV_B16,
        MOV_B32,
        MOV_B64,
        MOV_F32,
        MOV_F64,
        MOV_PRED,
        MOV_H16,
        MOV_H32,
        MOV_B128,
        MOV_B128_PACK,
        MOV_B128_UNPACK,
        MOV_U32_SREG,
        MOV_U64_SYM,
        CALL,
        BRA,
        RET,
        PHI,
        COPY,
        IMPLICIT_DEF);
  }

  /** The move of a register class. */
  public static MachineOpcode moveOf(RegisterClass c) {
    return switch (c) {
      case B16 -> MOV_B16;
      case B32 -> MOV_B32;
      case H16 -> MOV_H16;
      case H32 -> MOV_H32;
      case B64 -> MOV_B64;
      case F32 -> MOV_F32;
      case F64 -> MOV_F64;
      case PRED -> MOV_PRED;
      case B128 -> MOV_B128;
      default -> throw new IllegalArgumentException("no move for " + c);
    };
  }
}
