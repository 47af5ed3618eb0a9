package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.GeneratedKernel.Param;
import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.compiler.fuzz.Scope.Var;
import dev.jptx.runtime.Dim3;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates one kernel from a seed: its launch geometry, parameters (scalars, input arrays every
 * thread reads, output arrays with a few slots per thread, atomic cells), the static tables and
 * device functions it uses, and a body that ends by storing every top-level variable into a sink
 * slot of its thread, so that no computed value goes unobserved.
 */
final class KernelGenerator {
  private final Set<Feature> features;

  /** Makes the counted loops' random stream differ from the kernel's. */
  private static final long COUNTED_LOOPS_SALT = 0x22_5EED_C0DE_1007L;

  /** The salt of {@link Repeats}' random stream. */
  private static final long REPEATS_SALT = 0x23_5EED_0071_1AE5L;

  KernelGenerator(Set<Feature> features) {
    this.features = Set.copyOf(features);
  }

  Set<Feature> features() {
    return features;
  }

  /** The kernel of {@code seed}, named {@code name}. */
  GeneratedKernel generate(long seed, String name) {
    SplittableRandom r = new SplittableRandom(seed);
    StatementGenerator.Names names = new StatementGenerator.Names();
    Dim3[] shape = shape(r);
    Dim3 grid = shape[0];
    Dim3 block = shape[1];

    List<Stmt> members = new ArrayList<>();
    List<Var> globals = new ArrayList<>();
    ExpressionGenerator probe = new ExpressionGenerator(r, features, new Scope(), null);
    if (features.contains(Feature.STATIC_FINAL_ARRAYS)) {
      int n = r.nextInt(3);
      for (int i = 0; i < n; i++) {
        members.add(table(probe, name + "_" + names.fresh("t"), globals));
      }
    }
    List<ExpressionGenerator.Helper> helpers = new ArrayList<>();
    if (features.contains(Feature.DEVICE_CALLS)) {
      int n = r.nextInt(4);
      for (int i = 0; i < n; i++) {
        members.add(helper(r, name + "_" + names.fresh("f"), globals, helpers, names));
      }
    }
    if (features.contains(Feature.RECORDS) && r.nextInt(2) == 0) {
      new RecordMembers(r, features).add(name + "_" + names.fresh("q"), globals, members, helpers);
    }
    ExpressionGenerator.Helper recursive = null;
    if (features.contains(Feature.RECURSION) && r.nextInt(3) == 0) {
      members.add(recursive(r, name + "_" + names.fresh("r"), globals, helpers, names));
      recursive = helpers.get(helpers.size() - 1);
    }

    Scope scope = new Scope();
    globals.forEach(scope::add);
    ExpressionGenerator g = new ExpressionGenerator(r, features, scope, "gid");
    g.helpers.addAll(helpers);
    List<Param> params = params(g, names);
    for (Param p : params) {
      scope.add(new Var(p.name(), p.type(), p.kind(), p.length(), atomicOp(p, r)));
    }
    if (features.contains(Feature.ARRAY_RETURNS) && features.contains(Feature.DEVICE_CALLS)) {
      int n = 1 + r.nextInt(2);
      for (int i = 0; i < n; i++) {
        members.add(arrayFunction(g, name + "_" + names.fresh("ar"), globals, helpers, names));
      }
    }
    scope.add(new Var("gid", JType.INT, Kind.FIXED, 0, null));
    List<Stmt> body = new ArrayList<>();
    boolean flat = grid.y() * grid.z() * block.y() * block.z() == 1;
    body.add(
        Stmt.of(
            flat
                ? "int gid = globalIdX();"
                : "int gid = globalIdX() + globalSizeX() * (globalIdY() + globalSizeY() *"
                    + " globalIdZ());"));
    StatementGenerator s = new StatementGenerator(g, names, null);
    if (r.nextInt(3) == 0) {
      body.addAll(s.collective()); // often first, before an early return can rule them out
    }
    s.statements(0, 3 + r.nextInt(6), body);
    if (recursive != null) {
      body.add(recursiveCall(g, recursive, names));
    }
    if (features.contains(Feature.LOOPS) && features.contains(Feature.COUNTED_LOOPS)) {
      // a stream of their own, so that the statements above are what this seed always gave
      SplittableRandom loops = new SplittableRandom(seed ^ COUNTED_LOOPS_SALT);
      body.addAll(new CountedLoops(loops, g, names).some());
    }
    if (features.contains(Feature.REPEATS)) {
      SplittableRandom repeats = new SplittableRandom(seed ^ REPEATS_SALT);
      body.addAll(new Repeats(repeats, g, names).some());
    }
    params = new ArrayList<>(params);
    sinks(g, scope, body, params);
    Collections.shuffle(params, new Random(r.nextLong()));

    // one array passed as a @ReadOnly and as a plain parameter is refused at launch (the plain
    // one might write it), so the names of one array are all @ReadOnly or none is
    java.util.Map<String, Boolean> readOnly = new java.util.HashMap<>();
    for (Param p : params) {
      if (p.kind() == Kind.INPUT && p.aliasOf() == null) {
        readOnly.put(p.name(), features.contains(Feature.READ_ONLY) && r.nextBoolean());
      }
    }
    // nor may an array be a @ReadOnly argument and a row of another (every device refuses it)
    for (Param p : params) {
      for (GeneratedKernel.Row row : p.rows()) {
        if (row.shares() != null) {
          readOnly.put(row.shares(), false);
        }
      }
    }
    List<String> declared = new ArrayList<>();
    for (Param p : params) {
      String root = p.aliasOf() != null ? p.aliasOf() : p.name();
      String ro = readOnly.getOrDefault(root, false) ? "@ReadOnly " : "";
      declared.add(ro + p.declaredType() + " " + p.name());
    }
    String header =
        annotation(r, (int) block.count())
            + "\n  public static void "
            + name
            + "("
            + String.join(", ", declared)
            + ") ";
    members.add(Stmt.of(header, new Stmt.Block(body)));
    return new GeneratedKernel(seed, name, params, new Stmt.Block(members), grid, block);
  }

