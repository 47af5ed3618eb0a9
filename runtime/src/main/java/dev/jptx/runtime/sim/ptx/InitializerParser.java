package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a variable's initializer after the {@code =}, and flattens it to memory order. The
 * variable's shape is its dimensions plus, for a vector type, the vector width as the innermost
 * dimension; a brace list at depth {@code d} fills one sub-array of depth {@code d} and is padded
 * with zeros to its size. An unsized first dimension takes its size from the initializer.
 */
final class InitializerParser {
  private final TokenCursor cursor;
  private final PtxType type;
  private final List<Long> dims;
  private final List<Long> shape = new ArrayList<>();
  private final List<InitValue> values = new ArrayList<>();

  InitializerParser(TokenCursor cursor, PtxType type, int vectorWidth, List<Long> dims) {
    this.cursor = cursor;
    this.type = type;
    this.dims = new ArrayList<>(dims);
    shape.addAll(dims);
    if (vectorWidth > 1) {
      shape.add((long) vectorWidth);
    }
  }

  /** Parses the initializer; the cursor is just past the {@code =}. */
  Initializer parse() {
    Token start = cursor.peek();
    if (type == PtxType.PRED) {
      throw TokenCursor.error(start, "a predicate cannot be initialized");
    }
    if (cursor.at("{")) {
      list(0);
    } else {
      values.add(scalar());
    }
    long perFirst = subSize(1);
    if (!dims.isEmpty() && dims.get(0) < 0) {
      long inferred = Math.max(1, (values.size() + perFirst - 1) / perFirst);
      dims.set(0, inferred);
      shape.set(0, inferred);
    }
    long capacity = subSize(0);
    if (values.size() > capacity) {
      throw TokenCursor.error(
          start, "too many initializers: " + values.size() + " for " + capacity + " elements");
    }
    return new Initializer(values);
  }

  /** The dimensions, the unsized one filled in from the initializer. */
  List<Long> dims() {
    return dims;
  }

  private void list(int depth) {
    cursor.expect("{");
    if (cursor.accept("}")) {
      return;
    }
    do {
      if (cursor.at("{")) {
        int start = values.size();
        list(depth + 1);
        long size = subSize(depth + 1);
        while (values.size() - start < size) {
          values.add(new InitValue.Constant(0));
        }
      } else {
        values.add(scalar());
      }
    } while (cursor.accept(","));
    cursor.expect("}");
  }

  /** The number of scalars in one sub-array at {@code depth}; an unsized dimension counts as 1. */
  private long subSize(int depth) {
    long size = 1;
    for (int i = depth; i < shape.size(); i++) {
      size *= Math.max(1, shape.get(i));
    }
    return size;
  }

  private InitValue scalar() {
    Token token = cursor.peek();
    if (token.kind() == Kind.IDENT) {
      return address();
    }
    boolean negative = token.is("-") && cursor.peek(1).kind() == Kind.FLOAT;
    if (token.kind() == Kind.FLOAT || negative) {
      if (negative) {
        cursor.next();
      }
      FloatImm value = Literals.floatValue(cursor.next());
      return new InitValue.Constant(floatBits(token, negative ? value.negate() : value));
    }
    if (!Literals.startsIntExpr(token)) {
      throw TokenCursor.error(token, "expected an initializer but found " + token.describe());
    }
    return new InitValue.Constant(intBits(Literals.intExpr(cursor)));
  }

  private InitValue address() {
    Token token = cursor.next();
    if (type.bits() < 32 || type.isFloat()) {
      throw TokenCursor.error(
          token, "an address cannot initialize a ." + type.modifier() + " variable");
    }
    boolean generic = token.is("generic") && cursor.at("(");
    Token symbol = token;
    if (generic) {
      cursor.expect("(");
      symbol = cursor.expect(Kind.IDENT, "a variable name");
      cursor.expect(")");
    }
    long offset = Literals.climb(cursor, 0, Literals.ADDITIVE);
    return new InitValue.Address(symbol.text(), offset, generic);
  }

  /** Converts an integer to the element type: floats get the value, integers the masked bits. */
  private long intBits(long value) {
    switch (type) {
      case F32:
        return Float.floatToRawIntBits((float) value) & 0xFFFF_FFFFL;
      case F64:
        return Double.doubleToRawLongBits((double) value);
      default:
        // bit patterns for the other float types (f16, bf16, ...): no conversion is defined
        return mask(value);
    }
  }

  private long floatBits(Token at, FloatImm value) {
    if (type == PtxType.F32) {
      return value.single()
          ? value.bits()
          : Float.floatToRawIntBits((float) value.value()) & 0xFFFF_FFFFL;
    }
    if (type == PtxType.F64) {
      return Double.doubleToRawLongBits(value.value());
    }
    // a raw-bits literal of the right width may fill an untyped element (.b32 x = 0f3F800000)
    boolean rawFits =
        !value.decimal() && type.isBits() && type.bits() == (value.single() ? 32 : 64);
    if (!rawFits) {
      throw TokenCursor.error(
          at, "a floating-point constant cannot initialize a ." + type.modifier() + " variable");
    }
    return value.bits();
  }

  private long mask(long value) {
    return type.bits() >= 64 ? value : value & ((1L << type.bits()) - 1);
  }
}
