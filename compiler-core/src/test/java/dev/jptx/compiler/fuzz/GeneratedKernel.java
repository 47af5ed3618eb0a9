package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.fuzz.Scope.Kind;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.lang.reflect.Array;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One generated kernel: its parameters, its source as a tree (the kernel method and the static
 * members it uses: tables, device functions) and its launch geometry. The same seed and features
 * always give the same kernel.
 *
 * @param seed the seed it was generated from
 * @param name the kernel method's name
 * @param params the parameters, in order
 * @param root the class members: the kernel method last
 * @param grid blocks in the grid
 * @param block threads in a block
 */
record GeneratedKernel(
    long seed, String name, List<Param> params, Stmt.Block root, Dim3 grid, Dim3 block) {

  /**
   * A parameter. For arrays, {@code length} is the length of an input or atomic array, and the
   * number of slots per thread of an output array; {@code aliasOf} names the parameter whose array
   * this one receives too (same type, kind and length), or is null. An array of arrays has {@code
   * rows}, empty for any other parameter.
   */
  record Param(String name, JType type, Kind kind, int length, String aliasOf, List<Row> rows) {
    Param {
      rows = List.copyOf(rows);
    }

    Param(String name, JType type, Kind kind, int length, String aliasOf) {
      this(name, type, kind, length, aliasOf, List.of());
    }

    Param(String name, JType type, Kind kind, int length) {
      this(name, type, kind, length, null);
    }

    boolean isArray() {
      return kind != Kind.PARAM;
    }

    /** The type as declared: {@code int}, {@code int[]} or {@code int[][]}. */
    String declaredType() {
      return type.java + (rows.isEmpty() ? isArray() ? "[]" : "" : "[][]");
    }
  }

  /**
   * A row of an array of arrays. An input's row is a new array of {@code length} elements, or the
   * same array as its earlier row {@code sameAs} (if not -1), or the array of the one-dimensional
   * input parameter {@code shares} (if not null). An output's row holds the slots of every {@code
   * rows}th thread and {@code length} more elements no thread touches.
   */
  record Row(int length, int sameAs, String shares) {}

  /** The package of generated classes. */
  static final String PACKAGE = "dev.jptx.fuzz.generated";

  int threads() {
    return (int) (grid.count() * block.count());
  }

  Launch launch() {
    return Launch.of(grid, block);
  }

  /** The same kernel with other members (the reducer's candidates). */
  GeneratedKernel withRoot(Stmt.Block other) {
    return new GeneratedKernel(seed, name, params, other, grid, block);
  }

  /** Arguments for one launch: inputs full of edge values, outputs with random contents. */
  Object[] arguments(long argumentSeed) {
    SplittableRandom r = new SplittableRandom(argumentSeed);
    Object[] args = new Object[params.size()];
    for (int i = 0; i < args.length; i++) {
      Param p = params.get(i);
      if (p.aliasOf() != null) {
        continue;
      }
      switch (p.kind()) {
        case PARAM:
          args[i] = Values.value(p.type(), r);
          break;
        case OUTPUT:
          args[i] = Values.array(p.type(), threads() * p.length(), r);
          break;
        case INPUT_ROWS:
        case OUTPUT_ROWS:
          break; // below, once the arrays their rows may share exist
        default:
          args[i] = Values.array(p.type(), p.length(), r);
          break;
      }
    }
    // an alias may come before the parameter it shares with (parameters are shuffled)
    for (int i = 0; i < args.length; i++) {
      String target = params.get(i).aliasOf();
      if (target != null) {
        args[i] = args[indexOf(target)];
      }
    }
    for (int i = 0; i < args.length; i++) {
      if (!params.get(i).rows().isEmpty()) {
        args[i] = rows(params.get(i), args, r);
      }
    }
    return args;
  }

  /** An array of arrays for {@code p}, its shared rows the same objects as in {@code args}. */
  private Object rows(Param p, Object[] args, SplittableRandom r) {
    List<Row> rows = p.rows();
    Object[] out = (Object[]) Array.newInstance(p.type().primitive.arrayType(), rows.size());
    int perRow = (threads() + rows.size() - 1) / rows.size() * p.length();
    for (int k = 0; k < out.length; k++) {
      Row row = rows.get(k);
      if (p.kind() == Kind.OUTPUT_ROWS) {
        out[k] = Values.array(p.type(), perRow + row.length(), r);
      } else if (row.shares() != null) {
        out[k] = args[indexOf(row.shares())];
      } else if (row.sameAs() >= 0) {
        out[k] = out[row.sameAs()];
      } else {
        out[k] = Values.array(p.type(), row.length(), r);
      }
    }
    return out;
  }

  private int indexOf(String paramName) {
    for (int i = 0; i < params.size(); i++) {
      if (params.get(i).name().equals(paramName)) {
        return i;
      }
    }
    throw new IllegalStateException("no parameter " + paramName + " in " + name);
  }

  /** The members, indented for a class body. */
  String source() {
    StringBuilder sb = new StringBuilder();
    for (Stmt s : root.stmts()) {
      sb.append("  ");
      s.render(sb, 1);
      sb.append("\n\n");
    }
    return sb.toString();
  }

  /** A compilation unit holding {@code kernels}. */
  static String classSource(String simpleName, List<GeneratedKernel> kernels) {
    StringBuilder sb = new StringBuilder();
    sb.append("package ").append(PACKAGE).append(";\n\n");
    sb.append("import static dev.jptx.Gpu.*;\n\n");
    sb.append("import dev.jptx.Kernel;\nimport dev.jptx.NoInline;\nimport dev.jptx.ReadOnly;\n\n");
    sb.append("public final class ").append(simpleName).append(" {\n");
    for (GeneratedKernel k : kernels) {
      sb.append("  // seed 0x").append(Long.toHexString(k.seed())).append('\n');
      sb.append(k.source());
    }
    sb.append("}\n");
    return sb.toString();
  }

  /** The arguments as text, arrays abbreviated. */
  static String describe(List<Param> params, Object[] args) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < args.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(params.get(i).name()).append('=');
      Object a = args[i];
      if (a instanceof Object[] rows) {
        sb.append(a.getClass().getComponentType()).append('[').append(rows.length).append("] {");
        for (int j = 0; j < rows.length; j++) {
          sb.append(j == 0 ? "" : ", ").append(Array.getLength(rows[j]));
        }
        sb.append("} (row lengths)");
      } else if (a.getClass().isArray()) {
        int n = Array.getLength(a);
        sb.append(a.getClass().getComponentType()).append('[').append(n).append("] {");
        for (int j = 0; j < Math.min(n, 8); j++) {
          sb.append(j == 0 ? "" : ", ").append(show(Array.get(a, j)));
        }
        sb.append(n > 8 ? ", ...}" : "}");
      } else {
        sb.append(show(a));
      }
    }
    return sb.toString();
  }

  private static String show(Object v) {
    if (v instanceof Character c) {
      return "(char) " + (int) c;
    }
    return String.valueOf(v);
  }
}
