package dev.jptx.compiler.ir;

/** The scalar types of the IR. Integers carry no signedness; operations do. */
public enum ScalarType implements Type {
  I1(1, false),
  I8(8, false),
  I16(16, false),
  I32(32, false),
  I64(64, false),
  I128(128, false),
  F16(16, true),
  BF16(16, true),
  F32(32, true),
  F64(64, true),
  // the narrow float formats of sm_100's tensor-core feeders, only ever packed in pairs (e2m1x2,
  // e2m3x2, e3m2x2, ue8m0x2): legal-type rows only; nothing in Java produces them yet
  E2M1(4, true),
  E2M3(6, true),
  E3M2(6, true),
  UE8M0(8, true);

  private final int bits;
  private final boolean floating;

  ScalarType(int bits, boolean floating) {
    this.bits = bits;
    this.floating = floating;
  }

  @Override
  public int bits() {
    return bits;
  }

  /** True for {@code f16 bf16 f32 f64} and the narrow tensor-core formats. */
  public boolean isFloat() {
    return floating;
  }

  /** True for {@code i1 .. i128}. */
  public boolean isInteger() {
    return !floating;
  }

  /** The integer type of the given width. */
  public static ScalarType integer(int bits) {
    for (ScalarType t : values()) {
      if (t.isInteger() && t.bits == bits) {
        return t;
      }
    }
    throw new IllegalArgumentException("no integer type of " + bits + " bits");
  }

  /** Parses {@code i32}, {@code f64}, ... */
  public static ScalarType parse(String text) {
    for (ScalarType t : values()) {
      if (t.name().equalsIgnoreCase(text)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown type '" + text + "'");
  }

  @Override
  public String text() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  @Override
  public String toString() {
    return text();
  }
}
