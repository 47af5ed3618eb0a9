package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Code that repeats ({@link Feature#REPEATS}, issue #23): one expression of one type over two
 * placeholders, drawn once, then written six to nine times with the placeholders bound to locals
 * holding other values of the kernel, each result a local the kernel's sinks observe. After
 * inlining and optimization the copies are the same instructions in other registers: the machine
 * outliner's candidates, whose repeats the other statements seldom make long enough to pay for a
 * call. Like {@link CountedLoops} it draws from a random stream of its own and goes after the
 * kernel's other statements, so a kernel seed gives what it gave before the feature.
 */
final class Repeats {
  /** What the expression leaves out: branches and calls, which would split it into blocks. */
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
          Feature.HALF_PRECISION,
          Feature.ARRAY_RETURNS,
          Feature.RECORDS);

  private final SplittableRandom r;
  private final Set<Feature> features;
  private final ExpressionGenerator g;
  private final StatementGenerator.Names names;

  /** Repeats over the variables of {@code kernel}'s scope, drawn from {@code r}. */
  Repeats(SplittableRandom r, ExpressionGenerator kernel, StatementGenerator.Names names) {
    this.r = r;
    this.features = EnumSet.copyOf(kernel.f);
    features.removeAll(BRANCHY);
    this.g = new ExpressionGenerator(r, features, kernel.scope, kernel.gid);
    this.names = names;
  }

  /** One or two groups of repeats. */
  List<Stmt> some() {
    List<Stmt> out = new ArrayList<>();
    int groups = 1 + r.nextInt(2);
    for (int i = 0; i < groups; i++) {
      out.addAll(group());
    }
    return out;
  }

  /** One expression's copies, or nothing where the kernel has no 32- or 64-bit type. */
  private List<Stmt> group() {
    List<Stmt> out = new ArrayList<>();
    List<JType> wide = new ArrayList<>();
    for (JType v : g.valueTypes()) {
      // 16-bit values cross no call (no .param type), and a boolean's expression is a comparison
      if (v == JType.INT || v == JType.LONG || v == JType.FLOAT || v == JType.DOUBLE) {
        wide.add(v);
      }
    }
    if (wide.isEmpty()) {
      return out;
    }
    JType t = g.pick(wide);
    Scope placeholders = new Scope();
    String a = names.fresh("ra");
    String b = names.fresh("rb");
    placeholders.add(new Var(a, t, Kind.FIXED, 0, null));
    placeholders.add(new Var(b, t, Kind.FIXED, 0, null));
    ExpressionGenerator shape = new ExpressionGenerator(r, features, placeholders, null);
    // a chain of parts, each folding in one more subexpression, so that every copy is long
    String[] ops =
        t.isFloating() ? new String[] {"+", "-", "*"} : new String[] {"+", "-", "*", "^"};
    String template = a;
    int parts = 4 + r.nextInt(4);
    for (int i = 0; i < parts; i++) {
      String op = ops[r.nextInt(ops.length)];
      template = "(" + template + " " + op + " " + shape.exact(t, 2).render() + ")";
    }
    template = "(" + template + " " + ops[r.nextInt(ops.length)] + " " + b + ")";
    int copies = 6 + r.nextInt(4);
    for (int k = 0; k < copies; k++) {
      String x = names.fresh("rx");
      String y = names.fresh("ry");
      String z = names.fresh("rz");
      out.add(Stmt.of(t.java + " " + x + " = ", g.exact(t, 1), ";"));
      out.add(Stmt.of(t.java + " " + y + " = ", g.exact(t, 1), ";"));
      String body = template.replaceAll("\\b" + a + "\\b", x).replaceAll("\\b" + b + "\\b", y);
      out.add(Stmt.of(t.java + " " + z + " = " + body + ";"));
      g.scope.add(new Var(z, t, Kind.LOCAL, 0, null));
    }
    return out;
  }
}
