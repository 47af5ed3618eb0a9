package dev.jptx.compiler.target;

/**
 * The operand-constraint families of the seed's pattern database (isel-constraint-table.md): every
 * machine opcode belongs to one, which fixes the shape of its operands.
 */
public enum ConstraintFamily {
  /** One input, one result of the same class ({@code neg not mov}). */
  UNARY,
  /** Two inputs and a result of one class ({@code add and mul.lo}). */
  BINARY,
  /** Two inputs of different classes ({@code shl.b64} by a 32-bit count, {@code mul.wide}). */
  MIXED_BINARY,
  /** Two inputs, a predicate result ({@code setp}). */
  COMPARE,
  /** Three inputs of one class ({@code fma mad}). */
  TERNARY,
  /** A predicate and two values ({@code selp}). */
  SELECT,
  /** An address, a result ({@code ld}). */
  LOAD,
  /** An address, several results ({@code ld.v2 ld.v4}). */
  VECTOR_LOAD,
  /** An address and a value, no result ({@code st}). */
  STORE,
  /** A value of one class to another type ({@code cvt}). */
  CONVERSION,
  /** A register to a register of the same class ({@code mov}, {@code COPY}). */
  COPY,
  /** A register to a register of another class of the same width ({@code mov.b32 %f, %r}). */
  CROSS_COPY,
  /** The call ABI ({@code call}, {@code .param} set-up). */
  CALL,
  /** Read-modify-write on memory ({@code atom}). */
  ATOMIC,
  /** Compare-and-swap ({@code atom.cas}). */
  CAS,
  /** Control flow, possibly under a predicate guard ({@code bra ret}). */
  PREDICATED,
  /** No data operands, only ordering ({@code bar.sync membar}). */
  BARRIER,
  /** Warp-wide data exchange ({@code shfl.sync vote.sync}). */
  WARP,
  /** Machine-IR-only pseudo instructions ({@code PHI COPY IMPLICIT_DEF}). */
  PSEUDO
}
