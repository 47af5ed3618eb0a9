package dev.jptx.compiler.target;

/**
 * The operations of the SelectionDAG (LLVM's ISD vocabulary, trimmed to what jptx uses), shared by
 * the DAG, the legalization tables and instruction selection. Generic operations keep the IR's Java
 * semantics; the {@code PTX_} operations are what custom lowering turns them into, with the PTX
 * instruction's semantics (a shift by 32 or more gives 0 or the sign, {@code MIN / -1} is
 * unspecified, {@code cvt.rzi} maps NaN to 0 only for f32 to i32).
 */
public enum DagOpcode {
  // ---- leaves and glue
  ENTRY_TOKEN,
  TOKEN_FACTOR,
  CONSTANT,
  CONSTANT_FP,
  COPY_FROM_REG,
  COPY_TO_REG,
  LOAD_PARAM,
  SPECIAL_REG,
  // ---- integer
  ADD,
  SUB,
  MUL,
  SDIV,
  SREM,
  UDIV,
  UREM,
  AND,
  OR,
  XOR,
  SHL,
  SRA,
  SRL,
  NEG,
  /** The high half of the unsigned double-width product ({@code mul.hi.u64}). */
  MULHU,
  /** Set bits; the result is {@code i32} whatever the operand's width ({@code popc}). */
  CTPOP,
  /** Leading zeros, the width for zero; {@code i32} result ({@code clz}). */
  CTLZ,
  /** Trailing zeros, the width for zero; {@code i32} result (no PTX instruction). */
  CTTZ,
  BITREVERSE,
  BSWAP,
  /** Rotations by the count's low bits, as {@code Integer.rotateLeft}. */
  ROTL,
  ROTR,
  // ---- float
  FADD,
  FSUB,
  FMUL,
  FDIV,
  /** Java's float remainder; no PTX instruction, a call of the device library (LibCall). */
  FREM,
  FNEG,
  /** Fused multiply-add, rounded once ({@code fma.rn}). */
  FMA,
  /**
   * PTX {@code min}: the non-NaN operand if one is NaN, the canonical NaN if both are; on the half
   * types CUDA's {@code __hmin} ({@code -0.0} below {@code +0.0}).
   */
  FMINNUM,
  /** PTX {@code max}, CUDA's {@code __hmax} on the half types: as {@link #FMINNUM}. */
  FMAXNUM,
  // ---- compare and select
  SETCC,
  SELECT,
  // ---- conversions
  TRUNCATE,
  ZERO_EXTEND,
  SIGN_EXTEND,
  ANY_EXTEND,
  SIGN_EXTEND_INREG,
  FP_EXTEND,
  FP_ROUND,
  SINT_TO_FP,
  FP_TO_SINT_SAT,
  BITCAST,
  /** The float of a binary16 pattern held in an {@code i16} (where {@code f16} is promoted). */
  FP16_TO_FP,
  /** A float rounded to binary16, as its {@code i16} pattern (where {@code f16} is promoted). */
  FP_TO_FP16,
  // ---- parts of wide values (type legalization)
  /** An integer made of two halves: operand 0 the low, operand 1 the high. */
  BUILD_PAIR,
  /** Half {@code k} (operand 1, a constant: 0 low, 1 high) of a wide integer. */
  EXTRACT_ELEMENT,
  /** A vector made of its lanes, lane 0 first. */
  BUILD_VECTOR,
  /** Lane {@code k} (operand 1, a constant) of a vector. */
  EXTRACT_VECTOR_ELT,
  /** A vector made of smaller vectors, lanes in order. */
  CONCAT_VECTORS,
  /** The lanes from {@code k} (operand 1, a constant) of a vector, as a narrower vector. */
  EXTRACT_SUBVECTOR,
  /** A value whose bits do not matter (a widened vector's padding lanes). */
  UNDEF,
  // ---- memory
  LOAD,
  STORE,
  /** A read-modify-write; the operation is in the attributes. */
  ATOMIC,
  /** The address of a function-local ({@code .local}) object, by symbol. */
  FRAME_ADDR,
  /** The address of a module variable, by symbol, in its space. */
  GLOBAL_ADDR,
  /** A pointer in a state space to the generic address of the same byte ({@code cvta}). */
  ADDRSPACE_CAST,
  // ---- intrinsics: without effects, and chained (barriers, fences, output)
  INTRINSIC,
  INTRINSIC_CHAIN,
  // ---- control
  CALL,
  BR,
  BRCOND,
  RET,
  // ---- custom-lowered forms with PTX semantics
  PTX_SHL,
  PTX_SRA,
  PTX_SRL,
  PTX_SDIV,
  PTX_SREM,
  PTX_CVT_RZI,
  /**
   * A vector load into one result per lane, then the chain (LLVM's {@code NVPTXISD::LoadV2/V4}):
   * PTX's {@code ld.v2}/{@code ld.v4}; the memory type is the vector's.
   */
  LOAD_VECTOR,
  /** A vector store of its lane operands (after the chain, before the address) in one access. */
  STORE_VECTOR;

  /** True for nodes that produce a chain and must stay in order with other memory effects. */
  public boolean hasChain() {
    return switch (this) {
      case LOAD,
          STORE,
          LOAD_VECTOR,
          STORE_VECTOR,
          ATOMIC,
          INTRINSIC_CHAIN,
          CALL,
          COPY_TO_REG,
          BR,
          BRCOND,
          RET,
          TOKEN_FACTOR,
          ENTRY_TOKEN ->
          true;
      default -> false;
    };
  }

  /** True for operations whose two operands may be swapped. */
  public boolean isCommutative() {
    return switch (this) {
      case ADD, MUL, AND, OR, XOR, FADD, FMUL, FMINNUM, FMAXNUM -> true;
      default -> false;
    };
  }
}
