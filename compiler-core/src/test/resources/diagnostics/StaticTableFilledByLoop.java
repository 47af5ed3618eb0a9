package diag;

import dev.jptx.Kernel;

public final class StaticTableFilledByLoop {
  private static final float[] WEIGHTS = {0.25f, 0.5f, 0.25f};
  private static final float[] SINES = new float[16];

  static {
    for (int i = 0; i < SINES.length; i++) {
      SINES[i] = (float) Math.sin(i);
    }
  }

  @Kernel
  public static void reads(float[] out) {
    out[0] = WEIGHTS[1];
    out[1] = SINES[3]; //! error: static final array diag.StaticTableFilledByLoop.SINES is filled by code in the static initializer that jptx cannot evaluate (line 11: it calls Math.sin, whose last bit may differ between JVMs; StrictMath.sin's does not): a table must hold what the JVM holds
  }
}
