package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import java.util.List;

/**
 * The legal-type model of the seed's type-legalization chapter, as rows: which register class holds
 * which type from which SM on, and what happens to types no class holds. Pointers are {@code i64}
 * in the backend. The first row that applies wins.
 *
 * <p>Vectors: the only vector registers are the 32-bit packed ones ({@code v2f16 v2bf16 v2i16
 * v4i8}), so what happens to a vector depends on its lane count compared with the lane count P of
 * its element's packed vector where that one is legal ({@link #VECTOR_ACTIONS}, one row per lane
 * condition): with a P, fewer lanes or a count that is not a power of two widen to the next power
 * of two ({@code v3i8 -> v4i8}), more lanes split in halves ({@code v8i8 -> 2 x v4i8}); without one
 * (f32, f64, i32, i64, f16 below sm_53), an even count above two splits ({@code v4f32 -> 2 x
 * v2f32}) and what is left is scalarized ({@code v2f32 -> 2 x f32}, {@code v3f32 -> 3 x f32}). The
 * fixpoint loop repeats the rule on its results ({@code v8f32 -> v4f32 -> v2f32 -> f32}).
 */
public final class LegalTypes {
  /** A type held by a register class where {@code when} applies. */
  public record LegalRow(Type type, RegisterClass registerClass, Availability when) {}

  /** What to do with a type where {@code when} applies and no legal row does. */
  public record ActionRow(Type type, TypeAction action, Type into, Availability when) {}

  /**
   * A lane condition of the vector rule: {@code lanes} against {@code packed}, the lane count of
   * the element's legal packed vector on the target, or 0 if it has none there.
   */
  public enum Lanes {
    /** A packed vector exists; fewer lanes than it, or a count that is not a power of two. */
    BELOW_PACKED_OR_NOT_POWER_OF_TWO,
    /** A packed vector exists and this one has more lanes (a power of two). */
    ABOVE_PACKED,
    /** No packed vector; an even lane count above two. */
    UNPACKED_EVEN,
    /** No packed vector; two lanes, or an odd count. */
    UNPACKED_REST;

    boolean holds(int lanes, int packed) {
      boolean pow2 = Integer.bitCount(lanes) == 1;
      return switch (this) {
        case BELOW_PACKED_OR_NOT_POWER_OF_TWO -> packed > 0 && (lanes < packed || !pow2);
        case ABOVE_PACKED -> packed > 0 && lanes > packed;
        case UNPACKED_EVEN -> packed == 0 && lanes > 2 && lanes % 2 == 0;
        case UNPACKED_REST -> packed == 0;
      };
    }
  }

  /** What to do with a vector whose lane count meets {@code lanes}. */
  public record VectorActionRow(Lanes lanes, TypeAction action) {}

  private static final VectorType V2F16 = new VectorType(ScalarType.F16, 2);
  private static final VectorType V2BF16 = new VectorType(ScalarType.BF16, 2);
  private static final VectorType V2I16 = new VectorType(ScalarType.I16, 2);
  private static final VectorType V4I8 = new VectorType(ScalarType.I8, 4);

  private static final List<LegalRow> LEGAL =
      List.of(
          new LegalRow(ScalarType.I1, RegisterClass.PRED, Availability.ALWAYS),
          new LegalRow(ScalarType.I16, RegisterClass.B16, Availability.ALWAYS),
          new LegalRow(ScalarType.I32, RegisterClass.B32, Availability.ALWAYS),
          new LegalRow(ScalarType.I64, RegisterClass.B64, Availability.ALWAYS),
          new LegalRow(ScalarType.F32, RegisterClass.F32, Availability.ALWAYS),
          new LegalRow(ScalarType.F64, RegisterClass.F64, Availability.ALWAYS),
          // scalar f16 arithmetic from sm_53; bf16 registers from sm_80
          new LegalRow(ScalarType.F16, RegisterClass.H16, Availability.fromSm(53)),
          new LegalRow(ScalarType.BF16, RegisterClass.H16, Availability.fromSm(80)),
          // packed halves: loads and stores from sm_53, arithmetic from sm_70 (operation table)
          new LegalRow(V2F16, RegisterClass.H32, Availability.fromSm(53)),
          new LegalRow(V2BF16, RegisterClass.H32, Availability.fromSm(80)),
          new LegalRow(V2I16, RegisterClass.H32, Availability.fromSm(53)),
          new LegalRow(V4I8, RegisterClass.H32, Availability.fromSm(53)),
          // .b128 registers need sm_70 and PTX ISA 8.3
          new LegalRow(ScalarType.I128, RegisterClass.B128, Availability.from(70, "8.3")),
          // sm_100's packed narrow floats. The seed files them under Int32HalfRegs; PTX's cvt
          // writes them to a .b8 (e2m1x2) or .b16 register, so they live in %rs
          new LegalRow(packed(ScalarType.E2M1), RegisterClass.B16, Availability.from(100, "8.6")),
          new LegalRow(packed(ScalarType.E2M3), RegisterClass.B16, Availability.from(100, "8.6")),
          new LegalRow(packed(ScalarType.E3M2), RegisterClass.B16, Availability.from(100, "8.6")),
          new LegalRow(packed(ScalarType.UE8M0), RegisterClass.B16, Availability.from(100, "8.6")));

