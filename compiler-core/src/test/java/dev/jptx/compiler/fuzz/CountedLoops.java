package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Counted loops the software pipeliner takes ({@link Feature#COUNTED_LOOPS}, issue #22): an
 * innermost {@code for} over arrays whose body is one basic block (element loads at indices that
 * follow the counter, arithmetic, stores to the thread's own slots or local arrays, reductions into
 * locals declared before the loop), with a trip count of up to 31 that differs between threads, so
 * that a launch runs the short-trip path and every prolog depth. The other loops of the generator
 * mostly have branches in their bodies (conditions, {@code break}, ternaries, calls) or constant
 * trip counts that unrolling removes, so they seldom reach the pipeliner.
 *
 * <p>It draws from a random stream of its own and its loops go after the kernel's other statements,
 * so a kernel seed still gives the statements it gave before the feature was added, followed by the
 * counted loops.
 */
final class CountedLoops {
  /**
   * What the loop bodies leave out: constructs that branch ({@code && ||}, ternaries, switch
   * expressions, the JDK helpers and {@code StrictMath}, which inline to branches), call
   * ({@code @NoInline} functions) or assign inside an expression (a side effect is a statement
   * here).
   */
  private static final Set<Feature> BRANCHY =
      EnumSet.of(
          Feature.SIDE_EFFECTS,
          Feature.TERNARIES,
          Feature.SHORT_CIRCUIT,
          Feature.SWITCH,
          Feature.DEVICE_CALLS,
          Feature.JDK_HELPERS,
          Feature.STRICT_MATH,
          Feature.FLOAT_REMAINDER,
          Feature.HALF_PRECISION);

  /**
   * The largest trip count, a mask (trip counts over the pipeliner's five stages run the kernel).
   */
  private static final int TRIPS = 31;

  private final ExpressionGenerator g;
  private final StatementGenerator.Names names;

  /**
   * Loops over the variables of {@code kernel}'s scope (the kernel's top level, after its other
   * statements), drawn from {@code r}.
   */
  CountedLoops(SplittableRandom r, ExpressionGenerator kernel, StatementGenerator.Names names) {
    Set<Feature> f = EnumSet.copyOf(kernel.f);
    f.removeAll(BRANCHY);
    this.g = new ExpressionGenerator(r, f, kernel.scope, kernel.gid);
    this.names = names;
  }

  /**
   * None or two to four loops (seven of eight kernels get some), with what they need before: the
   * pipeliner schedules about a third of them at the II the fuzzer forces, and a default run must
   * see enough pipelined.
   */
  List<Stmt> some() {
    List<Stmt> out = new ArrayList<>();
    int n = g.chance(8) ? 0 : 2 + g.r.nextInt(3);
    for (int i = 0; i < n; i++) {
      out.addAll(loop());
    }
    return out;
  }

  /**
   * The accumulators and the trip count (top-level locals, so that the kernel's sinks observe the
   * accumulators), then the loop, sometimes inside an {@code if} or an outer loop of two or three
   * trips: the pipelined loop is then entered several times, or not at all. The loop computes in
   * one element type, as a dot product or a scaling loop does: conversions between integers and
   * floating point take the special-function unit eight cycles each, and a body of many would
   * exceed the pipeliner's largest initiation interval.
   */
  private List<Stmt> loop() {
    JType t = elementType();
    List<Stmt> out = new ArrayList<>();
    List<Var> accumulators = new ArrayList<>();
    accumulators.add(accumulator(t, out));
    if (g.chance(3)) {
      accumulators.add(accumulator(g.pick(g.valueTypes()), out));
    }
    String trip = names.fresh("trip");
    Var primary = g.chance(3) ? null : array(t);
    Expr bound = Expr.of(JType.INT, "(", g.exact(JType.INT, 2), " & " + TRIPS + ")").lock();
    if (primary != null) {
      // a[i] needs no mask: the trip count is at most the array's length
      String length = primary.name() + ".length";
      bound =
          g.has(Feature.MATH)
              ? Expr.of(JType.INT, "Math.min(", bound, ", " + length + ")").lock()
              : Expr.of(JType.INT, bound, " % (" + length + " + 1)").lock();
    }
    out.add(Stmt.of("int " + trip + " = ", bound, ";"));
    accumulators.forEach(g.scope::add);
    g.scope.add(new Var(trip, JType.INT, Kind.FIXED, 0, null));
    int wrap = g.r.nextInt(6);
    int mark = g.scope.mark();
    String outer = null;
    if (wrap == 0) {
      outer = names.fresh("o");
      g.scope.add(new Var(outer, JType.INT, Kind.FIXED, 0, null));
    }
    Expr condition = wrap == 1 ? g.gen(JType.BOOLEAN, 2) : null;
    Stmt loop = forLoop(t, trip, primary, accumulators);
    g.scope.reset(mark);
    if (outer != null) {
      int trips = 2 + g.r.nextInt(2);
      String head = "for (int " + outer + " = 0; " + outer + " < " + trips + "; " + outer + "++) ";
      out.add(Stmt.of(head, new Stmt.Block(List.of(loop))));
    } else if (condition != null) {
      // statements before and after the loop give it a preheader and an exit of its own: loop
      // rotation, which makes the body one block, rotates no loop entered from or left to the if
      Expr acc = Expr.leaf(t, accumulators.get(0).name());
      Stmt before = Stmt.of(g.compound(acc, 1), ";");
      Stmt after = Stmt.of(g.compound(acc, 1), ";");
      out.add(Stmt.of("if (", condition, ") ", new Stmt.Block(List.of(before, loop, after))));
    } else {
      out.add(loop);
    }
    return out;
  }

  /**
   * The type of an array the kernel has, mostly, so that the loop's loads need no conversion;
   * mostly a 32- or 64-bit one: {@code byte short char} arithmetic narrows after each operation,
   * and a body of twice the instructions often exceeds the pipeliner's largest initiation interval.
   */
  private JType elementType() {
    List<Var> as = g.scope.find(v -> indexable(v) && v.type() != JType.BOOLEAN);
    List<Var> wide = new ArrayList<>();
    for (Var v : as) {
      if (!v.type().isSubInt()) {
        wide.add(v);
      }
    }
    if (!wide.isEmpty() && !g.chance(4)) {
      return g.pick(wide).type();
    }
    return as.isEmpty() || g.chance(5) ? g.anyNumeric() : g.pick(as).type();
  }

  /** {@code T acc = e;} before the loop. */
  private Var accumulator(JType t, List<Stmt> out) {
    String a = names.fresh("acc");
    Expr init = g.chance(2) ? g.literal(t) : g.exact(t, 1);
    out.add(Stmt.of(t.java + " " + a + " = ", init, ";"));
    return new Var(a, t, Kind.LOCAL, 0, null);
  }

  /** An input, table or local array, of type {@code t} where the kernel has one, or null. */
  private Var array(JType t) {
    List<Var> same = g.scope.find(v -> indexable(v) && v.type() == t);
    List<Var> any = g.scope.find(CountedLoops::indexable);
    if (!same.isEmpty() && !g.chance(4)) {
      return g.pick(same);
    }
    return any.isEmpty() ? null : g.pick(any);
  }

  /** A one-dimensional array of power-of-two length the thread may read anywhere. */
  private static boolean indexable(Var v) {
    return v.kind() == Kind.INPUT || v.kind() == Kind.TABLE || v.kind() == Kind.LOCAL_ARRAY;
  }

  /** The loop over {@code i} from 0 to the trip count, in one of four shapes. */
  private Stmt forLoop(JType t, String trip, Var primary, List<Var> accumulators) {
    String i = names.fresh("i");
    String head;
    switch (g.r.nextInt(6)) {
      case 0:
        head = "for (int " + i + " = " + trip + " - 1; " + i + " >= 0; " + i + "--) ";
        break;
      case 1:
        head = "for (int " + i + " = 0; " + i + " < " + trip + "; " + i + " += 2) ";
        break;
      case 2:
        head = "for (int " + i + " = 1; " + i + " < " + trip + "; " + i + "++) ";
        break;
      default:
        head = "for (int " + i + " = 0; " + i + " < " + trip + "; " + i + "++) ";
        break;
    }
    int mark = g.scope.mark();
    g.scope.add(new Var(i, JType.INT, Kind.FIXED, 0, null));
    List<Stmt> body = new ArrayList<>();
    List<Expr> loaded = new ArrayList<>();
    // narrow arithmetic takes twice the instructions: fewer loads keep the body within the
    // pipeliner's largest initiation interval
    int loads = 1 + g.r.nextInt(t.isSubInt() ? 2 : 3);
    for (int k = 0; k < loads; k++) {
      Var a = primary != null && g.chance(2) ? primary : array(t);
      if (a != null) {
        String index = a == primary ? i : masked(i, a.name() + ".length - 1");
        String x = names.fresh("x");
        g.scope.add(new Var(x, a.type(), Kind.LOCAL, 0, null));
        loaded.add(Expr.leaf(a.type(), x));
        body.add(Stmt.of(a.type().java + " " + x + " = " + a.name() + "[" + index + "];"));
      }
    }
    Body b = new Body(t, loaded, Expr.leaf(JType.INT, i), accumulators);
    if (g.chance(3)) {
      // a value computed once and used twice, as a scaled element is
      String y = names.fresh("y");
      Expr value = b.value(t);
      body.add(Stmt.of(t.java + " " + y + " = ", value, ";"));
      loaded.add(Expr.leaf(t, y));
    }
    for (Var a : accumulators) {
      body.add(b.reduction(a));
    }
    if (g.chance(3)) {
      Stmt store = store(t, i, b);
      if (store != null) {
        body.add(store);
      }
    }
    g.scope.reset(mark);
    return Stmt.of(head, new Stmt.Block(body));
  }

  /** An index that follows {@code i}, masked into {@code 0..mask}. */
  private String masked(String i, String mask) {
    switch (g.r.nextInt(3)) {
      case 0:
        return "(" + i + " + " + (1 + g.r.nextInt(7)) + ") & (" + mask + ")";
      case 1:
        return "(" + i + " * " + (2 + g.r.nextInt(3)) + ") & (" + mask + ")";
      default:
        return i + " & (" + mask + ")";
    }
  }

  /**
   * A store at an index that follows the counter: a local array or the thread's own slots, of type
   * {@code t} where there is one.
   */
  private Stmt store(JType t, String i, Body b) {
    List<Var> as = g.scope.find(v -> v.kind() == Kind.LOCAL_ARRAY || v.kind() == Kind.OUTPUT);
    if (as.isEmpty()) {
      return null;
    }
    List<Var> same = new ArrayList<>();
    for (Var v : as) {
      if (v.type() == t) {
        same.add(v);
      }
    }
    Var a = g.pick(same.isEmpty() || g.chance(4) ? as : same);
    String index;
    if (a.kind() == Kind.LOCAL_ARRAY) {
      index = masked(i, a.name() + ".length - 1");
    } else if (a.length() == 1) {
      index = g.gid;
    } else {
      index =
          g.gid + " * " + a.length() + " + (" + masked(i, Integer.toString(a.length() - 1)) + ")";
    }
    return Stmt.of(a.name() + "[" + index + "] = ", b.value(a.type()), ";");
  }

  /**
   * Branch-free values for one loop body, mostly of its element type: arithmetic over the loaded
   * elements, the counter, the kernel's scalars and literals, so that the body stays one block (a
   * general expression would often compare, select or call, and javac compiles a comparison's value
   * to a branch).
   */
  private final class Body {
    private final JType type;
    private final List<Expr> loaded;
    private final Expr counter;
    private final List<Var> accumulators;

    Body(JType type, List<Expr> loaded, Expr counter, List<Var> accumulators) {
      this.type = type;
      this.loaded = loaded;
      this.counter = counter;
      this.accumulators = accumulators;
    }

    /**
     * {@code acc op= e}, or a dot product's {@code acc = Math.fma(x, y, acc)}, or a running {@code
     * Math.max}: a recurrence through the loop.
     */
    Stmt reduction(Var a) {
      JType t = a.type();
      String acc = a.name();
      if (t == JType.BOOLEAN) {
        return Stmt.of(acc + " " + pick("&=", "|=", "^=") + " ", comparison(), ";");
      }
      if (g.has(Feature.MATH) && g.chance(4)) {
        if (t.isFloating()) {
          return Stmt.of(
              acc + " = Math.fma(",
              exact(t, arith(1)),
              ", ",
              exact(t, arith(1)),
              ", " + acc + ");");
        }
        if (t == JType.INT || t == JType.LONG) {
          String m = pick("Math.max(", "Math.min(");
          return Stmt.of(acc + " = " + m + acc + ", ", exact(t, arith(1)), ");");
        }
      }
      // of the accumulator's type: a wider operand would put conversions on the recurrence
      Expr e = exact(t, arith(2));
      List<String> ops = new ArrayList<>(List.of("+=", "-=", "*="));
      if (t.isIntegral()) {
        ops.addAll(List.of("^=", "|=", "&="));
      }
      return Stmt.of(acc + " " + g.pick(ops) + " ", e, ";");
    }

    /** A value for an element of type {@code t}. */
    Expr value(JType t) {
      return t == JType.BOOLEAN ? comparison() : exact(t, arith(2));
    }

    private Expr comparison() {
      return Expr.of(
          JType.BOOLEAN,
          "(",
          exact(type, arith(1)),
          " " + pick("<", "<=", ">", ">=", "==", "!=") + " ",
          exact(type, arith(1)),
          ")");
    }

    /** Arithmetic of the element type mostly: an operation on two operands, seldom a cast. */
    private Expr arith(int depth) {
      if (depth <= 0 || g.chance(3)) {
        return leaf();
      }
      Expr a = arith(depth - 1);
      if (g.chance(10) && g.has(Feature.CONVERSIONS)) {
        JType t = g.anyNumeric();
        return Expr.of(t, "((" + t.java + ") ", a, ")");
      }
      if (g.chance(10) && a.type.promoted().isIntegral()) {
        // by a constant: strength-reduced to multiplications and shifts, -1 negates
        int c = new int[] {3, 5, 7, 8, -1}[g.r.nextInt(5)];
        return Expr.of(a.type.promoted(), "(", a, " / " + c + ")");
      }
      Expr b = arith(depth - 1);
      JType t = JType.promote(a.type, b.type);
      List<String> ops = new ArrayList<>(List.of("+", "-", "*"));
      if (t.isIntegral()) {
        ops.addAll(List.of("&", "|", "^"));
        if (g.has(Feature.SHIFTS)) {
          ops.addAll(List.of("<<", ">>", ">>>"));
        }
      }
      String op = g.pick(ops);
      if (op.startsWith("<") || op.startsWith(">")) {
        // a shift has its left operand's type
        return Expr.of(a.type.promoted(), "(", a, " " + op + " ", b, ")");
      }
      return Expr.of(t, "(", a, " " + op + " ", b, ")");
    }

    /**
     * A loaded element mostly, else the counter (seldom in floating point: a conversion each
     * iteration), a scalar of the kernel or a literal.
     */
    private Expr leaf() {
      List<Expr> numeric = new ArrayList<>();
      for (Expr x : loaded) {
        if (x.type != JType.BOOLEAN) {
          numeric.add(x);
        }
      }
      int k = g.r.nextInt(10);
      if (k < 5 && !numeric.isEmpty()) {
        return g.pick(numeric);
      }
      if (k < 6 || k < 7 && !type.isFloating()) {
        return counter;
      }
      if (k < 9) {
        // not an accumulator: its recurrence through a long expression would set the loop's
        // minimal initiation interval (RecMII) past the pipeliner's largest
        List<Var> vs = g.scope.find(v -> invariant(v) && v.type() == type);
        if (vs.isEmpty()) {
          vs = g.scope.find(v -> invariant(v) && v.type() != JType.BOOLEAN);
        }
        if (!vs.isEmpty()) {
          Var v = g.pick(vs);
          return Expr.leaf(v.type(), v.name());
        }
      }
      return g.literal(type);
    }

    private boolean invariant(Var v) {
      return v.scalar() && !accumulators.contains(v);
    }

    /** {@code e} as type {@code t}: cast where it does not widen. */
    private Expr exact(JType t, Expr e) {
      return e.type == t ? e : Expr.of(t, "((" + t.java + ") ", e, ")");
    }

    private String pick(String... options) {
      return options[g.r.nextInt(options.length)];
    }
  }
}
