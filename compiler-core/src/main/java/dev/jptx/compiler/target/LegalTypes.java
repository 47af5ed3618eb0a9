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
 */
public final class LegalTypes {
  /** A type held by a register class where {@code when} applies. */
  public record LegalRow(Type type, RegisterClass registerClass, Availability when) {}

  /** What to do with a type where {@code when} applies and no legal row does. */
  public record ActionRow(Type type, TypeAction action, Type into, Availability when) {}

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

  private static final List<ActionRow> ACTIONS =
      List.of(
          new ActionRow(
              ScalarType.I8, TypeAction.PROMOTE_INTEGER, ScalarType.I16, Availability.ALWAYS),
          new ActionRow(
              ScalarType.I128, TypeAction.EXPAND_INTEGER, ScalarType.I64, Availability.ALWAYS),
          new ActionRow(
              ScalarType.F16, TypeAction.PROMOTE_FLOAT, ScalarType.F32, Availability.ALWAYS),
          new ActionRow(
              ScalarType.BF16, TypeAction.PROMOTE_FLOAT, ScalarType.F32, Availability.ALWAYS));

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
    Type t = type instanceof PointerType ? ScalarType.I64 : type;
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
    for (ActionRow r : ACTIONS) {
      if (r.type().equals(type) && r.when().appliesTo(target)) {
        return r;
      }
    }
    return null;
  }

  /**
   * The legal type that carries values of {@code type} between blocks: the type itself if legal,
   * else the type its action turns it into ({@code i8 -> i16}), applied until legal.
   */
  public static Type registerType(Type type, SmTarget target) {
    Type t = type instanceof PointerType ? ScalarType.I64 : type;
    for (int guard = 0; guard < 4 && !isLegal(t, target); guard++) {
      ActionRow a = action(t, target);
      if (a == null) {
        throw new IllegalStateException(
            "no legal register type for " + type.text() + " on " + target);
      }
      t = a.into();
    }
    return t;
  }

  /** The legal-type rows, for table tests. */
  public static List<LegalRow> legalRows() {
    return LEGAL;
  }
}
