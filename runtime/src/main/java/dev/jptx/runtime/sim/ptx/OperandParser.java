package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/** Parses instruction operands; names are handed to a {@link Names} resolver. */
final class OperandParser {
  /** Turns a name written in an operand into a {@link Reg} or a {@link SymbolRef}. */
  interface Names {
    /**
     * Resolves a name.
     *
     * @param name the name token
     * @param offset the offset written after it, 0 if none
     */
    Operand resolve(Token name, long offset);
  }

  private final TokenCursor cursor;
  private final Names names;

  OperandParser(TokenCursor cursor, Names names) {
    this.cursor = cursor;
    this.names = names;
  }

  /** Tells whether an operand can start here; if not, the instruction must end. */
  static boolean startsOperand(Token token) {
    return token.kind() == Kind.IDENT
        || token.kind() == Kind.FLOAT
        || token.is("{")
        || token.is("[")
        || Literals.startsIntExpr(token);
  }

  /** Parses one operand; {@code call} allows the parenthesised lists of {@code call}. */
  Operand operand(boolean call) {
    Token token = cursor.peek();
    if (token.is("{")) {
      return vector();
    } else if (token.is("[")) {
      return address();
    } else if (token.is("(") && call) {
      return paramList();
    } else if (token.is("!") && cursor.peek(1).kind() == Kind.IDENT) {
      throw TokenCursor.error(token, "negated operands ('!p') are not supported");
    } else if (token.kind() == Kind.IDENT) {
      return named();
    } else if (token.kind() == Kind.FLOAT || token.is("-") && cursor.peek(1).kind() == Kind.FLOAT) {
      boolean negative = cursor.accept("-");
      FloatImm value = Literals.floatValue(cursor.next());
      return negative ? value.negate() : value;
    } else if (Literals.startsIntExpr(token)) {
      return new IntImm(Literals.intExpr(cursor));
    }
    throw TokenCursor.error(token, "expected an operand but found " + token.describe());
  }

  private Operand named() {
    Token token = cursor.next();
    if (token.is("_")) {
      return Sink.INSTANCE;
    }
    if (token.is("generic") && cursor.at("(")) {
      cursor.expect("(");
      Token symbol = cursor.expect(Kind.IDENT, "a variable name");
      cursor.expect(")");
      if (!(names.resolve(symbol, 0) instanceof SymbolRef ref)) {
        throw TokenCursor.error(symbol, "generic() takes a variable, not a register");
      }
      return new Generic(ref);
    }
    Operand first = names.resolve(token, Literals.climb(cursor, 0, Literals.ADDITIVE));
    if (!cursor.accept("|")) {
      return first;
    }
    Token second = cursor.expect(Kind.IDENT, "a predicate");
    return new Pair(first, second.is("_") ? Sink.INSTANCE : names.resolve(second, 0));
  }

  private Operand address() {
    cursor.expect("[");
    Token token = cursor.peek();
    Operand base;
    long offset = 0;
    if (token.kind() == Kind.IDENT) {
      cursor.next();
      base = names.resolve(token, 0);
      offset = Literals.climb(cursor, 0, Literals.ADDITIVE);
    } else if (Literals.startsIntExpr(token)) {
      base = new IntImm(Literals.intExpr(cursor));
    } else {
      throw TokenCursor.error(token, "expected an address but found " + token.describe());
    }
    if (cursor.at(",")) {
      throw TokenCursor.error(cursor.peek(), "texture and surface operands are not supported");
    }
    cursor.expect("]");
    return new Address(base, offset);
  }

  private Operand vector() {
    cursor.expect("{");
    List<Operand> elements = new ArrayList<>();
    do {
      elements.add(operand(false));
    } while (cursor.accept(","));
    cursor.expect("}");
    return new VectorOp(elements);
  }

  private Operand paramList() {
    cursor.expect("(");
    List<Operand> items = new ArrayList<>();
    if (!cursor.at(")")) {
      do {
        items.add(operand(false));
      } while (cursor.accept(","));
    }
    cursor.expect(")");
    return new ParamList(items);
  }
}