  /**
   * The grid and the block: mostly one-dimensional, sometimes two or three dimensions (each thread
   * then computes its linear index). Blocks of whole warps where warps or blocks cooperate.
   */
  private Dim3[] shape(SplittableRandom r) {
    boolean collective =
        features.contains(Feature.WARP_OPS) || features.contains(Feature.SHARED_MEMORY);
    if (r.nextInt(4) != 0) {
      int[] sizes = collective ? new int[] {32, 64, 96, 128} : new int[] {32, 64, 40, 96, 128, 17};
      return new Dim3[] {Dim3.of(1 + r.nextInt(3)), Dim3.of(sizes[r.nextInt(sizes.length)])};
    }
    Dim3[] blocks =
        collective
            ? new Dim3[] {Dim3.of(16, 2), Dim3.of(8, 4), Dim3.of(32, 2), Dim3.of(8, 2, 2)}
            : new Dim3[] {Dim3.of(16, 2), Dim3.of(8, 4), Dim3.of(5, 3, 2), Dim3.of(7, 1, 3)};
    Dim3[] grids = {Dim3.of(1), Dim3.of(2), Dim3.of(1, 2), Dim3.of(2, 2), Dim3.of(1, 1, 2)};
    return new Dim3[] {grids[r.nextInt(grids.length)], blocks[r.nextInt(blocks.length)]};
  }

