package dev.jptx.compiler.testing;

/** Java sources of small kernel classes for build and CLI tests. */
public final class Sources {
  private Sources() {}

  /** {@code demo.Saxpy}: the kernel of API.md with its launch bounds. */
  public static final String SAXPY =
      """
      package demo;

      import static dev.jptx.Gpu.globalIdX;

      import dev.jptx.Kernel;
      import dev.jptx.ReadOnly;

      public final class Saxpy {
        @Kernel(maxThreadsPerBlock = 256, minBlocksPerMultiprocessor = 2)
        public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
          int i = globalIdX();
          if (i < n) {
            y[i] = a * x[i] + y[i];
          }
        }
      }
      """;

  /** {@code demo.Bad}: one kernel allocating an object on line 9. */
  public static final String BAD =
      """
      package demo;

      import dev.jptx.Kernel;

      public final class Bad {
        @Kernel
        public static void bad(int[] out) {
          int x = 1;
          Object o = new java.util.ArrayList<Integer>();
          out[0] = o.hashCode() + x;
        }
      }
      """;

  /** {@code demo.Plain}: no kernels at all. */
  public static final String PLAIN =
      """
      package demo;

      public final class Plain {
        public static int twice(int x) {
          return 2 * x;
        }
      }
      """;
}