  // spotless:off
  private static final List<ActionRow> ACTIONS = List.of(
      new ActionRow(ScalarType.I8,   TypeAction.PROMOTE_INTEGER, ScalarType.I16, Availability.ALWAYS),
      new ActionRow(ScalarType.I128, TypeAction.EXPAND_INTEGER,  ScalarType.I64, Availability.ALWAYS),
      new ActionRow(ScalarType.F16,  TypeAction.PROMOTE_FLOAT,   ScalarType.F32, Availability.ALWAYS),
      new ActionRow(ScalarType.BF16, TypeAction.PROMOTE_FLOAT,   ScalarType.F32, Availability.ALWAYS));
  // spotless:on

  private static final List<VectorActionRow> VECTOR_ACTIONS =
      List.of(
          new VectorActionRow(Lanes.BELOW_PACKED_OR_NOT_POWER_OF_TWO, TypeAction.WIDEN_VECTOR),
          new VectorActionRow(Lanes.ABOVE_PACKED, TypeAction.SPLIT_VECTOR),
          new VectorActionRow(Lanes.UNPACKED_EVEN, TypeAction.SPLIT_VECTOR),
          new VectorActionRow(Lanes.UNPACKED_REST, TypeAction.SCALARIZE_VECTOR));

  private LegalTypes() {}

  private static VectorType packed(ScalarType narrowFloat) {
    return new VectorType(narrowFloat, 2);
  }

  /**
   * The class holding {@code type} on {@code target}, or null if the type is not legal there. A
   * row's PTX ISA condition is checked against the target's own minimum, the module's {@code
   * .version} unless an instruction needs more: a register type must not raise it (a {@code .b128}
   * module would need a CUDA 12.3 driver), so {@code i128} is expanded wherever the target's
   * minimum ISA lacks {@code .b128}.
   */
  public static RegisterClass registerClass(Type type, SmTarget target) {
    Type t = type instanceof PointerType p ? AddressWidths.type(p.space()) : type;
    for (LegalRow r : LEGAL) {
      if (r.type().equals(t) && r.when().appliesTo(target, target.minimumPtx())) {
        return r.registerClass();
      }
    }
    return null;
  }

  /** True if a register class holds {@code type} on {@code target}. */
  public static boolean isLegal(Type type, SmTarget target) {
    return registerClass(type, target) != null;
  }

  /** The action for an illegal type, or null if the table has none (a compiler bug). */
  public static ActionRow action(Type type, SmTarget target) {
    if (type instanceof VectorType v) {
      return vectorAction(v, target);
    }
    for (ActionRow r : ACTIONS) {
      if (r.type().equals(type) && r.when().appliesTo(target)) {
        return r;
      }
    }
    return null;
  }

  /** The vector rule's row for {@code v}, with the type it makes. */
  private static ActionRow vectorAction(VectorType v, SmTarget target) {
    int packed = packedLanes(v.element(), target);
    for (VectorActionRow r : VECTOR_ACTIONS) {
      if (r.lanes().holds(v.lanes(), packed)) {
        Type into =
            switch (r.action()) {
              case WIDEN_VECTOR ->
                  new VectorType(
                      v.element(), Math.max(packed, Integer.highestOneBit(v.lanes() - 1) << 1));
              case SPLIT_VECTOR -> half(v);
              default -> v.element();
            };
        return new ActionRow(v, r.action(), into, Availability.ALWAYS);
      }
    }
    return null;
  }

  /** The half of {@code v}: its element, or a vector of half the lanes. */
  private static Type half(VectorType v) {
    return v.lanes() == 2 ? v.element() : new VectorType(v.element(), v.lanes() / 2);
  }

  /** The lane count of the legal packed vector of {@code element} on {@code target}, or 0. */
  public static int packedLanes(ScalarType element, SmTarget target) {
    for (LegalRow r : LEGAL) {
      if (r.type() instanceof VectorType v
          && v.element() == element
          && r.when().appliesTo(target, target.minimumPtx())) {
        return v.lanes();
      }
    }
    return 0;
  }

  /** The vector rule's rows, for table tests and documentation. */
  public static List<VectorActionRow> vectorActionRows() {
    return VECTOR_ACTIONS;
  }

  /**
   * The legal type that carries values of {@code type} between blocks: the type itself if legal,
   * else the type its action turns it into ({@code i8 -> i16}, {@code f16 -> f32}), applied until
   * legal; a vector no class holds travels as the integer of its width ({@code v2f16 -> i32}).
   */
  public static Type registerType(Type type, SmTarget target) {
    Type t = type instanceof PointerType p ? AddressWidths.type(p.space()) : type;
    if (t instanceof VectorType v && !isLegal(v, target)) {
      t = bitsCarrier(v, target);
      if (t == null) {
        throw new IllegalStateException(
            "no legal register type for " + type.text() + " on " + target);
      }
    }
    for (int guard = 0; guard < 8 && !isLegal(t, target); guard++) {
      ActionRow a = action(t, target);
      if (a == null) {
        throw new IllegalStateException(
            "no legal register type for " + type.text() + " on " + target);
      }
      t = a.into();
    }
    return t;
  }

  /**
   * The legal integer as wide as {@code v}, which carries an illegal vector's bits between blocks
   * ({@code v2f16 -> i32} below sm_53); null if there is none ({@code v4f32}: such a vector must
   * stay in its block, as a register holds one value).
   */
  public static Type bitsCarrier(VectorType v, SmTarget target) {
    for (ScalarType t : List.of(ScalarType.I16, ScalarType.I32, ScalarType.I64)) {
      if (t.bits() == v.bits() && isLegal(t, target)) {
        return t;
      }
    }
    return null;
  }

  /** The legal-type rows, for table tests. */
  public static List<LegalRow> legalRows() {
    return LEGAL;
  }
}
