package dev.jptx.compiler.ir;

import java.util.Locale;

/**
 * The IR opcodes. Their semantics are Java's wherever Java and PTX differ, so that every later
 * stage knows exactly what it must preserve:
 *
 * <ul>
 *   <li>{@code shl lshr ashr} use only the low 5 (i32) or 6 (i64) bits of the count;
 *   <li>{@code sdiv srem} round toward zero, and {@code MIN / -1 == MIN}, {@code MIN % -1 == 0};
 *       division by zero is undefined (checked code traps before it);
 *   <li>{@code fadd fsub fmul fdiv} round to nearest even, never contracted unless the function is
 *       {@code fastmath};
 *   <li>{@code fptosi} rounds toward zero, saturates, and maps NaN to 0;
 *   <li>{@code sitofp fptrunc} round to nearest even; {@code fptrunc} to {@code f16} or {@code
 *       bf16} makes a NaN the canonical {@code 0x7fff} ({@code Gpu.floatToHalf}), {@code fpext} is
 *       exact and keeps a NaN's payload;
 *   <li>{@code fadd fsub fmul} on vectors of floats ({@code v2f16}) round each lane once;
 *   <li>{@code addrspacecast} turns a pointer into one space into the generic address of the same
 *       byte;
 *   <li>arithmetic, {@code fneg} and {@code select} (with one {@code i1} condition) work lane by
 *       lane on vectors; {@code extractelement} reads one lane, {@code buildvector} makes a vector
 *       of its lanes;
 *   <li>a {@code load} or {@code store} of a vector needs an address aligned to the vector's size
 *       (the load/store vectorizer makes them only where it proves that), so the backend may use
 *       one PTX vector access.
 * </ul>
 */
public enum Opcode {
  ADD(Format.BINARY),
  SUB(Format.BINARY),
  MUL(Format.BINARY),
  SDIV(Format.BINARY),
  SREM(Format.BINARY),
  UDIV(Format.BINARY),
  UREM(Format.BINARY),
  AND(Format.BINARY),
  OR(Format.BINARY),
  XOR(Format.BINARY),
  SHL(Format.BINARY),
  LSHR(Format.BINARY),
  ASHR(Format.BINARY),
  FADD(Format.BINARY),
  FSUB(Format.BINARY),
  FMUL(Format.BINARY),
  FDIV(Format.BINARY),
  /** Java's float {@code %}: the remainder of the quotient truncated towards zero. */
  FREM(Format.BINARY),
  NEG(Format.UNARY),
  FNEG(Format.UNARY),
  ICMP(Format.COMPARE),
  FCMP(Format.COMPARE),
  TRUNC(Format.CAST),
  ZEXT(Format.CAST),
  SEXT(Format.CAST),
  FPTRUNC(Format.CAST),
  FPEXT(Format.CAST),
  SITOFP(Format.CAST),
  FPTOSI(Format.CAST),
  BITCAST(Format.CAST),
  ADDRSPACECAST(Format.CAST),
  SELECT(Format.SELECT),
  LOAD(Format.LOAD),
  STORE(Format.STORE),
  PTRADD(Format.PTR_ADD),
  EXTRACTELEMENT(Format.EXTRACT_ELEMENT),
  BUILDVECTOR(Format.BUILD_VECTOR),
  ATOMIC(Format.ATOMIC),
  ALLOCA(Format.ALLOCA),
  GLOBALADDR(Format.GLOBAL_ADDR),
  PHI(Format.PHI),
  CALL(Format.CALL),
  INTRINSIC(Format.INTRINSIC),
  JUMP(Format.JUMP),
  BR(Format.BRANCH),
  SWITCH(Format.SWITCH),
  RET(Format.RETURN);

  private final Format format;

  Opcode(Format format) {
    this.format = format;
  }

  /** The operand layout, which fixes the {@link InstData} record of this opcode. */
  public Format format() {
    return format;
  }

  /** True for opcodes that end a block. */
  public boolean isTerminator() {
    return format == Format.JUMP
        || format == Format.BRANCH
        || format == Format.SWITCH
        || format == Format.RETURN;
  }

  /** True for integer or float binary operations whose operands may be swapped. */
  public boolean isCommutative() {
    return switch (this) {
      case ADD, MUL, AND, OR, XOR, FADD, FMUL -> true;
      default -> false;
    };
  }

  /** True for binary operations on floating-point values. */
  public boolean isFloatArithmetic() {
    return switch (this) {
      case FADD, FSUB, FMUL, FDIV, FREM, FNEG -> true;
      default -> false;
    };
  }

  /** The textual spelling. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a spelling printed by {@link #text()}. */
  public static Opcode parse(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}
