package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random well-typed expressions over the variables of a {@link Scope}. An expression requested for
 * type {@code t} has type {@code t} or one that widens to it; {@link Expr#type} says which.
 * Whatever it generates is defined Java the compiler must reproduce: integer divisors are never
 * zero, array indices stay in bounds, each thread touches only its own output slots.
 */
final class ExpressionGenerator {
  /** A generated static method of the class that expressions may call. */
  record Helper(String name, JType result, List<JType> params) {}

  private static final String[] ARITH = {"+", "-", "*", "&", "|", "^"};
  private static final String[] COMPARE = {"<", "<=", ">", ">=", "==", "!="};
  private static final String[] SHIFT = {"<<", ">>", ">>>"};

  final SplittableRandom r;
  final Set<Feature> f;
  final Scope scope;
  final List<Helper> helpers = new ArrayList<>();

  /** The generated device functions that return arrays (a kernel's calls only). */
  final List<ArrayReturns.Function> arrayFunctions = new ArrayList<>();

  private final Intrinsics intrinsics;

  /** The name of the thread's global index, {@code null} in device functions. */
  final String gid;

  private int pure;

  /** Array accesses in the index being generated: kept shallow. */
  private int indexNesting;

  ExpressionGenerator(SplittableRandom r, Set<Feature> f, Scope scope, String gid) {
    this.r = r;
    this.f = f;
    this.scope = scope;
    this.gid = gid;
    this.intrinsics = new Intrinsics(this);
  }

  /** The numeric types the features allow. */
  List<JType> numericTypes() {
    List<JType> out = new ArrayList<>(List.of(JType.INT));
    if (f.contains(Feature.LONGS)) {
      out.add(JType.LONG);
    }
    if (f.contains(Feature.FLOATS)) {
      out.add(JType.FLOAT);
    }
    if (f.contains(Feature.DOUBLES)) {
      out.add(JType.DOUBLE);
    }
    if (f.contains(Feature.NARROW_TYPES)) {
      out.addAll(List.of(JType.BYTE, JType.SHORT, JType.CHAR));
    }
    return out;
  }

  /** The types of variables and arrays: the numeric ones, and {@code boolean} with narrow types. */
  List<JType> valueTypes() {
    List<JType> out = numericTypes();
    if (f.contains(Feature.NARROW_TYPES)) {
      out.add(JType.BOOLEAN);
    }
    return out;
  }

  JType anyNumeric() {
    return pick(numericTypes());
  }

  JType anyIntegral() {
    List<JType> out = new ArrayList<>();
    for (JType t : numericTypes()) {
      if (t.isIntegral()) {
        out.add(t);
      }
    }
    return pick(out);
  }

  <T> T pick(List<T> xs) {
    return xs.get(r.nextInt(xs.size()));
  }

  boolean chance(int oneIn) {
    return r.nextInt(oneIn) == 0;
  }

  boolean has(Feature x) {
    return f.contains(x);
  }

  /** Whether side effects are allowed here. */
  boolean impureAllowed() {
    return pure == 0 && has(Feature.SIDE_EFFECTS);
  }

  /** An expression without side effects (a divisor evaluated twice, say). */
  Expr pure(JType t, int depth) {
    pure++;
    try {
      return gen(t, depth);
    } finally {
      pure--;
    }
  }

  /** An expression of exactly type {@code t}: a widening cast is added where needed. */
  Expr exact(JType t, int depth) {
    Expr e = gen(t, depth);
    return e.type == t ? e : Expr.of(t, "((", t.java, ") ", e, ")");
  }

  /** An expression of type {@code t} or one that widens to it. */
  Expr gen(JType t, int depth) {
    if (depth <= 0 || chance(4)) {
      return leaf(t);
    }
    if (chance(8)) {
      List<JType> narrower = new ArrayList<>();
      for (JType n : numericTypes()) {
        if (n != t && n.widensTo(t)) {
          narrower.add(n);
        }
      }
      if (!narrower.isEmpty()) {
        return gen(pick(narrower), depth);
      }
    }
    switch (t) {
      case BOOLEAN:
        return bool(depth);
      case BYTE:
      case SHORT:
      case CHAR:
        return narrow(t, depth);
      case INT:
      case LONG:
        return integral(t, depth);
      default:
        return floating(t, depth);
    }
  }

  private Expr integral(JType t, int d) {
    switch (r.nextInt(13)) {
      case 0:
        if (has(Feature.DIVISION)) {
          return division(t, d);
        }
        break;
      case 1:
        if (has(Feature.SHIFTS)) {
          return shift(t, d);
        }
        break;
      case 2:
        Expr a = gen(t, d - 1);
        return Expr.of(a.type.promoted(), "(", chance(2) ? "-" : "~", a, ")");
      case 3:
        if (has(Feature.CONVERSIONS)) {
          return Expr.of(t, "((", t.java, ") ", gen(anyNumeric(), d - 1), ")");
        }
        break;
      case 4:
        return common(t, d);
      case 5:
        Expr e = intrinsics.any(t, d);
        if (e != null) {
          return e;
        }
        break;
      default:
        break;
    }
    return binary(t, d, ARITH);
  }

  private Expr floating(JType t, int d) {
    switch (r.nextInt(10)) {
      case 0:
        return Expr.of(t, "(-", exact(t, d - 1), ")");
      case 1:
        if (has(Feature.CONVERSIONS)) {
          return Expr.of(t, "((", t.java, ") ", gen(anyNumeric(), d - 1), ")");
        }
        break;
      case 2:
        return common(t, d);
      case 3:
        Expr e = intrinsics.any(t, d);
        if (e != null) {
          return e;
        }
        break;
      case 4:
        if (has(Feature.FLOAT_REMAINDER)) {
          return binary(t, d, new String[] {"%"});
        }
        break;
      default:
        break;
    }
    return binary(t, d, has(Feature.DIVISION) ? new String[] {"+", "-", "*", "/"} : ARITH3);
  }

  private static final String[] ARITH3 = {"+", "-", "*"};

  private Expr narrow(JType t, int d) {
    switch (r.nextInt(5)) {
      case 0:
      case 1:
        return common(t, d);
      case 2:
        Expr e = intrinsics.any(t, d);
        if (e != null) {
          return e;
        }
        return common(t, d);
      default:
        return Expr.of(t, "((", t.java, ") ", gen(anyNumeric(), d - 1), ")");
    }
  }

  private Expr bool(int d) {
    switch (r.nextInt(10)) {
      case 0:
      case 1:
      case 2:
        JType t = anyNumeric();
        return Expr.of(
            JType.BOOLEAN, "(", gen(t, d - 1), " ", pickOp(COMPARE), " ", gen(t, d - 1), ")");
      case 3:
        return Expr.of(JType.BOOLEAN, "(!", gen(JType.BOOLEAN, d - 1), ")");
      case 4:
        if (has(Feature.SHORT_CIRCUIT)) {
          String op = chance(2) ? " && " : " || ";
          return Expr.of(
              JType.BOOLEAN, "(", gen(JType.BOOLEAN, d - 1), op, gen(JType.BOOLEAN, d - 1), ")");
        }
        break;
      case 5:
        return common(JType.BOOLEAN, d);
      case 6:
        Expr e = intrinsics.any(JType.BOOLEAN, d);
        if (e != null) {
          return e;
        }
        break;
      default:
        break;
    }
    String[] ops = {"&", "|", "^", "==", "!="};
    return Expr.of(
        JType.BOOLEAN,
        "(",
        gen(JType.BOOLEAN, d - 1),
        " ",
        pickOp(ops),
        " ",
        gen(JType.BOOLEAN, d - 1),
        ")");
  }

  /** Ternaries, side effects, calls and switch expressions: forms every type has. */
  private Expr common(JType t, int d) {
    int k = r.nextInt(4);
    if (k == 0 && impureAllowed()) {
      Expr e = sideEffect(t, d);
      if (e != null) {
        return e;
      }
    }
    if (k == 1 && has(Feature.DEVICE_CALLS)) {
      Expr e = call(t, d);
      if (e != null) {
        return e;
      }
    }
    if (k == 2 && has(Feature.SWITCH)) {
      return switchExpression(t, d);
    }
    if (has(Feature.TERNARIES)) {
      return Expr.of(
          t, "(", gen(JType.BOOLEAN, d - 1), " ? ", exact(t, d - 1), " : ", exact(t, d - 1), ")");
    }
    return leaf(t);
  }

  private String pickOp(String[] ops) {
    return ops[r.nextInt(ops.length)];
  }

  private Expr binary(JType t, int d, String[] ops) {
    Expr a = gen(t, d - 1);
    Expr b = gen(t, d - 1);
    String op = pickOp(ops);
    boolean integral = JType.promote(a.type, b.type).isIntegral();
    if (!integral && (op.equals("&") || op.equals("|") || op.equals("^"))) {
      op = "+";
    }
    if (integral && (op.equals("/") || op.equals("%"))) {
      // a floating expression built from integer operands divides as integers
      b = divisor(b.type.promoted(), d - 1);
    }
    return Expr.of(JType.promote(a.type, b.type), "(", a, " ", op, " ", b, ")");
  }

  /** Integer {@code /} or {@code %}: by a guarded divisor or by a constant. */
  private Expr division(JType t, int d) {
    Expr a = gen(t, d - 1);
    String op = chance(2) ? " / " : " % ";
    Expr b = chance(5) ? constantDivisor(t) : divisor(t, d - 1);
    return Expr.of(JType.promote(a.type, b.type), "(", a, op, b, ")");
  }

  /** {@code -1} (for {@code MIN / -1}), or one of the constants a backend strength-reduces. */
  private Expr constantDivisor(JType t) {
    int[] cs = {-1, -1, -1, 2, 4, 8, 16, 3, 5, 7, 10, -2, -8, 1 << 30, Integer.MIN_VALUE};
    int c = cs[r.nextInt(cs.length)];
    return Expr.leaf(t, t == JType.LONG ? Values.literal(t, (long) c) : Values.literal(t, c));
  }

  /** A non-zero integer expression of type {@code t} or narrower. */
  Expr divisor(JType t, int d) {
    if (chance(3)) {
      Expr x = gen(t, d);
      return Expr.of(x.type.promoted(), "(", x, " | 1)").lock();
    }
    Expr x = pure(t, d);
    return Expr.of(x.type.promoted(), "(", x, " == 0 ? 1 : ", x, ")").lock();
  }

  private Expr shift(JType t, int d) {
    Expr a = gen(t, d - 1);
    Expr count;
    if (chance(3)) {
      int c = Values.shiftCount(r);
      count =
          has(Feature.LONGS) && chance(3)
              ? Expr.leaf(JType.LONG, Values.literal(JType.LONG, (long) c))
              : Expr.leaf(JType.INT, Values.literal(JType.INT, c));
    } else {
      count = gen(has(Feature.LONGS) && chance(3) ? JType.LONG : JType.INT, d - 1);
    }
    return Expr.of(a.type.promoted(), "(", a, " ", pickOp(SHIFT), " ", count, ")");
  }

  /** {@code v++}, an assignment or a compound assignment used as a value, or null. */
  private Expr sideEffect(JType t, int d) {
    List<Var> vs = scope.find(v -> v.assignable() && v.type().widensTo(t));
    if (vs.isEmpty()) {
      return null;
    }
    Var v = pick(vs);
    Expr target = Expr.leaf(v.type(), v.name());
    if (v.type() != JType.BOOLEAN && chance(2)) {
      return incDec(target);
    }
    if (chance(2)) {
      return Expr.impure(v.type(), "(", target, " = ", gen(v.type(), d - 1), ")");
    }
    return Expr.impure(v.type(), "(", compound(target, d - 1), ")");
  }

  Expr incDec(Expr target) {
    switch (r.nextInt(4)) {
      case 0:
        return Expr.impure(target.type, "(", target, "++)");
      case 1:
        return Expr.impure(target.type, "(", target, "--)");
      case 2:
        return Expr.impure(target.type, "(++", target, ")");
      default:
        return Expr.impure(target.type, "(--", target, ")");
    }
  }

  /** {@code target op= value} without parentheses, an operator valid for both types. */
  Expr compound(Expr target, int d) {
    JType v = target.type;
    if (v == JType.BOOLEAN) {
      return Expr.impure(v, target, " " + pickOp(new String[] {"&=", "|=", "^="}) + " ", gen(v, d));
    }
    List<String> ops = new ArrayList<>(List.of("+=", "-=", "*="));
    if (has(Feature.DIVISION)) {
      ops.add("/=");
      ops.add("%=");
    }
    if (v.isIntegral()) {
      ops.addAll(List.of("&=", "|=", "^="));
      if (has(Feature.SHIFTS)) {
        ops.addAll(List.of("<<=", ">>=", ">>>="));
      }
    }
    String op = pick(ops);
    JType e = has(Feature.CONVERSIONS) ? anyNumeric() : v;
    if (op.equals("&=") || op.equals("|=") || op.equals("^=")) {
      e = anyIntegral();
    } else if (op.endsWith("<<=") || op.endsWith(">>=")) {
      e = has(Feature.LONGS) && chance(3) ? JType.LONG : JType.INT;
    }
    Expr rhs = gen(e, d);
    // the operation's type is the promotion of the target's and the value's actual type
    boolean integralOp = JType.promote(v, rhs.type).isIntegral();
    if (op.equals("%=") && !integralOp && !has(Feature.FLOAT_REMAINDER)) {
      op = "*=";
    }
    if ((op.equals("/=") || op.equals("%=")) && integralOp) {
      rhs = divisor(rhs.type.promoted(), d);
    }
    return Expr.impure(v, target, " " + op + " ", rhs);
  }

  private Expr call(JType t, int d) {
    List<Helper> hs = new ArrayList<>();
    for (Helper h : helpers) {
      if (h.result().widensTo(t)) {
        hs.add(h);
      }
    }
    if (hs.isEmpty()) {
      return null;
    }
    Helper h = pick(hs);
    List<Object> parts = new ArrayList<>(List.of(h.name() + "("));
    for (int i = 0; i < h.params().size(); i++) {
      if (i > 0) {
        parts.add(", ");
      }
      parts.add(gen(h.params().get(i), d - 1));
    }
    parts.add(")");
    return Expr.of(h.result(), parts.toArray());
  }

  private Expr switchExpression(JType t, int d) {
    List<Object> parts = new ArrayList<>(List.of("(switch (", exact(JType.INT, d - 1), ") {"));
    int arms = 1 + r.nextInt(4);
    List<Integer> labels = caseLabels(arms + r.nextInt(2));
    int next = 0;
    for (int i = 0; i < arms && next < labels.size(); i++) {
      parts.add(" case " + labels.get(next++));
      if (next < labels.size() && chance(3)) {
        parts.add(", " + labels.get(next++));
      }
      parts.add(" -> ");
      parts.add(exact(t, d - 1));
      parts.add(";");
    }
    parts.add(" default -> ");
    parts.add(exact(t, d - 1));
    parts.add("; })");
    if (t == JType.BOOLEAN) {
      // javac 17 emits unverifiable code (or crashes) for a boolean switch whose arms are all
      // constant false when it is a condition (of ?:, &&, ...); compared with true it is a value
      return Expr.of(t, "(", Expr.of(t, parts.toArray()), " == true)");
    }
    return Expr.of(t, parts.toArray());
  }

  /** Distinct {@code case} constants: dense from a small base, or sparse. */
  List<Integer> caseLabels(int n) {
    List<Integer> out = new ArrayList<>();
    boolean dense = chance(2);
    int base = r.nextInt(-3, 4);
    while (out.size() < n) {
      int c = dense ? base + out.size() : Values.anInt(r);
      if (!out.contains(c)) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * A variable most of the time, else an array element, an index method or a literal: constants are
   * rare, so that {@code javac} folds little and the compiler sees the arithmetic.
   */
  Expr leaf(JType t) {
    int k = r.nextInt(20);
    if (k < 11) {
      List<Var> vs = scope.find(v -> v.scalar() && v.type() == t);
      if (vs.isEmpty() || chance(4)) {
        vs = scope.find(v -> v.scalar() && v.type().widensTo(t));
      }
      if (!vs.isEmpty()) {
        Var v = pick(vs);
        return Expr.leaf(v.type(), v.name());
      }
    }
    if (k < 16 && indexNesting < 2) {
      Expr e = arrayRead(t);
      if (e != null) {
        return e;
      }
    }
    if (k < 17 && JType.INT.widensTo(t)) {
      Expr e = intSource();
      if (e != null) {
        return e;
      }
    }
    if (t == JType.BOOLEAN && k < 19) {
      JType n = anyNumeric();
      return Expr.of(JType.BOOLEAN, "(", leaf(n), " " + pickOp(COMPARE) + " ", leaf(n), ")");
    }
    return literal(t);
  }

  Expr literal(JType t) {
    return Expr.leaf(t, Values.literal(t, Values.value(t, r)));
  }

  private Expr arrayRead(JType t) {
    List<Var> as = scope.find(v -> v.readable() && v.type().widensTo(t));
    if (as.isEmpty()) {
      return null;
    }
    return element(pick(as));
  }

  /** An element of an array, at an index in bounds (for outputs: one of the thread's slots). */
  Expr element(Var a) {
    indexNesting++;
    try {
      if (a.rows()) {
        return rowElement(a);
      }
      Expr i = a.kind() == Kind.OUTPUT ? slot(a, gid) : index(length(a.name()));
      return Expr.of(a.type(), a.name(), "[", i, "]");
    } finally {
      indexNesting--;
    }
  }

  /**
   * {@code a[r][c]} in bounds. An output's is one of the thread's slots: row {@code gid %
   * a.length}, column {@code gid / a.length * slots + k}, so no two threads share one. Elsewhere
   * the column is masked by {@code a[r].length} (rows may be ragged), so the row index, which
   * appears twice, and the column, evaluated between the two, have no side effects.
   */
  private Expr rowElement(Var a) {
    if (a.kind() == Kind.OUTPUT_ROWS) {
      String rows = a.name() + ".length";
      Expr col = slot(a, "(" + gid + " / " + rows + ")");
      return Expr.of(a.type(), a.name() + "[" + gid + " % " + rows + "][", col, "]");
    }
    Expr row = rowIndex(a, true);
    // the column is evaluated between the row's two copies: it must not assign what the row reads
    pure++;
    try {
      Expr col = index(Expr.of(JType.INT, a.name() + "[", row, "].length"));
      return Expr.of(a.type(), a.name() + "[", row, "][", col, "]");
    } finally {
      pure--;
    }
  }

  /** An in-bounds row index of an array of arrays (whose row count is a power of two). */
  Expr rowIndex(Var a, boolean pureOnly) {
    if (pureOnly) {
      pure++;
    }
    try {
      return index(length(a.name()));
    } finally {
      if (pureOnly) {
        pure--;
      }
    }
  }

  private static Expr length(String array) {
    return Expr.leaf(JType.INT, array + ".length");
  }

  /** One of the thread's slots of an output: {@code thread * slots + k}, locked. */
  private Expr slot(Var a, String thread) {
    if (a.length() == 1) {
      return Expr.leaf(JType.INT, thread).lock();
    }
    if (chance(3)) {
      return Expr.leaf(JType.INT, thread + " * " + a.length() + " + " + r.nextInt(a.length()))
          .lock();
    }
    return Expr.of(
            JType.INT,
            thread + " * " + a.length() + " + (",
            gen(JType.INT, 1),
            " & " + (a.length() - 1) + ")")
        .lock();
  }

  /** An in-bounds index of an array whose length {@code n}, a power of two, is given. */
  private Expr index(Expr n) {
    Expr e = gen(JType.INT, 1);
    switch (r.nextInt(4)) {
      case 0:
        return Expr.of(JType.INT, "(", e, ") & (", n, " - 1)");
      case 1:
        return Expr.of(JType.INT, "((", e, ") & 0x7fffffff) % ", n);
      case 2:
        return Expr.of(JType.INT, "(((", e, ") % ", n, ") + ", n, ") % ", n);
      default:
        return gid != null
            ? Expr.of(JType.INT, gid + " % ", n)
            : Expr.of(JType.INT, "(", e, ") & (", n, " - 1)");
    }
  }

  /** {@code a.length} or a {@code Gpu} index method. */
  private Expr intSource() {
    if (chance(2)) {
      List<Var> as = scope.find(v -> !v.scalar());
      if (!as.isEmpty()) {
        Var a = pick(as);
        if (a.rows() && chance(2) && indexNesting < 2) {
          indexNesting++;
          try {
            return Expr.of(JType.INT, a.name() + "[", rowIndex(a, false), "].length");
          } finally {
            indexNesting--;
          }
        }
        return Expr.leaf(JType.INT, a.name() + ".length");
      }
    }
    if (!has(Feature.GPU_INDICES)) {
      return null;
    }
    String[] m = {
      "threadIdxX()", "blockIdxX()", "blockDimX()", "gridDimX()", "globalIdX()", "globalSizeX()",
      "laneId()", "threadIdxY()", "blockIdxZ()", "blockDimY()", "gridDimZ()", "globalIdY()",
      "globalSizeZ()"
    };
    return Expr.leaf(JType.INT, m[r.nextInt(m.length)]);
  }
}
