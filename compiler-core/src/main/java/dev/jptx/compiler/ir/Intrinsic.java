package dev.jptx.compiler.ir;

import static dev.jptx.compiler.ir.ScalarType.I1;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.Signature.Kind.ANY_FLOAT;
import static dev.jptx.compiler.ir.Signature.Kind.BITS;
import static dev.jptx.compiler.ir.Signature.Kind.FLOAT;
import static dev.jptx.compiler.ir.Signature.Kind.INT;

import java.util.List;

/**
 * Operations the IR names but does not spell out: thread geometry, the integer and float operations
 * Java's libraries offer, barriers and fences, warp operations, half-precision arithmetic, output
 * and traps. How each maps to PTX is the backend's business (a selection row, or a lowering where
 * the target lacks an instruction); here an intrinsic carries its signature and its {@link Effect}.
 *
 * <p>Semantics are PTX's where a row says so (the frontend builds Java's on top): {@code fminnum}
 * returns the non-NaN operand like PTX {@code min.f32}; {@code shfl.*} are CUDA's {@code
 * __shfl_*_sync} on 32 bits.
 */
public enum Intrinsic {
  // ---- thread geometry (special registers)
  TID_X("tid.x", Signature.of(I32)),
  TID_Y("tid.y", Signature.of(I32)),
  TID_Z("tid.z", Signature.of(I32)),
  NTID_X("ntid.x", Signature.of(I32)),
  NTID_Y("ntid.y", Signature.of(I32)),
  NTID_Z("ntid.z", Signature.of(I32)),
  CTAID_X("ctaid.x", Signature.of(I32)),
  CTAID_Y("ctaid.y", Signature.of(I32)),
  CTAID_Z("ctaid.z", Signature.of(I32)),
  NCTAID_X("nctaid.x", Signature.of(I32)),
  NCTAID_Y("nctaid.y", Signature.of(I32)),
  NCTAID_Z("nctaid.z", Signature.of(I32)),
  LANEID("laneid", Signature.of(I32)),
  /** Bytes of dynamic shared memory of the launch ({@code %dynamic_smem_size}). */
  DYNAMIC_SMEM_SIZE("dynamic_smem_size", Signature.of(I32)),

  // ---- integer operations of Integer, Long and Math
  SMIN("smin", Signature.uniform(2, INT)),
  SMAX("smax", Signature.uniform(2, INT)),
  UMIN("umin", Signature.uniform(2, INT)),
  UMAX("umax", Signature.uniform(2, INT)),
  /** Two's-complement absolute value; {@code abs(MIN) == MIN}, as in Java. */
  ABS("abs", Signature.uniform(1, INT)),
  /** The high half of the signed double-width product ({@code Math.multiplyHigh}). */
  MULHI("mulhi", Signature.uniform(2, INT)),
  CTPOP("ctpop", new Signature.FromAny(I32, BITS)),
  /** Leading zeros; the operand's width for zero. */
  CTLZ("ctlz", new Signature.FromAny(I32, BITS)),
  /** Trailing zeros; the operand's width for zero. */
  CTTZ("cttz", new Signature.FromAny(I32, BITS)),
  BITREVERSE("bitreverse", Signature.uniform(1, BITS)),
  BSWAP("bswap", Signature.uniform(1, BITS)),
  /** Rotations by the low 5 (6) bits of the i32 count, as {@code Integer.rotateLeft}. */
  ROTL("rotl", Signature.uniform(1, BITS, I32)),
  ROTR("rotr", Signature.uniform(1, BITS, I32)),
  /**
   * Funnel shift left: the high word of {@code hi:lo} shifted left by {@code n mod 32}, {@code
   * fshl(hi, lo, n)}; PTX {@code shf.l.wrap}. Formed from {@code (hi << n) | (lo >>> (32 - n))}.
   */
  FSHL("fshl", Signature.of(I32, I32, I32, I32)),
  /**
   * Bit-field insert: {@code base} with the {@code len} bits at {@code pos} replaced by the low
   * {@code len} bits of {@code insert}, {@code bfi(base, insert, pos, len)}; PTX {@code bfi}.
   * Formed only with constant {@code pos >= 0}, {@code len >= 1} and {@code pos + len <=} the
   * width.
   */
  BFI("bfi", Signature.uniform(2, INT, I32, I32)),

