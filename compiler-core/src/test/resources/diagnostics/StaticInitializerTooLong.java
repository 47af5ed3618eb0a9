package diag;

import dev.jptx.Kernel;

public final class StaticInitializerTooLong {
  private static final int[] COUNTS = new int[4];

  static {
    for (int i = 0; i < 100_000_000; i++) {
      COUNTS[i & 3]++;
    }
  }

  @Kernel
  public static void reads(int[] out) {
    out[0] = COUNTS[1]; //! error: static final array diag.StaticInitializerTooLong.COUNTS is filled by code in the static initializer that jptx cannot evaluate (line 9: it runs more than 20,000,000 instructions): a table must hold what the JVM holds
  }
}
