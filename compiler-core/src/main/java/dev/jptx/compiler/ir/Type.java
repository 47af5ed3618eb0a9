package dev.jptx.compiler.ir;

/**
 * A type of the mid-level IR: a scalar ({@code i1 i8 i16 i32 i64 i128 f16 bf16 f32 f64}), a
 * fixed-width vector ({@code v2f16 v4f32}), a pointer into one address space ({@code ptr.global}),
 * or {@code void}. Every type has one textual name that {@link #parse} reads back.
 */
public sealed interface Type permits ScalarType, VectorType, PointerType, VoidType {

  /** The textual name, e.g. {@code i32}, {@code v2f16}, {@code ptr.shared}, {@code void}. */
  String text();

  /** Size in bits of a value of this type ({@code 0} for void). */
  int bits();

  /** Parses a name printed by {@link #text()}. */
  static Type parse(String text) {
    if (text.equals("void")) {
      return VoidType.VOID;
    }
    if (text.startsWith("ptr.")) {
      return new PointerType(AddressSpace.parse(text.substring(4)));
    }
    if (text.startsWith("v") && text.length() > 1 && Character.isDigit(text.charAt(1))) {
      int i = 1;
      while (i < text.length() && Character.isDigit(text.charAt(i))) {
        i++;
      }
      return new VectorType(
          ScalarType.parse(text.substring(i)), Integer.parseInt(text.substring(1, i)));
    }
    return ScalarType.parse(text);
  }
}