  // ---- float operations of Math (exact ones) and of Gpu's half precision
  /**
   * PTX {@code min}: the non-NaN operand if one is NaN, the canonical NaN if both are. On the half
   * types ({@code f16 bf16}, lane by lane on {@code v2f16 v2bf16}) it is CUDA's {@code __hmin}:
   * {@code -0.0} is below {@code +0.0} as well.
   */
  FMINNUM("fminnum", Signature.uniform(2, ANY_FLOAT)),
  /** PTX {@code max}, CUDA's {@code __hmax} on the half types: as {@link #FMINNUM}. */
  FMAXNUM("fmaxnum", Signature.uniform(2, ANY_FLOAT)),
  FABS("fabs", Signature.uniform(1, FLOAT)),
  /**
   * PTX {@code copysign} in PTX's operand order: the second operand with the sign bit of the first
   * ({@code copysign(sign, magnitude)}), a NaN's sign bit included, as {@code Math.copySign}.
   */
  COPYSIGN("copysign", Signature.uniform(2, FLOAT)),
  /** Correctly rounded square root. */
  SQRT("sqrt", Signature.uniform(1, FLOAT)),
  /** Fused multiply-add, rounded once (lane by lane on vectors). */
  FMA("fma", Signature.uniform(3, ANY_FLOAT)),
  FLOOR("floor", Signature.uniform(1, FLOAT)),
  CEIL("ceil", Signature.uniform(1, FLOAT)),
  /** Round to nearest even integer ({@code Math.rint}). */
  RINT("rint", Signature.uniform(1, FLOAT)),
  /** Round toward zero to an integer value. */
  FTRUNC("ftrunc", Signature.uniform(1, FLOAT)),

