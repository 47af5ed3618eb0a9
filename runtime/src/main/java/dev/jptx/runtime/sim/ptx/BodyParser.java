package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses one function body and flattens its nested blocks.
 *
 * <p>Each {@code { }} block opens a {@link Scope}; its declarations are renamed to be unique in the
 * function, and names in instructions resolve through the enclosing scopes. Registers and variables
 * are declared before use, so most names resolve as they are read; labels and call prototypes may
 * be used before their declaration, so names not found yet are resolved again when the body ends.
 * Names found nowhere in the function are module symbols, checked by {@link PtxParser} once the
 * whole module is read.
 */
final class BodyParser {
  /** A parsed body. */
  record Body(
      List<Register> registers,
      List<Variable> locals,
      List<CallPrototype> prototypes,
      List<Statement> statements) {}

  /** A name used in the function but not declared in it, with where it is used. */
  record SymbolUse(String name, Token at) {}

  /** An instruction whose deferred names are resolved when the body ends. */
  private record Pending(
      Guard guard,
      Token start,
      String opcode,
      List<String> modifiers,
      List<Operand> operands,
      Scope scope,
      DebugLoc loc,
      Map<String, Token> deferred) {}

  private final TokenCursor cursor;
  private final DeclParser decls;
  private final List<SymbolUse> moduleUses;
  private final Scope top = new Scope(null, 0);
  private final Set<String> used = new HashSet<>();
  private final List<Register> registers = new ArrayList<>();
  private final List<Variable> locals = new ArrayList<>();
  private final List<CallPrototype> prototypes = new ArrayList<>();
  private final List<Object> statements = new ArrayList<>();
  private Scope current = top;
  private int blocks;
  private DebugLoc loc;
  private Map<String, Token> deferred;
  private final OperandParser operands;

  /**
   * Prepares to parse a body of a function with these parameters.
   *
   * @param moduleUses receives the names the body uses but does not declare
   */
  BodyParser(
      TokenCursor cursor, List<Param> returns, List<Param> params, List<SymbolUse> moduleUses) {
    this.cursor = cursor;
    this.decls = new DeclParser(cursor);
    this.moduleUses = moduleUses;
    this.operands = new OperandParser(cursor, this::resolve);
    for (List<Param> list : List.of(returns, params)) {
      for (Param param : list) {
        if (top.declaresHere(param.name())) {
          throw new PtxParseException(
              param.pos().line(), param.pos().column(), "duplicate parameter " + param.name());
        }
        top.declare(param.name(), new Scope.Entry(param.name(), Scope.Kind.PARAM));
        used.add(param.name());
      }
    }
  }

  /** Parses the body from its {@code {} to its {@code }}. */
  Body parse() {
    cursor.expect("{");
    while (true) {
      Token token = cursor.peek();
      if (token.is("}")) {
        cursor.next();
        if (current == top) {
          break;
        }
        current = current.parent();
      } else if (token.is("{")) {
        cursor.next();
        current = new Scope(current, ++blocks);
      } else if (token.kind() == Kind.DIRECTIVE) {
        directive();
      } else if (token.kind() == Kind.IDENT && cursor.peek(1).is(":")) {
        labelOrPrototype();
      } else if (token.kind() == Kind.IDENT || token.is("@")) {
        instruction();
      } else if (token.kind() == Kind.EOF) {
        throw TokenCursor.error(token, "expected '}' but found end of input");
      } else {
        throw TokenCursor.error(token, "expected an instruction but found " + token.describe());
      }
    }
    return new Body(registers, locals, prototypes, finish());
  }

  private void directive() {
    Token token = cursor.next();
    String word = token.text().substring(1);
    switch (word) {
      case "reg":
        List<Token> names = new ArrayList<>();
        List<Register> declared = decls.registers(names);
        for (int i = 0; i < declared.size(); i++) {
          Register register = declared.get(i);
          String unique = declare(register.name(), names.get(i), Scope.Kind.REGISTER);
          registers.add(new Register(register.type(), register.vectorWidth(), unique));
        }
        break;
      case "loc":
        debugLoc(token);
        break;
      case "pragma":
        cursor.skipStatement();
        break;
      case "visible":
      case "extern":
      case "weak":
      case "common":
        variables(cursor.expect(Kind.DIRECTIVE, "a state space"), word);
        break;
      default:
        variables(token, "");
    }
  }

  private void variables(Token spaceToken, String linkage) {
    StateSpace space = StateSpace.fromModifier(spaceToken.text().substring(1));
    if (space == null || space == StateSpace.REG || space == StateSpace.TEX) {
      throw TokenCursor.error(
          spaceToken, "unexpected " + spaceToken.describe() + " in a function body");
    }
    for (Variable variable : decls.variables(space, linkage)) {
      SourcePos pos = variable.pos();
      Token at = new Token(Kind.IDENT, variable.name(), pos.line(), pos.column());
      String unique = declare(variable.name(), at, Scope.Kind.VARIABLE);
      locals.add(variable.withName(unique));
    }
  }

  /** {@code .loc file line column [, function_name ..., inlined_at ...]}: keeps the first three. */
  private void debugLoc(Token directive) {
    int file = (int) Literals.intValue(cursor.expect(Kind.INT, "a file index"));
    int line = (int) Literals.intValue(cursor.expect(Kind.INT, "a line number"));
    int column = cursor.at(Kind.INT) ? (int) Literals.intValue(cursor.next()) : 0;
    loc = new DebugLoc(file, line, column);
    cursor.skipLine(directive.line());
  }

