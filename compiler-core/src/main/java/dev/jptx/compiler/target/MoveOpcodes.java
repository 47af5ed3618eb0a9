package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.ConstraintFamily.CROSS_COPY;
import static dev.jptx.compiler.target.ConstraintFamily.PREDICATED;
import static dev.jptx.compiler.target.OperandSpec.block;
import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.special;
import static dev.jptx.compiler.target.OperandSpec.symbol;
import static dev.jptx.compiler.target.RegisterClass.B128;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.RegisterClass.H16;
import static dev.jptx.compiler.target.RegisterClass.H32;
import static dev.jptx.compiler.target.RegisterClass.PRED;
import static dev.jptx.compiler.target.Rows.effectful;
import static dev.jptx.compiler.target.Rows.move;
import static dev.jptx.compiler.target.Rows.pseudo;
import static dev.jptx.compiler.target.Rows.pure;

import java.util.List;

/** Moves, special-register reads, control flow, and the machine-IR pseudo instructions. */
public enum MoveOpcodes implements MachineOpcode {
  // spotless:off
  MOV_B16        ("any", move("mov.b16", B16)),
  MOV_B32        ("any", move("mov.b32", B32)),
  MOV_B64        ("any", move("mov.b64", B64)),
  MOV_F32        ("any", move("mov.f32", F32)),
  MOV_F64        ("any", move("mov.f64", F64)),
  MOV_PRED       ("any", move("mov.pred", PRED)),
  // half registers: constants and copies (a binary16 constant is its bit pattern)
  MOV_H16        ("any", move("mov.b16", H16)),
  MOV_H32        ("any", move("mov.b32", H32)),
  // .b128 registers (sm_70, PTX ISA 8.3): moved whole, or packed from and unpacked into halves
  MOV_B128       ("8.3", pure(ConstraintFamily.COPY, "mov.b128 {d0}, {u0}", List.of(B128), reg(B128))),
  MOV_B128_PACK  ("8.3", pure(CROSS_COPY, "mov.b128 {d0}, {{{u0}, {u1}}}", List.of(B128), reg(B64), reg(B64))),
  MOV_B128_UNPACK("8.3", pure(CROSS_COPY, "mov.b128 {{{d0}, {d1}}}, {u0}", List.of(B64, B64), reg(B128))),
  MOV_U32_SREG   ("any", pure(ConstraintFamily.COPY, "mov.u32 {d0}, {u0}", List.of(B32), special())),
  // the address of a variable (.shared, .const, .global, or a function's .local object)
  MOV_U64_SYM    ("any", pure(ConstraintFamily.COPY, "mov.u64 {d0}, {u0}", List.of(B64), symbol())),
  // a .shared variable's address, 32 bits wide (AddressWidths)
  MOV_U32_SYM    ("any", pure(ConstraintFamily.COPY, "mov.u32 {d0}, {u0}", List.of(B32), symbol())),
  // a call: the callee symbol, then one register per argument; at most one result. The printer
  // writes the .param declarations, st.param, call and ld.param of the PTX calling sequence
  CALL           ("any", effectful(ConstraintFamily.CALL, "call", List.of(), symbol())),
  // a branch; under a predicate guard it is the conditional branch
  BRA            ("any", effectful(PREDICATED, "bra {u0}", List.of(), block())),
  RET            ("any", effectful(PREDICATED, "ret", List.of())),
  // PHI's operands are (register, block) pairs, one per predecessor: checked by the verifier
  PHI            ("any", pseudo()),
  // a copy between registers of one class; PHI elimination makes them, the printer emits mov
  COPY           ("any", pseudo()),
  IMPLICIT_DEF   ("any", pseudo());
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  MoveOpcodes(String ptxIsa, OpcodeShape shape) {
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