  // ---- the hardware approximations GpuMath uses under fastMath (PTX .approx.f32; errors per ISA)
  SIN_APPROX("sin.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  COS_APPROX("cos.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  /** {@code 2^x}. */
  EX2_APPROX("ex2.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  /** {@code log2(x)}. */
  LG2_APPROX("lg2.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  SQRT_APPROX("sqrt.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  RSQRT_APPROX("rsqrt.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  /** {@code tanh(x)}, 2^-11 relative; expanded per target where the hardware lacks it. */
  TANH_APPROX("tanh.approx", Signature.of(ScalarType.F32, ScalarType.F32)),
  // ---- the same with subnormal operands and results flushed, for the accurate GpuMath library's
  // reduced arguments, where no subnormal occurs and the flush saves the code that keeps them
  /** {@code 2^x}, subnormals flushed. */
  EX2_APPROX_FTZ("ex2.approx.ftz", Signature.of(ScalarType.F32, ScalarType.F32)),
  /** {@code 1/x}, subnormals flushed. */
  RCP_APPROX_FTZ("rcp.approx.ftz", Signature.of(ScalarType.F32, ScalarType.F32)),
  /** {@code 1/sqrt(x)}, subnormals flushed. */
  RSQRT_APPROX_FTZ("rsqrt.approx.ftz", Signature.of(ScalarType.F32, ScalarType.F32)),

  // ---- barriers and fences
  BARRIER("barrier", Effect.MEMORY, Signature.of(VoidType.VOID)),
  /** {@code syncThreadsCount}: the number of threads whose predicate is true. */
  BARRIER_POPC("barrier.popc", Effect.MEMORY, Signature.of(I32, I1)),
  BARRIER_AND("barrier.and", Effect.MEMORY, Signature.of(I1, I1)),
  BARRIER_OR("barrier.or", Effect.MEMORY, Signature.of(I1, I1)),
  /** {@code syncWarp(mask)}. */
  SYNCWARP("syncwarp", Effect.MEMORY, Signature.of(VoidType.VOID, I32)),
  FENCE_BLOCK("fence.block", Effect.MEMORY, Signature.of(VoidType.VOID)),
  FENCE_GPU("fence.gpu", Effect.MEMORY, Signature.of(VoidType.VOID)),
  FENCE_SYSTEM("fence.system", Effect.MEMORY, Signature.of(VoidType.VOID)),

  // ---- warp operations: (value, lane or delta, member mask)
  SHFL_IDX("shfl.idx", Effect.CONVERGENT, Signature.of(I32, I32, I32, I32)),
  SHFL_UP("shfl.up", Effect.CONVERGENT, Signature.of(I32, I32, I32, I32)),
  SHFL_DOWN("shfl.down", Effect.CONVERGENT, Signature.of(I32, I32, I32, I32)),
  SHFL_XOR("shfl.xor", Effect.CONVERGENT, Signature.of(I32, I32, I32, I32)),
  /** (member mask, predicate). */
  VOTE_BALLOT("vote.ballot", Effect.CONVERGENT, Signature.of(I32, I32, I1)),
  VOTE_ANY("vote.any", Effect.CONVERGENT, Signature.of(I1, I32, I1)),
  VOTE_ALL("vote.all", Effect.CONVERGENT, Signature.of(I1, I32, I1)),
  /**
   * Ordered with barriers and memory operations, like LLVM's {@code IntrInaccessibleMemOnly}
   * activemask: which lanes are active is thread state that a barrier or an exit changes, so it
   * must not move across one (the simulator and the jvm device run lanes one at a time, and a lane
   * that finished after a barrier is no longer active).
   */
  ACTIVEMASK("activemask", Effect.MEMORY, Signature.of(I32)),

  // ---- output and traps
  /** CUDA's {@code vprintf(format, argument buffer)}: both generic addresses. */
  VPRINTF(
      "vprintf",
      Effect.MEMORY,
      Signature.of(
          I32, new PointerType(AddressSpace.GENERIC), new PointerType(AddressSpace.GENERIC))),
  TRAP("trap", Effect.MEMORY, Signature.of(VoidType.VOID)),

  // ---- checks and memory set-up, lowered to plain IR before the backend
  /** With {@code checks} on: trap unless {@code 0 <= index < length} (index, length). */
  CHECK_INDEX("check.index", Effect.MEMORY, Signature.of(VoidType.VOID, I32, I32)),
  /** With {@code checks} on: trap if the divisor is zero. */
  CHECK_DIVISOR("check.divisor", Effect.MEMORY, new Signature.FromAny(VoidType.VOID, INT)),
  /**
   * With {@code checks} on: trap unless {@code 0 <= from <= to <= length} (from, to, length), the
   * range of {@code Arrays.fill}.
   */
  CHECK_RANGE("check.range", Effect.MEMORY, Signature.of(VoidType.VOID, I32, I32, I32)),
  /**
   * Always, {@code checks} or not: trap if the argument is negative. Its sign bit is the overflow
   * of a {@code Math.*Exact} method; its width picks Java's message ("integer overflow", "long
   * overflow").
   */
  CHECK_OVERFLOW("check.overflow", Effect.MEMORY, new Signature.FromAny(VoidType.VOID, INT)),
  /** As {@link #CHECK_OVERFLOW}, for {@code Math.absExact}, whose message names the minimum. */
  CHECK_ABS_OVERFLOW("check.absoverflow", Effect.MEMORY, new Signature.FromAny(VoidType.VOID, INT)),
  /** Zeroes {@code bytes} (a multiple of 4) of local memory, as Java zeroes a new array. */
  MEMZERO(
      "memzero",
      Effect.MEMORY,
      Signature.of(VoidType.VOID, new PointerType(AddressSpace.LOCAL), I32));

  /** What an intrinsic does besides computing its result. */
  public enum Effect {
    /** Nothing: may be removed if unused, moved, merged. */
    PURE,
    /**
     * Nothing to memory, but the result depends on which threads execute it together: may be
     * removed if unused, but not moved across control flow or duplicated into divergent paths.
     */
    CONVERGENT,
    /** Reads or writes memory, synchronizes or stops threads: never removed or reordered. */
    MEMORY
  }

  private final String text;
  private final Effect effect;
  private final Signature signature;

  Intrinsic(String text, Signature signature) {
    this(text, Effect.PURE, signature);
  }

  Intrinsic(String text, Effect effect, Signature signature) {
    this.text = text;
    this.effect = effect;
    this.signature = signature;
  }

  /** The textual spelling. */
  public String text() {
    return text;
  }

  /** The types it accepts. */
  public Signature signature() {
    return signature;
  }

  /** The result type of an intrinsic with a fixed signature. */
  public Type result() {
    if (signature instanceof Signature.Fixed f) {
      return f.result();
    }
    if (signature instanceof Signature.FromAny a) {
      return a.result();
    }
    throw new IllegalStateException(text + " is overloaded: its result type is the call's");
  }

  /** The parameter types of an intrinsic with a fixed signature. */
  public List<Type> params() {
    if (signature instanceof Signature.Fixed f) {
      return f.params();
    }
    throw new IllegalStateException(text + " is overloaded");
  }

  /** What it does besides computing its result. */
  public Effect effect() {
    return effect;
  }

  /** True if the intrinsic may not be removed, duplicated or moved across other effects. */
  public boolean hasSideEffects() {
    return effect == Effect.MEMORY;
  }

  /** Parses a spelling printed by {@link #text()}. */
  public static Intrinsic parse(String text) {
    for (Intrinsic i : values()) {
      if (i.text.equals(text)) {
        return i;
      }
    }
    throw new IllegalArgumentException("unknown intrinsic '" + text + "'");
  }
}