  private void labelOrPrototype() {
    Token name = cursor.next();
    cursor.expect(":");
    if (!cursor.accept(".callprototype")) {
      statements.add(new Label(declare(name.text(), name, Scope.Kind.LABEL), name.pos()));
      return;
    }
    List<Param> returns = cursor.at("(") ? decls.paramList() : List.of();
    cursor.expect("_");
    List<Param> params = cursor.at("(") ? decls.paramList() : List.of();
    cursor.accept(".noreturn");
    cursor.expect(";");
    String unique = declare(name.text(), name, Scope.Kind.PROTOTYPE);
    prototypes.add(new CallPrototype(unique, returns, params, name.pos()));
  }

  private void instruction() {
    Token start = cursor.peek();
    deferred = new LinkedHashMap<>();
    Guard guard = null;
    if (cursor.accept("@")) {
      boolean negated = cursor.accept("!");
      Token predicate = cursor.expect(Kind.IDENT, "a predicate");
      if (!(resolve(predicate, 0) instanceof Reg reg) || reg.isSpecial()) {
        throw TokenCursor.error(predicate, "undeclared predicate " + predicate.text());
      }
      guard = new Guard(reg.name(), negated);
    }
    Token opcode = cursor.expect(Kind.IDENT, "an instruction");
    List<String> modifiers = new ArrayList<>();
    while (cursor.at(Kind.DIRECTIVE)) {
      modifiers.add(cursor.next().text().substring(1));
    }
    List<Operand> parsed = new ArrayList<>();
    if (OperandParser.startsOperand(cursor.peek())) {
      boolean call = opcode.is("call");
      do {
        parsed.add(operands.operand(call));
      } while (cursor.accept(","));
    }
    cursor.expect(";");
    statements.add(
        new Pending(
            guard, start, opcode.text(), modifiers, parsed, current, loc, Map.copyOf(deferred)));
  }

  /** Resolves a name as it is read; names not declared yet are kept for {@link #finish()}. */
  private Operand resolve(Token name, long offset) {
    String text = name.text();
    int dot = text.startsWith("%") ? text.indexOf('.') : -1;
    String base = dot < 0 ? text : text.substring(0, dot);
    Scope.Entry entry = current.lookup(base);
    if (entry != null) {
      return resolved(entry, name, text.substring(base.length()), offset);
    }
    if (text.startsWith("%")) {
      if (offset != 0) {
        throw TokenCursor.error(name, "a register takes no offset outside [ ]");
      }
      return new Reg(text, true);
    }
    deferred.put(text, name);
    return new SymbolRef(text, offset);
  }

  private static Operand resolved(Scope.Entry entry, Token at, String component, long offset) {
    if (entry.kind() == Scope.Kind.REGISTER) {
      if (offset != 0) {
        throw TokenCursor.error(at, "a register takes no offset outside [ ]");
      }
      return new Reg(entry.unique() + component, false);
    }
    return new SymbolRef(entry.unique(), offset);
  }

  private String declare(String name, Token at, Scope.Kind kind) {
    if (current.declaresHere(name)) {
      throw TokenCursor.error(at, name + " is already declared in this scope");
    }
    String base = current.id() == 0 ? name : name + "$" + current.id();
    String unique = base;
    for (int suffix = 2; used.contains(unique); suffix++) {
      unique = base + "$" + suffix;
    }
    used.add(unique);
    current.declare(name, new Scope.Entry(unique, kind));
    return unique;
  }

  /** Builds the instructions, resolving the names that were used before their declaration. */
  private List<Statement> finish() {
    List<Statement> result = new ArrayList<>();
    for (Object statement : statements) {
      if (statement instanceof Pending pending) {
        List<Operand> resolved = new ArrayList<>();
        for (Operand operand : pending.operands()) {
          resolved.add(finish(operand, pending));
        }
        result.add(
            new Instruction(
                pending.guard(),
                pending.opcode(),
                pending.modifiers(),
                resolved,
                pending.start().pos(),
                pending.loc()));
      } else {
        result.add((Statement) statement);
      }
    }
    return result;
  }

  private Operand finish(Operand operand, Pending pending) {
    if (operand instanceof SymbolRef ref) {
      Token at = pending.deferred().get(ref.name());
      if (at == null) {
        return ref;
      }
      Scope.Entry entry = pending.scope().lookup(ref.name());
      if (entry == null) {
        moduleUses.add(new SymbolUse(ref.name(), at));
        return ref;
      }
      return resolved(entry, at, "", ref.offset());
    } else if (operand instanceof Address address) {
      return new Address(finish(address.base(), pending), address.offset());
    } else if (operand instanceof VectorOp vector) {
      return new VectorOp(finishAll(vector.elements(), pending));
    } else if (operand instanceof ParamList list) {
      return new ParamList(finishAll(list.items(), pending));
    } else if (operand instanceof Pair pair) {
      return new Pair(finish(pair.first(), pending), finish(pair.second(), pending));
    } else if (operand instanceof Generic generic
        && finish(generic.symbol(), pending) instanceof SymbolRef ref) {
      return new Generic(ref);
    }
    return operand;
  }

  private List<Operand> finishAll(List<Operand> list, Pending pending) {
    List<Operand> result = new ArrayList<>();
    for (Operand operand : list) {
      result.add(finish(operand, pending));
    }
    return result;
  }
}