  private List<Param> params(ExpressionGenerator g, StatementGenerator.Names names) {
    List<Param> out = new ArrayList<>();
    int scalars = g.r.nextInt(5);
    for (int i = 0; i < scalars; i++) {
      out.add(new Param(names.fresh("p"), g.pick(g.valueTypes()), Kind.PARAM, 0));
    }
    if (g.has(Feature.INPUT_ARRAYS)) {
      int inputs = g.r.nextInt(4);
      for (int i = 0; i < inputs; i++) {
        Param alias = alias(g, out, Kind.INPUT, names.fresh("in"));
        out.add(
            alias != null
                ? alias
                : new Param(
                    names.fresh("in"), g.pick(g.valueTypes()), Kind.INPUT, 1 << g.r.nextInt(7)));
      }
    }
    if (g.has(Feature.ARRAYS_OF_ARRAYS)) {
      int inputs = g.has(Feature.INPUT_ARRAYS) ? g.r.nextInt(3) : 0;
      for (int i = 0; i < inputs; i++) {
        out.add(inputRows(g, out, names.fresh("in")));
      }
      if (g.chance(2)) {
        out.add(outputRows(g, names.fresh("out")));
      }
    }
    int outputs = 1 + g.r.nextInt(3);
    for (int i = 0; i < outputs; i++) {
      Param alias = alias(g, out, Kind.OUTPUT, names.fresh("out"));
      out.add(
          alias != null
              ? alias
              : new Param(
                  names.fresh("out"), g.pick(g.valueTypes()), Kind.OUTPUT, 1 << g.r.nextInt(4)));
    }
    if (g.has(Feature.ATOMICS)) {
      int atomics = g.r.nextInt(3);
      for (int i = 0; i < atomics; i++) {
        JType t = g.has(Feature.LONGS) && g.chance(3) ? JType.LONG : JType.INT;
        out.add(new Param(names.fresh("at"), t, Kind.ATOMIC, 1 << g.r.nextInt(3)));
      }
    }
    return out;
  }

