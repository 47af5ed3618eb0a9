package diag;

import dev.jptx.Kernel;

public final class StaticTableFilledByLoop {
  private static final float[] WEIGHTS = {0.25f, 0.5f, 0.25f};
  private static final float[] SQUARES = new float[16];

  static {
    for (int i = 0; i < SQUARES.length; i++) {
      SQUARES[i] = i * i;
    }
  }

  @Kernel
  public static void reads(float[] out) {
    out[0] = WEIGHTS[1];
    out[1] = SQUARES[3]; //! error: static final array diag.StaticTableFilledByLoop.SQUARES is filled by code in the static initializer (line 10) that jptx does not evaluate: initialise it with constant elements in its declaration (new int[] {1, 2})
  }
}
