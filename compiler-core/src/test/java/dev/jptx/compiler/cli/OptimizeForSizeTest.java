package dev.jptx.compiler.cli;

import static dev.jptx.compiler.cli.Cli.jptx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.cli.Cli.Run;
import dev.jptx.compiler.testing.JavaSources;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Os}: level 2 for size, the outliner on, a knob of the user's winning over its presets.
 */
class OptimizeForSizeTest {
  @TempDir Path dir;

  /** A kernel calling one helper, inlined, six times in a chain. */
  private static final String CHAIN =
      """
      package demo;
      import dev.jptx.Gpu;
      import dev.jptx.Kernel;
      public class Chain {
        static float poly(float x, float c) {
          float y = x * 0.5f + c;
          y = y * x - 0.25f;
          y = y * x + 0.125f;
          y = y * x - 1.5f;
          y = y * x + 2.25f;
          y = y * x - 0.75f;
          y = y * x + 0.0625f;
          y = y * x - 0.375f;
          y = y * x + 1.25f;
          y = y * x - 0.125f;
          y = y * x + 0.5f;
          y = y * x - 2.5f;
          y = y * x + 0.875f;
          y = y * x - 0.0625f;
          y = y * x + c;
          return y > 4f ? y - 4f : y * 0.5f;
        }
        @Kernel
        public static void chain(int n, float[] x, float[] out) {
          int i = Gpu.globalIdX();
          if (i < n) {
            float c = x[i];
            out[i] = poly(poly(poly(poly(poly(poly(c, 0.5f), c), 1.5f), c), -0.5f), c);
          }
        }
      }
      """;

  private Run dump(String... options) {
    Path classes = JavaSources.compile(dir, Map.of("demo.Chain", CHAIN));
    String[] args = new String[options.length + 7];
    args[0] = "dump";
    args[1] = "--after=ptx";
    args[2] = "-t";
    args[3] = "sm_90";
    args[4] = "-cp";
    args[5] = classes.toString();
    System.arraycopy(options, 0, args, 6, options.length);
    args[args.length - 1] = "demo.Chain#chain";
    return jptx(args);
  }

  @Test
  void os_outlinesWhereO2DoesNot() {
    Run size = dump("-Os", "--remarks=outliner");
    assertEquals(0, size.code(), size.err());
    assertTrue(size.out().contains("call (retval0), OUTLINED_FUNCTION_0"), size.out());
    assertTrue(size.err().contains("remark: kernel demo.Chain.chain: Saved "), size.err());
    Run two = dump("-O2");
    assertEquals(0, two.code(), two.err());
    assertFalse(two.out().contains("OUTLINED_FUNCTION"), two.out());
  }

  @Test
  void os_statsCountWhatTheOutlinerDid() {
    Run r = dump("-Os", "--stats");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().matches("(?s).*\\boutlined functions\\b.*"), r.err());
    assertTrue(r.err().matches("(?s).*\\boutlined sequences\\b.*"), r.err());
    assertTrue(r.err().matches("(?s).*\\binstructions outlined\\b.*"), r.err());
  }

  @Test
  void os_theUsersKnobWinsOverThePreset() {
    Run r = dump("-Os", "--knob=enable-machine-outliner=disable");
    assertEquals(0, r.code(), r.err());
    assertFalse(r.out().contains("OUTLINED_FUNCTION"), r.out());
  }

  @Test
  void badLevel_isAUsageError() {
    Run r = dump("-Ox");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("optimization level must be 0..3 or s, not 'x'"), r.err());
  }
}
