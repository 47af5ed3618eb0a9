package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The row constructors of the machine-opcode tables, one per operand shape (Cranelift's instruction
 * formats): each takes the PTX mnemonic and the register classes, and builds the operands and the
 * print template, so that a table row reads {@code ADD_S32("any", binary("add.s32", B32))}. A row
 * no shape fits says everything itself ({@link #pure}, {@link #effectful}).
 */
final class Rows {
  private Rows() {}

  /** A row of its own: family, template, result classes, sources; no side effects. */
  static OpcodeShape pure(
      ConstraintFamily family, String template, List<RegisterClass> defs, OperandSpec... uses) {
    return new OpcodeShape(family, defs, List.of(uses), template, false);
  }

  /** A row of its own that may not be removed or reordered across other effects. */
  static OpcodeShape effectful(
      ConstraintFamily family, String template, List<RegisterClass> defs, OperandSpec... uses) {
    return new OpcodeShape(family, defs, List.of(uses), template, true);
  }

  /** A machine-IR-only instruction: no template; the verifier checks its operands. */
  static OpcodeShape pseudo() {
    return pure(ConstraintFamily.PSEUDO, "", List.of());
  }

  static OpcodeShape unary(String ptx, RegisterClass c) {
    return pure(ConstraintFamily.UNARY, ptx + " {d0}, {u0}", List.of(c), reg(c));
  }

  static OpcodeShape binary(String ptx, RegisterClass c) {
    // predicates have no immediate form
    OperandSpec second = c == RegisterClass.PRED ? reg(c) : regOrImm(c);
    return pure(ConstraintFamily.BINARY, ptx + " {d0}, {u0}, {u1}", List.of(c), reg(c), second);
  }

  static OpcodeShape mixed(String ptx, RegisterClass d, OperandSpec a, OperandSpec b) {
    return pure(ConstraintFamily.MIXED_BINARY, ptx + " {d0}, {u0}, {u1}", List.of(d), a, b);
  }

  static OpcodeShape ternary(String ptx, RegisterClass c) {
    return pure(
        ConstraintFamily.TERNARY,
        ptx + " {d0}, {u0}, {u1}, {u2}",
        List.of(c),
        reg(c),
        regOrImm(c),
        regOrImm(c));
  }

  /** {@code mad.wide.s32}: 32-bit factors, a 64-bit addend and result. */
  static OpcodeShape wideTernary(String ptx) {
    return pure(
        ConstraintFamily.TERNARY,
        ptx + " {d0}, {u0}, {u1}, {u2}",
        List.of(RegisterClass.B64),
        reg(RegisterClass.B32),
        regOrImm(RegisterClass.B32),
        regOrImm(RegisterClass.B64));
  }

  /** {@code setp.<cmp>.<type>}: the comparison is operand 0, spelled into the mnemonic. */
  static OpcodeShape compare(String type, RegisterClass c) {
    return pure(
        ConstraintFamily.COMPARE,
        "setp.{u0}." + type + " {d0}, {u1}, {u2}",
        List.of(RegisterClass.PRED),
        OperandSpec.condition(),
        reg(c),
        regOrImm(c));
  }

  static OpcodeShape select(String ptx, RegisterClass c) {
    return pure(
        ConstraintFamily.SELECT,
        ptx + " {d0}, {u0}, {u1}, {u2}",
        List.of(c),
        regOrImm(c),
        regOrImm(c),
        reg(RegisterClass.PRED));
  }

  static OpcodeShape convert(String ptx, RegisterClass d, RegisterClass s) {
    return pure(ConstraintFamily.CONVERSION, ptx + " {d0}, {u0}", List.of(d), reg(s));
  }

  /** A load from a base register plus an immediate byte offset. */
  static OpcodeShape load(String ptx, RegisterClass d, RegisterClass address) {
    return pure(
        ConstraintFamily.LOAD, ptx + " {d0}, {a0}", List.of(d), reg(address), OperandSpec.imm());
  }

  /**
   * A vector load ({@code ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16]}): one result per lane,
   * from a base register plus an immediate byte offset.
   */
  static OpcodeShape vectorLoad(String ptx, RegisterClass d, int lanes, RegisterClass address) {
    return pure(
        ConstraintFamily.VECTOR_LOAD,
        ptx + " {D0}, {a0}",
        Collections.nCopies(lanes, d),
        reg(address),
        OperandSpec.imm());
  }

  /** A vector store: the address (base register, byte offset), then one source per lane. */
  static OpcodeShape vectorStore(String ptx, RegisterClass v, int lanes, RegisterClass address) {
    List<OperandSpec> uses = new ArrayList<>();
    uses.add(reg(address));
    uses.add(OperandSpec.imm());
    for (int k = 0; k < lanes; k++) {
      uses.add(reg(v));
    }
    return new OpcodeShape(ConstraintFamily.STORE, List.of(), uses, ptx + " {a0}, {U2}", true);
  }

  /** A load from a symbol (a kernel parameter, a spill slot) plus an immediate byte offset. */
  static OpcodeShape loadSymbol(String ptx, RegisterClass d) {
    return pure(
        ConstraintFamily.LOAD,
        ptx + " {d0}, {a0}",
        List.of(d),
        OperandSpec.symbol(),
        OperandSpec.imm());
  }

  /** A store to a symbol (a return value, a call argument, a spill slot) plus a byte offset. */
  static OpcodeShape storeSymbol(String ptx, RegisterClass v) {
    return effectful(
        ConstraintFamily.STORE,
        ptx + " {a0}, {u2}",
        List.of(),
        OperandSpec.symbol(),
        OperandSpec.imm(),
        reg(v));
  }

  /** A store to a base register plus an immediate byte offset. */
  static OpcodeShape store(String ptx, RegisterClass v, RegisterClass address) {
    return effectful(
        ConstraintFamily.STORE,
        ptx + " {a0}, {u2}",
        List.of(),
        reg(address),
        OperandSpec.imm(),
        reg(v));
  }

  /** A register to a register of another class of the same width: the bits, unchanged. */
  static OpcodeShape crossCopy(String ptx, RegisterClass d, RegisterClass s) {
    return pure(ConstraintFamily.CROSS_COPY, ptx + " {d0}, {u0}", List.of(d), reg(s));
  }

  static OpcodeShape move(String ptx, RegisterClass c) {
    return pure(ConstraintFamily.COPY, ptx + " {d0}, {u0}", List.of(c), regOrImm(c));
  }
}
