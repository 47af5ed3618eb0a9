package diag;

import dev.jptx.Kernel;

public final class StaticInitializerCycle {
  static final int[] EVENS = new int[4];

  static {
    for (int i = 0; i < EVENS.length; i++) {
      EVENS[i] = Odds.ODDS[i] + 1;
    }
  }

  static final class Odds {
    static final int[] ODDS = new int[4];

    static {
      for (int i = 0; i < ODDS.length; i++) {
        ODDS[i] = 2 * i + StaticInitializerCycle.EVENS.length;
      }
    }

    private Odds() {}
  }

  @Kernel
  public static void reads(int[] out) {
    out[0] = EVENS[1]; //! error: static final array diag.StaticInitializerCycle.EVENS is filled by code in the static initializer that jptx cannot evaluate (line 10: it reads diag.StaticInitializerCycle$Odds.ODDS, which jptx cannot evaluate (line 19 of its initializer: it reads diag.StaticInitializerCycle.EVENS back, and classes whose initializers read each other's fields see values that depend on which the program uses first)): a table must hold what the JVM holds
  }
}
