package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads PTX text into a {@link PtxProgram}.
 *
 * <p>The module grammar: {@code .version}, {@code .target}, {@code .address_size}, then variables
 * and functions in any order, each optionally preceded by a linkage directive ({@code .visible
 * .extern .weak .common}). {@code .file} entries are kept for {@link DebugLoc}s; {@code .section}
 * blocks, {@code @@DWARF} lines and {@code .pragma}s are skipped. Function bodies are parsed and
 * flattened by {@link BodyParser}.
 */
public final class PtxParser {
  private final TokenCursor cursor;
  private final DeclParser decls;
  private String version = "";
  private final List<String> targets = new ArrayList<>();
  private int addressSize = 32;
  private final Map<String, Variable> variables = new LinkedHashMap<>();
  private final Map<String, PtxFunction> functions = new LinkedHashMap<>();
  private final Map<Integer, String> files = new HashMap<>();
  private final List<BodyParser.SymbolUse> uses = new ArrayList<>();

  private PtxParser(String text) {
    this.cursor = new TokenCursor(PtxLexer.tokenize(text));
    this.decls = new DeclParser(cursor);
  }

  /**
   * Parses a PTX module.
   *
   * @param text the PTX text
   * @return the program
   * @throws PtxParseException at the first error, naming its line and column
   */
  public static PtxProgram parse(String text) {
    return new PtxParser(text).module();
  }

  private PtxProgram module() {
    while (!cursor.at(Kind.EOF)) {
      Token token = cursor.peek();
      if (token.kind() != Kind.DIRECTIVE) {
        throw TokenCursor.error(token, "expected a directive but found " + token.describe());
      }
      topLevel(token);
    }
    checkSymbols();
    return new PtxProgram(
        version,
        targets,
        addressSize,
        new ArrayList<>(variables.values()),
        new ArrayList<>(functions.values()),
        files);
  }

  private void topLevel(Token token) {
    switch (token.text()) {
      case ".version":
        cursor.next();
        Token number = cursor.peek();
        if (!cursor.at(Kind.FLOAT) && !cursor.at(Kind.INT)) {
          throw TokenCursor.error(number, "expected a version but found " + number.describe());
        }
        version = cursor.next().text();
        break;
      case ".target":
        cursor.next();
        do {
          targets.add(cursor.expect(Kind.IDENT, "a target").text());
        } while (cursor.accept(","));
        break;
      case ".address_size":
        cursor.next();
        Token size = cursor.expect(Kind.INT, "an address size");
        addressSize = (int) Literals.intValue(size);
        if (addressSize != 32 && addressSize != 64) {
          throw TokenCursor.error(size, "address size must be 32 or 64");
        }
        break;
      case ".file":
        cursor.next();
        int index = (int) Literals.intValue(cursor.expect(Kind.INT, "a file index"));
        files.put(index, cursor.expect(Kind.STRING, "a file name").text());
        cursor.skipLine(token.line());
        break;
      case ".section":
        cursor.next();
        // a section name may have dots of its own (.nv.info), which lex as several tokens
        cursor.expect(Kind.DIRECTIVE, "a section name");
        while (cursor.at(Kind.DIRECTIVE)) {
          cursor.next();
        }
        cursor.skipBraces();
        break;
      case ".pragma":
        cursor.next();
        cursor.skipStatement();
        break;
      case ".loc":
        cursor.skipLine(token.line());
        break;
      default:
        declaration();
    }
  }

  private void declaration() {
    String linkage = "";
    Token token = cursor.next();
    String word = token.text().substring(1);
    if (word.equals("visible")
        || word.equals("extern")
        || word.equals("weak")
        || word.equals("common")) {
      linkage = word;
      token = cursor.expect(Kind.DIRECTIVE, "a declaration");
      word = token.text().substring(1);
    }
    if (word.equals("entry") || word.equals("func")) {
      function(word.equals("entry"), linkage);
      return;
    }
    StateSpace space = StateSpace.fromModifier(word);
    if (space == null || space == StateSpace.REG || space == StateSpace.TEX) {
      throw TokenCursor.error(token, "unexpected " + token.describe() + " at module level");
    }
    for (Variable variable : decls.variables(space, linkage)) {
      Variable earlier = variables.get(variable.name());
      if (earlier != null && !earlier.linkage().equals("extern")) {
        SourcePos pos = variable.pos();
        throw new PtxParseException(
            pos.line(), pos.column(), variable.name() + " is already declared");
      }
      variables.put(variable.name(), variable);
    }
  }

  private void function(boolean entry, String linkage) {
    List<Param> returns = !entry && cursor.at("(") ? decls.paramList() : List.of();
    Token name = cursor.expect(Kind.IDENT, "a function name");
    List<Param> params = cursor.at("(") ? decls.paramList() : List.of();
    Map<String, List<Long>> directives = performanceDirectives();
    PtxFunction earlier = functions.get(name.text());
    if (cursor.accept(";")) {
      if (earlier == null) {
        functions.put(
            name.text(),
            new PtxFunction(
                entry,
                linkage,
                name.text(),
                returns,
                params,
                directives,
                List.of(),
                List.of(),
                List.of(),
                name.pos(),
                List.of(),
                false));
      }
      return;
    }
    if (earlier != null && earlier.defined()) {
      throw TokenCursor.error(name, name.text() + " is already defined");
    }
    BodyParser.Body body = new BodyParser(cursor, returns, params, uses).parse();
    functions.put(
        name.text(),
        new PtxFunction(
            entry,
            linkage,
            name.text(),
            returns,
            params,
            directives,
            body.registers(),
            body.locals(),
            body.statements(),
            name.pos(),
            body.prototypes(),
            true));
  }

  /** {@code .maxntid 256, 1, 1}, {@code .minnctapersm 2}, {@code .noreturn}, {@code .pragma}. */
  private Map<String, List<Long>> performanceDirectives() {
    Map<String, List<Long>> directives = new LinkedHashMap<>();
    while (cursor.at(Kind.DIRECTIVE)) {
      Token directive = cursor.next();
      if (directive.is(".pragma")) {
        cursor.skipStatement();
        continue;
      }
      List<Long> values = new ArrayList<>();
      if (Literals.startsIntExpr(cursor.peek())) {
        do {
          values.add(Literals.intExpr(cursor));
        } while (cursor.accept(","));
      }
      directives.put(directive.text().substring(1), values);
    }
    return directives;
  }

  /** Every name a body used without declaring it must be a module variable or function. */
  private void checkSymbols() {
    for (BodyParser.SymbolUse use : uses) {
      if (!variables.containsKey(use.name()) && !functions.containsKey(use.name())) {
        throw TokenCursor.error(use.at(), "undefined symbol " + use.name());
      }
    }
    for (Variable variable : variables.values()) {
      if (variable.init() == null) {
        continue;
      }
      for (InitValue value : variable.init().values()) {
        if (value instanceof InitValue.Address address
            && !variables.containsKey(address.symbol())
            && !functions.containsKey(address.symbol())) {
          SourcePos pos = variable.pos();
          throw new PtxParseException(
              pos.line(), pos.column(), "undefined symbol " + address.symbol());
        }
      }
    }
  }
}