  /**
   * An array of arrays every thread reads: one to four ragged rows, each of a power-of-two length
   * (so that index masks work); with {@link Feature#ALIASING}, a row is sometimes the same array as
   * an earlier row, or as an earlier one-dimensional input of the same type.
   */
  private static Param inputRows(ExpressionGenerator g, List<Param> earlier, String name) {
    JType t = g.pick(g.valueTypes());
    List<Param> sharable = new ArrayList<>();
    for (Param p : earlier) {
      if (p.kind() == Kind.INPUT && p.aliasOf() == null && p.type() == t) {
        sharable.add(p);
      }
    }
    int n = 1 << g.r.nextInt(3);
    List<GeneratedKernel.Row> rows = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      boolean alias = g.has(Feature.ALIASING) && g.chance(3);
      if (alias && k > 0 && g.chance(2)) {
        int same = g.r.nextInt(k);
        rows.add(new GeneratedKernel.Row(rows.get(same).length(), same, null));
      } else if (alias && !sharable.isEmpty()) {
        Param p = g.pick(sharable);
        rows.add(new GeneratedKernel.Row(p.length(), -1, p.name()));
      } else {
        rows.add(new GeneratedKernel.Row(1 << g.r.nextInt(5), -1, null));
      }
    }
    return new Param(name, t, Kind.INPUT_ROWS, 0, null, rows);
  }

  /**
   * An array of arrays of per-thread slots ({@link Scope.Kind#OUTPUT_ROWS}): one, two or four rows,
   * each with a few elements past the slots, a different number per row.
   */
  private static Param outputRows(ExpressionGenerator g, String name) {
    JType t = g.pick(g.valueTypes());
    int n = 1 << g.r.nextInt(3);
    List<GeneratedKernel.Row> rows = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      rows.add(new GeneratedKernel.Row(g.r.nextInt(4), -1, null));
    }
    return new Param(name, t, Kind.OUTPUT_ROWS, 1 << g.r.nextInt(3), null, rows);
  }

  /**
   * Sometimes (with {@link Feature#ALIASING}) a second name for an earlier array parameter of the
   * same kind: the launch passes the one array for both. Atomic arrays are never aliased (two
   * different operations on one cell would not commute).
   */
  private static Param alias(ExpressionGenerator g, List<Param> earlier, Kind kind, String name) {
    if (!g.has(Feature.ALIASING) || !g.chance(3)) {
      return null;
    }
    List<Param> same = new ArrayList<>();
    for (Param p : earlier) {
      if (p.kind() == kind && p.aliasOf() == null) {
        same.add(p);
      }
    }
    if (same.isEmpty()) {
      return null;
    }
    Param p = same.get(g.r.nextInt(same.size()));
    return new Param(name, p.type(), kind, p.length(), p.name());
  }

  /** The one operation applied to an atomic array: all of them commute, so any order agrees. */
  private static String atomicOp(Param p, SplittableRandom r) {
    if (p.kind() != Kind.ATOMIC) {
      return null;
    }
    String[] ops = {
      "atomicAdd",
      "atomicSub",
      "atomicAnd",
      "atomicOr",
      "atomicXor",
      "atomicMin",
      "atomicMax",
      "atomicMinUnsigned",
      "atomicMaxUnsigned"
    };
    return ops[r.nextInt(ops.length)];
  }

  /** Stores every top-level variable into the thread's slots of two sink arrays. */
  private void sinks(ExpressionGenerator g, Scope scope, List<Stmt> body, List<Param> params) {
    boolean longs = g.has(Feature.LONGS);
    JType whole = longs ? JType.LONG : JType.INT;
    JType real = g.has(Feature.DOUBLES) ? JType.DOUBLE : g.has(Feature.FLOATS) ? JType.FLOAT : null;
    List<Var> ints = new ArrayList<>();
    List<Var> reals = new ArrayList<>();
    for (Var v : scope.all()) {
      if (v.assignable()) {
        (v.type().isFloating() ? reals : ints).add(v);
      }
    }
    int wholeSlots = Integer.highestOneBit(Math.max(1, ints.size() * 2 - 1));
    for (int i = 0; i < ints.size(); i++) {
      Var v = ints.get(i);
      String value = v.type() == JType.BOOLEAN ? "(" + v.name() + " ? 1 : 0)" : v.name();
      body.add(Stmt.of("sinkI[gid * " + wholeSlots + " + " + i + "] = " + value + ";"));
    }
    params.add(new Param("sinkI", whole, Kind.OUTPUT, wholeSlots));
    if (real != null) {
      int realSlots = Integer.highestOneBit(Math.max(1, reals.size() * 2 - 1));
      for (int i = 0; i < reals.size(); i++) {
        body.add(
            Stmt.of("sinkF[gid * " + realSlots + " + " + i + "] = " + reals.get(i).name() + ";"));
      }
      params.add(new Param("sinkF", real, Kind.OUTPUT, realSlots));
    }
  }

  private String annotation(SplittableRandom r, int threadsPerBlock) {
    if (!features.contains(Feature.LAUNCH_BOUNDS) || r.nextBoolean()) {
      return "@Kernel";
    }
    int[] maxima = {threadsPerBlock, 128, 256, 1024};
    int max = Math.max(threadsPerBlock, maxima[r.nextInt(maxima.length)]);
    StringBuilder sb = new StringBuilder("@Kernel(maxThreadsPerBlock = " + max);
    if (r.nextInt(3) == 0) {
      sb.append(", minBlocksPerMultiprocessor = ").append(1 + r.nextInt(4));
    }
    if (r.nextInt(4) == 0) {
      int[] regs = {24, 32, 64, 255};
      sb.append(", maxRegisters = ").append(regs[r.nextInt(regs.length)]);
    }
    return sb.append(')').toString();
  }

  private static Stmt table(ExpressionGenerator g, String name, List<Var> globals) {
    JType t = g.pick(g.valueTypes());
    int n = 4 << g.r.nextInt(3);
    if (g.f.contains(Feature.LOOPS) && g.r.nextBoolean()) {
      // filled by a loop in the static initializer, which the compiler runs as the JVM does
      globals.add(new Var(name, t, Kind.TABLE, n, null));
      return Stmt.of(
          "static final "
              + t.java
              + "[] "
              + name
              + " = new "
              + t.java
              + "["
              + n
              + "];\n  static {\n    for (int i = 0; i < "
              + n
              + "; i++) {\n      "
              + name
              + "[i] = "
              + element(t, g)
              + ";\n    }\n  }");
    }
    StringBuilder sb = new StringBuilder("static final " + t.java + "[] " + name + " = {");
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : ", ").append(Values.literal(t, Values.value(t, g.r)));
    }
    globals.add(new Var(name, t, Kind.TABLE, n, null));
    return Stmt.of(sb.append("};").toString());
  }

  /** Element {@code i} of a loop-filled table: wrapping, narrowing and StrictMath included. */
  private static String element(JType t, ExpressionGenerator g) {
    String a =
        Values.literal(
            t == JType.BOOLEAN ? JType.INT : t,
            Values.value(t == JType.BOOLEAN ? JType.INT : t, g.r));
    String b =
        Values.literal(
            t == JType.BOOLEAN ? JType.INT : t,
            Values.value(t == JType.BOOLEAN ? JType.INT : t, g.r));
    return switch (t) {
      case BOOLEAN -> "(i * " + a + " ^ " + b + ") % 3 == 0";
      case FLOAT -> "(float) (StrictMath.sin(i * 0.375) * " + a + ") + i * " + b;
      case DOUBLE -> "StrictMath.exp(i * -0.25) * " + a + " - StrictMath.cbrt(i) * " + b;
      case LONG -> "(long) i * " + a + " ^ (" + b + " >>> i)";
      default -> "(" + t.java + ") (i * " + a + " + " + b + ")";
    };
  }

  /**
   * A device function returning an array, of an element type the kernel has arrays of where it has
   * any; the kernel's generator {@code kernel} is told of it.
   */
  private Stmt arrayFunction(
      ExpressionGenerator kernel,
      String name,
      List<Var> globals,
      List<ExpressionGenerator.Helper> helpers,
      StatementGenerator.Names names) {
    List<JType> types = new ArrayList<>();
    for (Var v : kernel.scope.all()) {
      if (v.kind() == Kind.INPUT
          || v.kind() == Kind.OUTPUT
          || v.kind() == Kind.INPUT_ROWS
          || v.kind() == Kind.TABLE) {
        types.add(v.type());
      }
    }
    JType t = kernel.pick(types.isEmpty() ? kernel.valueTypes() : types);
    Scope scope = new Scope();
    globals.forEach(scope::add);
    ExpressionGenerator g = new ExpressionGenerator(kernel.r, features, scope, null);
    g.helpers.addAll(helpers);
    ArrayReturns.Function f =
        ArrayReturns.function(g, kernel.scope, name, t, kernel.arrayFunctions);
    kernel.arrayFunctions.add(f);
    return ArrayReturns.source(g, f, names.fresh("c"));
  }

  /** A device function over scalars, calling only the ones generated before it. */
  private Stmt helper(
      SplittableRandom r,
      String name,
      List<Var> globals,
      List<ExpressionGenerator.Helper> helpers,
      StatementGenerator.Names names) {
    Scope scope = new Scope();
    globals.forEach(scope::add);
    ExpressionGenerator g = new ExpressionGenerator(r, features, scope, null);
    g.helpers.addAll(helpers);
    JType result = g.pick(g.valueTypes());
    List<JType> types = new ArrayList<>();
    List<String> declared = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      JType t = g.pick(g.valueTypes());
      String p = names.fresh("a");
      types.add(t);
      declared.add(t.java + " " + p);
      scope.add(new Var(p, t, Kind.PARAM, 0, null));
    }
    List<Stmt> body = new ArrayList<>();
    new StatementGenerator(g, names, result).statements(0, 1 + r.nextInt(5), body);
    body.add(Stmt.of("return ", g.gen(result, 3), ";"));
    helpers.add(new ExpressionGenerator.Helper(name, result, types));
    String noInline = r.nextInt(3) == 0 ? "@NoInline\n  " : "";
    return Stmt.of(
        noInline + "static " + result.java + " " + name + "(" + String.join(", ", declared) + ") ",
        new Stmt.Block(body));
  }

  /**
   * A recursive device function whose first parameter bounds its depth: {@code d0 & mask} more
   * calls at most, the mask mostly 7 and sometimes 1023 (deep recursion: the simulator's stack, the
   * JVM's). Its frame and the guard are in a locked block, so that the reducer cannot make it
   * recurse forever.
   */
  private Stmt recursive(
      SplittableRandom r,
      String name,
      List<Var> globals,
      List<ExpressionGenerator.Helper> helpers,
      StatementGenerator.Names names) {
    Scope scope = new Scope();
    globals.forEach(scope::add);
    ExpressionGenerator g = new ExpressionGenerator(r, features, scope, null);
    g.helpers.addAll(helpers);
    JType result = g.pick(g.valueTypes());
    int mask = r.nextInt(4) == 0 ? 1023 : 7;
    String depth = names.fresh("d");
    String depthParam = names.fresh("depth");
    List<JType> types = new ArrayList<>(List.of(JType.INT));
    List<String> declared = new ArrayList<>(List.of("int " + depthParam));
    List<String> forwarded = new ArrayList<>();
    int n = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      JType t = g.pick(g.valueTypes());
      String p = names.fresh("a");
      types.add(t);
      declared.add(t.java + " " + p);
      forwarded.add(p);
      scope.add(new Var(p, t, Kind.PARAM, 0, null));
    }
    scope.add(new Var(depth, JType.INT, Kind.FIXED, 0, null));
    List<Stmt> frame = new ArrayList<>();
    frame.add(Stmt.of("int " + depth + " = " + depthParam + " & " + mask + ";"));
    int mark = scope.mark();
    List<Stmt> work = new ArrayList<>();
    // work in every frame only where the recursion stays shallow: 1023 frames of loops would
    // make the simulator's half of the run slow, and the deep case is about the stack
    new StatementGenerator(g, names, result).statements(0, mask == 7 ? r.nextInt(3) : 0, work);
    scope.reset(mark);
    frame.add(Stmt.of("", new Stmt.Block(work)));
    frame.add(Stmt.of("if (" + depth + " == 0) return ", g.gen(result, 2), ";"));
    String inner = names.fresh("v");
    List<Object> call = new ArrayList<>();
    call.add(result.java + " " + inner + " = " + name + "(" + depth + " - 1");
    for (int i = 1; i < types.size(); i++) {
      call.add(", ");
      // mostly the parameter itself changed a little, so that deep calls keep distinct values
      call.add(
          g.chance(2) ? Expr.leaf(types.get(i), forwarded.get(i - 1)) : g.gen(types.get(i), 1));
    }
    call.add(");");
    frame.add(Stmt.of(call.toArray()));
    scope.add(new Var(inner, result, Kind.LOCAL, 0, null));
    frame.add(Stmt.of("return ", combine(result, g.gen(result, 2), inner), ";"));
    helpers.add(new ExpressionGenerator.Helper(name, result, types));
    return Stmt.of(
        "static " + result.java + " " + name + "(" + String.join(", ", declared) + ") ",
        new Stmt.Block(frame, true));
  }

  /** {@code e} combined with the variable {@code v}, so that the recursive result is observed. */
  private static Expr combine(JType t, Expr e, String v) {
    if (t == JType.BOOLEAN) {
      return Expr.of(t, "(", e, ") ^ " + v);
    }
    return Expr.of(t, "(" + t.java + ") ((", e, ") + " + v + ")");
  }

  /** A top-level local holding one call of the recursive function, from the kernel body. */
  private static Stmt recursiveCall(
      ExpressionGenerator g, ExpressionGenerator.Helper h, StatementGenerator.Names names) {
    String v = names.fresh("v");
    List<Object> parts = new ArrayList<>();
    parts.add(h.result().java + " " + v + " = " + h.name() + "(");
    for (int i = 0; i < h.params().size(); i++) {
      parts.add(i == 0 ? "" : ", ");
      parts.add(g.gen(h.params().get(i), 2));
    }
    parts.add(");");
    g.scope.add(new Var(v, h.result(), Kind.LOCAL, 0, null));
    return Stmt.of(parts.toArray());
  }
}
