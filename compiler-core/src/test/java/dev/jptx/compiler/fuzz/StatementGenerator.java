package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Random statements of a kernel or device function body. Everything it writes terminates (loop
 * counters are read-only, bounds masked to at most 15, and {@code while} counters step in the
 * condition) and is race free (threads write only their own output slots; barriers and warp
 * operations only at the top level, before any thread may have returned).
 */
final class StatementGenerator {
  private static final int MAX_DEPTH = 3;

  private final ExpressionGenerator g;
  private final Names names;

  /** In a device function: its result type; {@code null} in a kernel. */
  private final JType result;

  private int loopDepth;
  private int switchDepth;
  private final Deque<String> labels = new ArrayDeque<>();
  private boolean mayHaveExited;

  /** Unique names within one kernel and its members. */
  static final class Names {
    private int next;

    String fresh(String prefix) {
      return prefix + next++;
    }
  }

  StatementGenerator(ExpressionGenerator g, Names names, JType result) {
    this.g = g;
    this.names = names;
    this.result = result;
  }

  private boolean kernel() {
    return result == null;
  }

  /** A block of {@code count} statements at nesting {@code depth}, in a scope of its own. */
  Stmt.Block block(int depth, int count) {
    int mark = g.scope.mark();
    List<Stmt> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.addAll(statement(depth));
    }
    g.scope.reset(mark);
    return new Stmt.Block(out);
  }

  /** Statements into {@code out}, in the current scope (the top level of a body). */
  void statements(int depth, int count, List<Stmt> out) {
    for (int i = 0; i < count; i++) {
      out.addAll(statement(depth));
    }
  }

  private Stmt.Block nested(int depth) {
    return block(depth + 1, 1 + g.r.nextInt(3));
  }

  private List<Stmt> statement(int depth) {
    int k = g.r.nextInt(20);
    boolean deeper = depth < MAX_DEPTH;
    if (k < 4) {
      return List.of(declaration());
    }
    if (k < 6 && g.has(Feature.SIDE_EFFECTS)) {
      return List.of(update());
    }
    if (k < 9 && kernel()) {
      return List.of(store());
    }
    if (k < 11 && deeper && g.has(Feature.BRANCHES)) {
      return List.of(ifElse(depth));
    }
    if (k < 13 && deeper && loopDepth < 2 && g.has(Feature.LOOPS)) {
      return loop(depth);
    }
    if (k == 13 && g.has(Feature.BREAK_CONTINUE) && (loopDepth > 0 || switchDepth > 0)) {
      return List.of(jump());
    }
    if (k == 14 && g.has(Feature.EARLY_RETURN)) {
      return List.of(earlyReturn());
    }
    if (k == 15 && deeper && g.has(Feature.SWITCH)) {
      return List.of(switchStatement(depth));
    }
    if (k == 16 && g.has(Feature.LOCAL_ARRAYS)) {
      return g.has(Feature.ARRAYS_OF_ARRAYS) && g.chance(3)
          ? localRows(depth)
          : List.of(localArray());
    }
    if (k == 17 && kernel() && g.has(Feature.ATOMICS)) {
      List<Var> as = g.scope.find(v -> v.kind() == Kind.ATOMIC);
      if (!as.isEmpty()) {
        return List.of(atomic(g.pick(as)));
      }
    }
    if (k >= 18 && kernel() && depth == 0 && !mayHaveExited) {
      List<Stmt> s = collective();
      if (!s.isEmpty()) {
        return s;
      }
    }
    return List.of(assignment());
  }

  /** {@code T v = e;}: the variable is in scope after, not in its own initializer. */
  Stmt declaration() {
    if (kernel() && !g.arrayFunctions.isEmpty() && g.chance(3)) {
      Stmt s = ArrayReturns.call(g, g.pick(g.arrayFunctions), names.fresh("ra"));
      if (s != null) {
        return s;
      }
    }
    if (g.has(Feature.ARRAYS_OF_ARRAYS) && g.chance(5)) {
      Stmt s = rowLocal();
      if (s != null) {
        return s;
      }
    }
    JType t = g.pick(g.valueTypes());
    String n = names.fresh("v");
    // constants flowing through variables are what the optimizer folds: an edge value, often
    Expr init = g.chance(4) ? g.literal(t) : g.gen(t, 3);
    g.scope.add(new Var(n, t, Kind.LOCAL, 0, null));
    return Stmt.of(t.java + " " + n + " = ", init, ";");
  }

  private Stmt assignment() {
    List<Var> vs = g.scope.find(Var::assignable);
    if (vs.isEmpty()) {
      return declaration();
    }
    Var v = g.pick(vs);
    Expr value = g.chance(8) ? g.literal(v.type()) : g.gen(v.type(), 3);
    return Stmt.of(v.name() + " = ", value, ";");
  }

  /** {@code x++;} or {@code x op= e;} on a variable or an element the thread owns. */
  private Stmt update() {
    Expr target = target();
    if (target == null) {
      return assignment();
    }
    if (target.type != JType.BOOLEAN && g.chance(3)) {
      return Stmt.of(target, g.chance(2) ? "++;" : "--;");
    }
    return Stmt.of(g.compound(target, 3), ";");
  }

  /** A store into an output slot or a local array. */
  private Stmt store() {
    List<Var> as = g.scope.find(Var::writable);
    if (as.isEmpty()) {
      return assignment();
    }
    Var a = g.pick(as);
    Expr target = g.element(a);
    if (g.has(Feature.SIDE_EFFECTS) && g.chance(4)) {
      return Stmt.of(g.compound(target, 3), ";");
    }
    return Stmt.of(target, " = ", g.gen(a.type(), 3), ";");
  }

  private Expr target() {
    List<Var> vs = g.scope.find(v -> v.assignable() || v.writable());
    if (vs.isEmpty()) {
      return null;
    }
    Var v = g.pick(vs);
    return v.scalar() ? Expr.leaf(v.type(), v.name()) : g.element(v);
  }

  private Stmt ifElse(int depth) {
    Expr c = g.gen(JType.BOOLEAN, 3);
    Stmt.Block then = nested(depth);
    if (g.chance(2)) {
      return Stmt.of("if (", c, ") ", then);
    }
    return Stmt.of("if (", c, ") ", then, " else ", nested(depth));
  }

  /** A loop of at most 15 (or, nested, 7) trips; its counter is read-only in the body. */
  private List<Stmt> loop(int depth) {
    List<Stmt> out = new ArrayList<>();
    String label = g.has(Feature.BREAK_CONTINUE) && g.chance(4) ? names.fresh("L") : null;
    String prefix = label == null ? "" : label + ": ";
    Expr bound = bound();
    String i = names.fresh("i");
    int form = g.r.nextInt(5);
    if (form >= 3) {
      // the counter steps in the condition, so continue cannot skip it
      g.scope.add(new Var(i, JType.INT, Kind.FIXED, 0, null));
      out.add(Stmt.of("int " + i + " = 0;"));
    }
    Expr extra = g.chance(3) ? g.gen(JType.BOOLEAN, 2) : null;
    int mark = g.scope.mark();
    if (form < 3) {
      g.scope.add(new Var(i, JType.INT, Kind.FIXED, 0, null));
    }
    loopDepth++;
    labels.push(label == null ? "" : label);
    Stmt.Block body = nested(depth);
    labels.pop();
    loopDepth--;
    g.scope.reset(mark);
    List<Object> cond = new ArrayList<>();
    switch (form) {
      case 0:
        cond.addAll(List.of(prefix + "for (int " + i + " = 0; " + i + " < ", bound));
        cond.add("; " + i + "++) ");
        break;
      case 1:
        cond.addAll(List.of(prefix + "for (int " + i + " = ", bound));
        cond.add("; " + i + " > 0; " + i + "--) ");
        break;
      case 2:
        cond.addAll(List.of(prefix + "for (int " + i + " = 0; " + i + " < ", bound));
        cond.add("; " + i + " += " + (2 + g.r.nextInt(3)) + ") ");
        break;
      case 3:
        cond.addAll(List.of(prefix + "while (" + i + "++ < ", bound));
        if (extra != null) {
          cond.addAll(List.of(" && ", extra));
        }
        cond.add(") ");
        break;
      default:
        List<Object> s =
            new ArrayList<>(List.of(prefix + "do ", body, " while (++" + i + " < ", bound));
        if (extra != null) {
          s.addAll(List.of(" && ", extra));
        }
        s.add(");");
        out.add(Stmt.of(s.toArray()));
        return out;
    }
    cond.add(body);
    out.add(Stmt.of(cond.toArray()));
    return out;
  }

  private Expr bound() {
    if (g.chance(2)) {
      return Expr.leaf(JType.INT, Integer.toString(g.r.nextInt(loopDepth == 0 ? 9 : 5)));
    }
    int mask = loopDepth == 0 ? 15 : 7;
    return Expr.of(JType.INT, "(", g.exact(JType.INT, 2), " & " + mask + ")").lock();
  }

  private Stmt jump() {
    Expr c = g.gen(JType.BOOLEAN, 2);
    List<String> options = new ArrayList<>(List.of("break"));
    if (loopDepth > 0) {
      options.add("continue");
    }
    for (String l : labels) {
      if (!l.isEmpty()) {
        options.add("break " + l);
        options.add("continue " + l);
      }
    }
    return Stmt.of("if (", c, ") " + g.pick(options) + ";");
  }

  private Stmt earlyReturn() {
    Expr c = g.gen(JType.BOOLEAN, 2);
    if (kernel()) {
      mayHaveExited = true;
      return Stmt.of("if (", c, ") return;");
    }
    return Stmt.of("if (", c, ") return ", g.gen(result, 3), ";");
  }

  private Stmt switchStatement(int depth) {
    List<Object> parts = new ArrayList<>(List.of("switch (", g.exact(JType.INT, 2), ") {"));
    int groups = 1 + g.r.nextInt(4);
    List<Integer> labels = g.caseLabels(groups * 2);
    switchDepth++;
    int next = 0;
    for (int i = 0; i < groups; i++) {
      parts.add(Stmt.NL);
      parts.add("case " + labels.get(next++) + ":");
      if (g.chance(3)) {
        parts.add(" case " + labels.get(next++) + ":");
      }
      parts.add(" ");
      parts.add(nested(depth));
      if (!g.chance(4)) {
        parts.add(" break;");
      }
    }
    if (g.chance(4) || groups == 1) {
      parts.add(Stmt.NL);
      parts.add("default: ");
      parts.add(nested(depth));
    }
    switchDepth--;
    parts.add(Stmt.NL0);
    parts.add("}");
    return Stmt.of(parts.toArray());
  }

  private Stmt localArray() {
    JType t = g.pick(g.valueTypes());
    int n = 4 << g.r.nextInt(3);
    String name = names.fresh("la");
    g.scope.add(new Var(name, t, Kind.LOCAL_ARRAY, n, null));
    return Stmt.of(t.java + "[] " + name + " = new " + t.java + "[" + n + "];");
  }

  /**
   * {@code T[][] lr = new T[R][C];} (sizes powers of two), sometimes filled by two nested loops
   * over {@code lr.length} and {@code lr[i].length}.
   */
  private List<Stmt> localRows(int depth) {
    JType t = g.pick(g.valueTypes());
    int rows = 1 << g.r.nextInt(3);
    int cols = 2 << g.r.nextInt(3);
    String name = names.fresh("lr");
    List<Stmt> out = new ArrayList<>();
    out.add(
        Stmt.of(t.java + "[][] " + name + " = new " + t.java + "[" + rows + "][" + cols + "];"));
    if (g.has(Feature.LOOPS) && loopDepth == 0 && depth < MAX_DEPTH && g.chance(2)) {
      String i = names.fresh("i");
      String j = names.fresh("j");
      int mark = g.scope.mark();
      g.scope.add(new Var(i, JType.INT, Kind.FIXED, 0, null));
      g.scope.add(new Var(j, JType.INT, Kind.FIXED, 0, null));
      Stmt fill = Stmt.of(name + "[" + i + "][" + j + "] = ", g.gen(t, 2), ";");
      g.scope.reset(mark);
      Stmt inner =
          Stmt.of(
              "for (int " + j + " = 0; " + j + " < " + name + "[" + i + "].length; " + j + "++) ",
              new Stmt.Block(List.of(fill)));
      out.add(
          Stmt.of(
              "for (int " + i + " = 0; " + i + " < " + name + ".length; " + i + "++) ",
              new Stmt.Block(List.of(inner))));
    }
    g.scope.add(new Var(name, t, Kind.LOCAL_ROWS, cols, null));
    return out;
  }

  /** {@code T[] row = a[r];} of an input or local array of arrays: an array like the others. */
  private Stmt rowLocal() {
    List<Var> as = g.scope.find(v -> v.kind() == Kind.INPUT_ROWS || v.kind() == Kind.LOCAL_ROWS);
    if (as.isEmpty()) {
      return null;
    }
    Var a = g.pick(as);
    String name = names.fresh("row");
    Expr row = g.rowIndex(a, false);
    Kind kind = a.kind() == Kind.LOCAL_ROWS ? Kind.LOCAL_ARRAY : Kind.INPUT;
    g.scope.add(new Var(name, a.type(), kind, 0, null));
    return Stmt.of(a.type().java + "[] " + name + " = " + a.name() + "[", row, "];");
  }

  private Stmt atomic(Var a) {
    Expr index = Expr.of(JType.INT, "(", g.gen(JType.INT, 2), ") & " + (a.length() - 1));
    return Stmt.of(a.op() + "(" + a.name() + ", ", index, ", ", g.gen(a.type(), 3), ");");
  }

  /** A shared-memory exchange or a warp operation, for the whole block at the top level. */
  /**
   * Statements all threads of a block or warp run together (a shared-memory exchange around a
   * barrier, a block vote, a shuffle, a warp vote), or none if the features allow none. Only at the
   * top level of a kernel before any early return, where every thread gets to them.
   */
  List<Stmt> collective() {
    List<Integer> kinds = new ArrayList<>();
    if (g.has(Feature.SHARED_MEMORY)) {
      kinds.addAll(List.of(0, 1));
    }
    if (g.has(Feature.WARP_OPS)) {
      kinds.addAll(List.of(2, 3));
    }
    if (kinds.isEmpty()) {
      return List.of();
    }
    switch (g.pick(kinds)) {
      case 0:
        return sharedExchange();
      case 1:
        return blockVote();
      case 2:
        return shuffle();
      default:
        return warpVote();
    }
  }

  private JType wordType() {
    List<JType> ts = new ArrayList<>(List.of(JType.INT));
    for (JType t : g.numericTypes()) {
      if (t == JType.LONG || t.isFloating()) {
        ts.add(t);
      }
    }
    return g.pick(ts);
  }

  private static String capitalized(JType t) {
    return Character.toUpperCase(t.java.charAt(0)) + t.java.substring(1);
  }

  private List<Stmt> sharedExchange() {
    JType t = wordType();
    String v = names.fresh("v");
    String sh = names.fresh("sh");
    Stmt decl = Stmt.of(t.java + " " + v + " = " + Values.zeroLiteral(t) + ";");
    int shift = g.r.nextInt(1, 64);
    Stmt.Block exchange =
        new Stmt.Block(
            List.of(
                Stmt.of(t.java + "[] " + sh + " = shared" + capitalized(t) + "s(256);"),
                Stmt.of(sh + "[" + IN_BLOCK + "] = ", g.gen(t, 3), ";"),
                Stmt.of("syncThreads();"),
                Stmt.of(v + " = " + sh + "[(" + IN_BLOCK + " + " + shift + ") % " + BLOCK + "];")),
            true);
    g.scope.add(new Var(v, t, Kind.LOCAL, 0, null));
    return List.of(decl, Stmt.of(exchange));
  }

  /** The thread's linear index in its block, and the block's size. */
  private static final String IN_BLOCK =
      "(threadIdxX() + blockDimX() * (threadIdxY() + blockDimY() * threadIdxZ()))";

  private static final String BLOCK = "(blockDimX() * blockDimY() * blockDimZ())";

  private List<Stmt> blockVote() {
    String v = names.fresh("v");
    Expr p = g.gen(JType.BOOLEAN, 3);
    Stmt s;
    switch (g.r.nextInt(3)) {
      case 0:
        s = Stmt.of("int " + v + " = syncThreadsCount(", p, ");");
        g.scope.add(new Var(v, JType.INT, Kind.LOCAL, 0, null));
        break;
      case 1:
        s = Stmt.of("boolean " + v + " = syncThreadsAnd(", p, ");");
        g.scope.add(new Var(v, JType.BOOLEAN, Kind.LOCAL, 0, null));
        break;
      default:
        s = Stmt.of("boolean " + v + " = syncThreadsOr(", p, ");");
        g.scope.add(new Var(v, JType.BOOLEAN, Kind.LOCAL, 0, null));
        break;
    }
    return List.of(s);
  }

  private List<Stmt> shuffle() {
    JType t = wordType();
    String v = names.fresh("v");
    Expr x = g.gen(t, 3);
    Stmt s;
    switch (g.r.nextInt(4)) {
      case 0:
        Expr lane = Expr.of(JType.INT, "(", g.gen(JType.INT, 2), ") & 31");
        s = Stmt.of(t.java + " " + v + " = shflSync(FULL_MASK, ", x, ", ", lane, ");");
        break;
      case 1:
        s =
            Stmt.of(
                t.java + " " + v + " = shflUpSync(FULL_MASK, ", x, ", " + g.r.nextInt(32) + ");");
        break;
      case 2:
        s =
            Stmt.of(
                t.java + " " + v + " = shflDownSync(FULL_MASK, ", x, ", " + g.r.nextInt(32) + ");");
        break;
      default:
        s =
            Stmt.of(
                t.java + " " + v + " = shflXorSync(FULL_MASK, ", x, ", " + g.r.nextInt(32) + ");");
        break;
    }
    g.scope.add(new Var(v, t, Kind.LOCAL, 0, null));
    return List.of(s);
  }

  private List<Stmt> warpVote() {
    String v = names.fresh("v");
    Expr p = g.gen(JType.BOOLEAN, 3);
    Stmt s;
    switch (g.r.nextInt(4)) {
      case 0:
        s = Stmt.of("int " + v + " = ballotSync(FULL_MASK, ", p, ");");
        g.scope.add(new Var(v, JType.INT, Kind.LOCAL, 0, null));
        break;
      case 1:
        s = Stmt.of("boolean " + v + " = anySync(FULL_MASK, ", p, ");");
        g.scope.add(new Var(v, JType.BOOLEAN, Kind.LOCAL, 0, null));
        break;
      case 2:
        s = Stmt.of("boolean " + v + " = allSync(FULL_MASK, ", p, ");");
        g.scope.add(new Var(v, JType.BOOLEAN, Kind.LOCAL, 0, null));
        break;
      default:
        s = Stmt.of("int " + v + " = activeMask();");
        g.scope.add(new Var(v, JType.INT, Kind.LOCAL, 0, null));
        break;
    }
    return List.of(s);
  }
}
