package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;

import java.util.List;

/** Constructors for the rows of the machine-opcode tables, one per constraint family. */
final class Rows {
  private Rows() {}

  static MachineOpcode unary(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name, ConstraintFamily.UNARY, List.of(c), List.of(reg(c)), ptx + " {d0}, {u0}", false);
  }

  static MachineOpcode binary(String name, String ptx, RegisterClass c) {
    // predicates have no immediate form
    OperandSpec second = c == RegisterClass.PRED ? reg(c) : regOrImm(c);
    return new MachineOpcode(
        name,
        ConstraintFamily.BINARY,
        List.of(c),
        List.of(reg(c), second),
        ptx + " {d0}, {u0}, {u1}",
        false);
  }

  static MachineOpcode mixed(
      String name, String ptx, RegisterClass d, OperandSpec a, OperandSpec b) {
    return new MachineOpcode(
        name,
        ConstraintFamily.MIXED_BINARY,
        List.of(d),
        List.of(a, b),
        ptx + " {d0}, {u0}, {u1}",
        false);
  }

  static MachineOpcode ternary(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(c),
        List.of(reg(c), regOrImm(c), regOrImm(c)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  /** {@code mad.wide.s32}: 32-bit factors, a 64-bit addend and result. */
  static MachineOpcode wideTernary(String name, String ptx) {
    return new MachineOpcode(
        name,
        ConstraintFamily.TERNARY,
        List.of(RegisterClass.B64),
        List.of(reg(RegisterClass.B32), regOrImm(RegisterClass.B32), regOrImm(RegisterClass.B64)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  /** {@code setp.<cmp>.<type>}: the comparison is operand 0, spelled into the mnemonic. */
  static MachineOpcode compare(String name, String type, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.COMPARE,
        List.of(RegisterClass.PRED),
        List.of(OperandSpec.condition(), reg(c), regOrImm(c)),
        "setp.{u0}." + type + " {d0}, {u1}, {u2}",
        false);
  }

  static MachineOpcode select(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name,
        ConstraintFamily.SELECT,
        List.of(c),
        List.of(regOrImm(c), regOrImm(c), reg(RegisterClass.PRED)),
        ptx + " {d0}, {u0}, {u1}, {u2}",
        false);
  }

  static MachineOpcode convert(String name, String ptx, RegisterClass d, RegisterClass s) {
    return new MachineOpcode(
        name, ConstraintFamily.CONVERSION, List.of(d), List.of(reg(s)), ptx + " {d0}, {u0}", false);
  }

  /** A load from a base register plus an immediate byte offset. */
  static MachineOpcode load(String name, String ptx, RegisterClass d) {
    return new MachineOpcode(
        name,
        ConstraintFamily.LOAD,
        List.of(d),
        List.of(reg(RegisterClass.B64), OperandSpec.imm()),
        ptx + " {d0}, {a0}",
        false);
  }

  /**
   * A vector load ({@code ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16]}): one result per lane,
   * from a base register plus an immediate byte offset.
   */
  static MachineOpcode vectorLoad(String name, String ptx, RegisterClass d, int lanes) {
    return new MachineOpcode(
        name,
        ConstraintFamily.VECTOR_LOAD,
        java.util.Collections.nCopies(lanes, d),
        List.of(reg(RegisterClass.B64), OperandSpec.imm()),
        ptx + " {D0}, {a0}",
        false);
  }

  /** A vector store: the address (base register, byte offset), then one source per lane. */
  static MachineOpcode vectorStore(String name, String ptx, RegisterClass v, int lanes) {
    List<OperandSpec> uses = new java.util.ArrayList<>();
    uses.add(reg(RegisterClass.B64));
    uses.add(OperandSpec.imm());
    for (int k = 0; k < lanes; k++) {
      uses.add(reg(v));
    }
    return new MachineOpcode(
        name, ConstraintFamily.STORE, List.of(), uses, ptx + " {a0}, {U2}", true);
  }

  /** A load from a symbol (a kernel parameter) plus an immediate byte offset. */
  static MachineOpcode loadSymbol(String name, String ptx, RegisterClass d) {
    return new MachineOpcode(
        name,
        ConstraintFamily.LOAD,
        List.of(d),
        List.of(OperandSpec.symbol(), OperandSpec.imm()),
        ptx + " {d0}, {a0}",
        false);
  }

  /** A store to a symbol (a return value or call argument) plus an immediate byte offset. */
  static MachineOpcode storeSymbol(String name, String ptx, RegisterClass v) {
    return new MachineOpcode(
        name,
        ConstraintFamily.STORE,
        List.of(),
        List.of(OperandSpec.symbol(), OperandSpec.imm(), reg(v)),
        ptx + " {a0}, {u2}",
        true);
  }

  /** A store to a base register plus an immediate byte offset. */
  static MachineOpcode store(String name, String ptx, RegisterClass v) {
    return new MachineOpcode(
        name,
        ConstraintFamily.STORE,
        List.of(),
        List.of(reg(RegisterClass.B64), OperandSpec.imm(), reg(v)),
        ptx + " {a0}, {u2}",
        true);
  }

  /** A register to a register of another class of the same width: the bits, unchanged. */
  static MachineOpcode crossCopy(String name, String ptx, RegisterClass d, RegisterClass s) {
    return new MachineOpcode(
        name, ConstraintFamily.CROSS_COPY, List.of(d), List.of(reg(s)), ptx + " {d0}, {u0}", false);
  }

  static MachineOpcode move(String name, String ptx, RegisterClass c) {
    return new MachineOpcode(
        name, ConstraintFamily.COPY, List.of(c), List.of(regOrImm(c)), ptx + " {d0}, {u0}", false);
  }
}
