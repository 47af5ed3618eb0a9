package dev.jptx.bench.scaling;

import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of generated kernels: each writes a class {@code gen.NAME} whose kernel repeats one
 * unit of code {@code units} times. A method holds at most {@link #unitsPerMethod} units, so that
 * every method stays within the JVM's 64 KiB of bytecode; a kernel with more calls device functions
 * holding the rest, one after another.
 */
public enum KernelShape {
  /** A straight-line chain of float arithmetic. */
  STRAIGHT(1500) {
    @Override
    String unit(int k) {
      return "a = a * " + constant(k) + "f + " + constant(k + 1) + "f;";
    }
  },
  /** A chain of if/else blocks. */
  IF_ELSE(900) {
    @Override
    String unit(int k) {
      return "if (a > "
          + constant(k)
          + "f) { a = a * 0.5f; } else { a = a + "
          + constant(k + 1)
          + "f; }";
    }
  },
  /** Counted loops with array accesses, sequential and nested by turns. */
  LOOPS(400) {
    @Override
    String unit(int k) {
      if (k % 2 == 0) {
        return "for (int j = 0; j < n; j++) { x[j] = x[j] * " + constant(k) + "f + a; }";
      }
      return "for (int j = 0; j < n; j++) { for (int m = 0; m < n; m++) { a += x[j * n + m] * "
          + constant(k)
          + "f; } }";
    }
  },
  /** Many small device functions, each called once from the kernel. */
  CALLS(1500) {
    @Override
    String unit(int k) {
      return "a = f" + k + "(a, n);";
    }

    @Override
    List<String> helpers(int units) {
      List<String> out = new ArrayList<>();
      for (int k = 0; k < units; k++) {
        out.add(
            "  static float f"
                + k
                + "(float a, int n) { return a * "
                + constant(k)
                + "f + (float) (n & "
                + (k % 255 + 1)
                + "); }");
      }
      return out;
    }
  },
  /** One kernel of inlined GpuMath calls (the 150-call function of the issue). */
  MATH_CALLS(400) {
    private static final String[] FUNCTIONS = {"sin", "cos", "exp", "log", "sqrt", "tanh"};

    @Override
    String unit(int k) {
      return "a = a + GpuMath." + FUNCTIONS[k % FUNCTIONS.length] + "(a * " + constant(k) + "f);";
    }
  };

  /** The most units one method holds. */
  final int unitsPerMethod;

  KernelShape(int unitsPerMethod) {
    this.unitsPerMethod = unitsPerMethod;
  }

  /** The {@code k}-th unit: a statement reading and writing {@code a}, {@code x} and {@code n}. */
  abstract String unit(int k);

  /** Methods besides the kernel and its parts. */
  List<String> helpers(int units) {
    return List.of();
  }

  /** The class's simple name. */
  String className() {
    return name().charAt(0)
        + name().substring(1).toLowerCase(java.util.Locale.ROOT).replace("_", "");
  }

  /** The Java source of the class with {@code units} units. */
  String source(int units) {
    StringBuilder sb = new StringBuilder();
    sb.append("package gen;\n\n");
    sb.append("import dev.jptx.GpuMath;\nimport dev.jptx.Kernel;\n\n");
    sb.append("public final class ").append(className()).append(" {\n");
    int parts = Math.max(1, (units + unitsPerMethod - 1) / unitsPerMethod);
    sb.append("  @Kernel\n  public static void kernel(float[] x, int n) {\n");
    sb.append("    int i = dev.jptx.Gpu.globalIdX();\n    float a = x[i];\n");
    if (parts == 1) {
      body(sb, 0, units, "    ");
    } else {
      for (int p = 0; p < parts; p++) {
        sb.append("    a = part").append(p).append("(x, n, a);\n");
      }
    }
    sb.append("    x[i] = a;\n  }\n");
    if (parts > 1) {
      for (int p = 0; p < parts; p++) {
        int from = p * unitsPerMethod;
        int to = Math.min(units, from + unitsPerMethod);
        sb.append("\n  static float part").append(p).append("(float[] x, int n, float a) {\n");
        body(sb, from, to, "    ");
        sb.append("    return a;\n  }\n");
      }
    }
    for (String h : helpers(units)) {
      sb.append('\n').append(h).append('\n');
    }
    sb.append("}\n");
    return sb.toString();
  }

  private void body(StringBuilder sb, int from, int to, String indent) {
    for (int k = from; k < to; k++) {
      sb.append(indent).append(unit(k)).append('\n');
    }
  }

  /** A float constant that differs per unit, so that nothing folds or merges across units. */
  static String constant(int k) {
    return "1.0" + String.format(java.util.Locale.ROOT, "%04d", k % 9973 + 1);
  }
}
