package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses declarations: variables, registers and parameters. Names come back as written; the caller
 * renames block-scoped ones.
 */
final class DeclParser {
  /** The largest {@code %r<N>} range: far above what kernels declare, far below memory limits. */
  private static final long MAX_REGISTER_RANGE = 1 << 20;

  private final TokenCursor cursor;

  DeclParser(TokenCursor cursor) {
    this.cursor = cursor;
  }

  /** The attributes before a declared name, in whatever order they are written. */
  private static final class Attributes {
    PtxType type;
    int vectorWidth = 1;
    int align;
    boolean ptr;
  }

  /**
   * Parses the rest of a variable declaration after its state space directive, up to and including
   * the {@code ;}: {@code .align 4 .b8 a[16] = {...}, b;}.
   */
  List<Variable> variables(StateSpace space, String linkage) {
    Attributes attributes = attributes(false);
    List<Variable> variables = new ArrayList<>();
    do {
      Token name = cursor.expect(Kind.IDENT, "a variable name");
      List<Long> dims = dims();
      Initializer init = null;
      if (cursor.accept("=")) {
        InitializerParser parser =
            new InitializerParser(cursor, attributes.type, attributes.vectorWidth, dims);
        init = parser.parse();
        dims = parser.dims();
      }
      variables.add(
          new Variable(
              space,
              linkage,
              attributes.type,
              attributes.vectorWidth,
              name.text(),
              attributes.align,
              dims,
              init,
              name.pos()));
    } while (cursor.accept(","));
    cursor.expect(";");
    return variables;
  }

  /**
   * Parses the rest of a {@code .reg} declaration, up to and including the {@code ;}, expanding
   * ranges: {@code .b32 %r<3>, %x;} declares {@code %r0 %r1 %r2 %x}. Adds the name token of each
   * register to {@code nameTokens}, for error positions.
   */
  List<Register> registers(List<Token> nameTokens) {
    Attributes attributes = attributes(false);
    List<Register> registers = new ArrayList<>();
    do {
      Token name = cursor.expect(Kind.IDENT, "a register name");
      if (cursor.accept("<")) {
        Token countToken = cursor.peek();
        long count = Literals.intExpr(cursor);
        cursor.expect(">");
        if (count < 0 || count > MAX_REGISTER_RANGE) {
          throw TokenCursor.error(countToken, "register range out of bounds: " + count);
        }
        for (long i = 0; i < count; i++) {
          registers.add(new Register(attributes.type, attributes.vectorWidth, name.text() + i));
          nameTokens.add(name);
        }
      } else {
        registers.add(new Register(attributes.type, attributes.vectorWidth, name.text()));
        nameTokens.add(name);
      }
    } while (cursor.accept(","));
    cursor.expect(";");
    return registers;
  }

  /**
   * Parses a parenthesised parameter list, {@code (.param .u64 a, .param .b32 b)}; an empty {@code
   * ()} gives an empty list.
   */
  List<Param> paramList() {
    cursor.expect("(");
    List<Param> params = new ArrayList<>();
    if (cursor.accept(")")) {
      return params;
    }
    do {
      params.add(param());
    } while (cursor.accept(","));
    cursor.expect(")");
    return params;
  }

  private Param param() {
    Token spaceToken = cursor.peek();
    StateSpace space;
    if (cursor.accept(".param")) {
      space = StateSpace.PARAM;
    } else if (cursor.accept(".reg")) {
      space = StateSpace.REG;
    } else {
      throw TokenCursor.error(
          spaceToken, "expected '.param' or '.reg' but found " + spaceToken.describe());
    }
    Attributes attributes = attributes(true);
    Token name = cursor.expect(Kind.IDENT, "a parameter name");
    return new Param(
        space,
        attributes.type,
        attributes.vectorWidth,
        name.text(),
        attributes.align,
        dims(),
        attributes.ptr,
        name.pos());
  }

  /** Reads {@code .align N}, {@code .vN}, the type and, for parameters, {@code .ptr}. */
  private Attributes attributes(boolean parameter) {
    Attributes attributes = new Attributes();
    while (cursor.at(Kind.DIRECTIVE)) {
      Token token = cursor.next();
      String word = token.text().substring(1);
      PtxType type = PtxType.fromModifier(word);
      if (type != null) {
        if (attributes.type != null) {
          throw TokenCursor.error(token, "a second type " + token.describe());
        }
        attributes.type = type;
      } else if (word.equals("align")) {
        attributes.align = (int) positive(cursor.peek(), Literals.intExpr(cursor), "alignment");
      } else if (word.matches("v(2|4|8)")) {
        attributes.vectorWidth = Integer.parseInt(word.substring(1));
      } else if (word.equals("attribute")) {
        skipParentheses();
      } else if (parameter && word.equals("ptr")) {
        attributes.ptr = true;
      } else if (parameter && attributes.ptr && StateSpace.fromModifier(word) != null) {
        // the space a .ptr parameter points to is a hint for ptxas, not needed to run
        continue;
      } else {
        throw TokenCursor.error(token, "unexpected " + token.describe() + " in a declaration");
      }
    }
    if (attributes.type == null) {
      Token at = cursor.peek();
      throw TokenCursor.error(at, "expected a type but found " + at.describe());
    }
    return attributes;
  }

  private void skipParentheses() {
    Token open = cursor.expect("(");
    int depth = 1;
    while (depth > 0) {
      Token token = cursor.next();
      if (token.kind() == Kind.EOF) {
        throw TokenCursor.error(open, "unbalanced '('");
      }
      depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
    }
  }

  /** Reads array dimensions, {@code [4][8]}; {@code []} is -1. */
  private List<Long> dims() {
    List<Long> dims = new ArrayList<>();
    while (cursor.accept("[")) {
      if (cursor.accept("]")) {
        dims.add(-1L);
        continue;
      }
      Token at = cursor.peek();
      dims.add(positive(at, Literals.intExpr(cursor), "array size"));
      cursor.expect("]");
    }
    return dims;
  }

  private static long positive(Token at, long value, String what) {
    if (value <= 0) {
      throw TokenCursor.error(at, what + " must be positive: " + value);
    }
    return value;
  }
}
