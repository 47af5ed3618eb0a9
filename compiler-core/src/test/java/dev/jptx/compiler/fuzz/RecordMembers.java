package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Records of primitives as values ({@link Feature#RECORDS}): a record type with an instance method
 * that makes a new record from two, a device function that returns one of two records (sometimes
 * {@code @NoInline}, so that the record comes back through its caller's buffer), and a scalar
 * helper the kernel body calls, which builds records, merges them across a branch and a loop and
 * reads their components back. The members are locked blocks: the reducer keeps a record's methods
 * whole.
 */
final class RecordMembers {
  private final SplittableRandom r;
  private final java.util.Set<Feature> features;

  RecordMembers(SplittableRandom r, java.util.Set<Feature> features) {
    this.r = r;
    this.features = features;
  }

  /**
   * Adds the record {@code prefix_R}, its maker and its user to {@code members}, and the user to
   * {@code helpers}, for the kernel body to call.
   */
  void add(
      String prefix,
      List<Var> globals,
      List<Stmt> members,
      List<ExpressionGenerator.Helper> helpers) {
    ExpressionGenerator probe = generator(globals, List.of());
    int n = 1 + r.nextInt(3);
    List<JType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      types.add(probe.pick(probe.valueTypes()));
      names.add("c" + i);
    }
    String record = prefix + "_R";
    members.add(declaration(record, types, names, globals));
    String maker = prefix + "_mk";
    members.add(maker(record, maker, types, globals));
    JType result = probe.pick(probe.valueTypes());
    String user = prefix + "_use";
    members.add(user(record, maker, user, result, types, globals));
    helpers.add(new ExpressionGenerator.Helper(user, result, types));
  }

  /** {@code record R(T0 c0, ...)} with {@code R mix(R o)}. */
  private Stmt declaration(
      String record, List<JType> types, List<String> names, List<Var> globals) {
    List<Var> own = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      // inside the record, a component is its field; the other record's through its accessor
      own.add(new Var(names.get(i), types.get(i), Kind.FIXED, 0, null));
      own.add(new Var("o." + names.get(i) + "()", types.get(i), Kind.FIXED, 0, null));
    }
    ExpressionGenerator g = generator(globals, own);
    List<Object> make = new ArrayList<>(List.of("return new " + record + "("));
    for (int i = 0; i < types.size(); i++) {
      make.add(i == 0 ? "" : ", ");
      make.add(g.exact(types.get(i), 2));
    }
    make.add(");");
    Stmt mix =
        Stmt.of(
            record + " mix(" + record + " o) ",
            new Stmt.Block(List.of(Stmt.of(make.toArray())), true));
    List<String> declared = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      declared.add(types.get(i).java + " " + names.get(i));
    }
    return Stmt.of(
        "record " + record + "(" + String.join(", ", declared) + ") ",
        new Stmt.Block(List.of(mix), true));
  }

  /**
   * {@code static R mk(T0 a0, ...)}: one of two records, chosen by a condition on its arguments.
   */
  private Stmt maker(String record, String maker, List<JType> types, List<Var> globals) {
    List<Var> params = new ArrayList<>();
    List<String> declared = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      params.add(new Var("a" + i, types.get(i), Kind.FIXED, 0, null));
      declared.add(types.get(i).java + " a" + i);
    }
    ExpressionGenerator g = generator(globals, params);
    List<Object> other = new ArrayList<>(List.of("return new " + record + "("));
    List<String> plain = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      other.add(i == 0 ? "" : ", ");
      other.add(g.exact(types.get(i), 2));
      plain.add("a" + i);
    }
    other.add(");");
    List<Stmt> body =
        List.of(
            Stmt.of(
                "if (",
                g.exact(JType.BOOLEAN, 2),
                ") return new " + record + "(" + String.join(", ", plain) + ");"),
            Stmt.of(other.toArray()));
    String noInline = r.nextInt(2) == 0 ? "@NoInline\n  " : "";
    return Stmt.of(
        noInline + "static " + record + " " + maker + "(" + String.join(", ", declared) + ") ",
        new Stmt.Block(body, true));
  }

  /**
   * {@code static T use(T0 x0, ...)}: a record from the maker, mixed with new ones in a loop (a
   * record phi; once without {@link Feature#LOOPS}), then one of two records by a ternary, its
   * components combined into the result.
   */
  private Stmt user(
      String record,
      String maker,
      String user,
      JType result,
      List<JType> types,
      List<Var> globals) {
    List<Var> params = new ArrayList<>();
    List<String> declared = new ArrayList<>();
    List<String> plain = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      params.add(new Var("x" + i, types.get(i), Kind.FIXED, 0, null));
      declared.add(types.get(i).java + " x" + i);
      plain.add("x" + i);
    }
    ExpressionGenerator outside = generator(globals, params);
    boolean loops = features.contains(Feature.LOOPS);
    List<Var> inLoop = new ArrayList<>(params);
    if (loops) {
      inLoop.add(new Var("i", JType.INT, Kind.FIXED, 0, null));
    }
    ExpressionGenerator g = generator(globals, inLoop);
    List<Object> fresh = new ArrayList<>(List.of("v = v.mix(new " + record + "("));
    for (int i = 0; i < types.size(); i++) {
      fresh.add(i == 0 ? "" : ", ");
      fresh.add(g.exact(types.get(i), 2));
    }
    fresh.add("));");
    List<Object> combine = new ArrayList<>(List.of("return (" + result.java + ") ("));
    for (int i = 0; i < types.size(); i++) {
      String c = "w.c" + i + "()";
      if (result == JType.BOOLEAN) {
        combine.add(i == 0 ? "" : " ^ ");
        combine.add(types.get(i) == JType.BOOLEAN ? c : "(" + c + " > 0)");
      } else {
        combine.add(i == 0 ? "" : " + ");
        combine.add(types.get(i) == JType.BOOLEAN ? "(" + c + " ? 1 : 0)" : c);
      }
    }
    combine.add(");");
    int trips = 1 + r.nextInt(4);
    List<Stmt> body =
        List.of(
            Stmt.of(record + " v = " + maker + "(" + String.join(", ", plain) + ");"),
            loops
                ? Stmt.of(
                    "for (int i = 0; i < " + trips + "; i++) ",
                    new Stmt.Block(List.of(Stmt.of(fresh.toArray())), true))
                : Stmt.of(fresh.toArray()),
            Stmt.of(
                record + " w = ",
                outside.exact(JType.BOOLEAN, 2),
                " ? v : " + maker + "(" + String.join(", ", plain) + ").mix(v);"),
            Stmt.of(combine.toArray()));
    return Stmt.of(
        "static " + result.java + " " + user + "(" + String.join(", ", declared) + ") ",
        new Stmt.Block(body, true));
  }

  /** Expressions over the globals and {@code vars}, calling no helpers. */
  private ExpressionGenerator generator(List<Var> globals, List<Var> vars) {
    Scope scope = new Scope();
    globals.forEach(scope::add);
    vars.forEach(scope::add);
    return new ExpressionGenerator(r, features, scope, null);
  }
}
