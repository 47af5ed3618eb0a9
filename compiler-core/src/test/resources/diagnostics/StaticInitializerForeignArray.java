package diag;

import dev.jptx.Kernel;

public final class StaticInitializerForeignArray {
  static final int[] ALIAS = Table.VALUES;
  static final int TOTAL;

  static {
    int sum = 0;
    for (int i = 0; i < Table.VALUES.length; i++) {
      sum += Table.VALUES[i];
    }
    TOTAL = sum;
    ALIAS[0] = 7;
  }

  static final class Table {
    static final int[] VALUES = {1, 2, 3};

    private Table() {}
  }

  @Kernel
  public static void reads(int[] out) {
    out[0] = TOTAL + Table.VALUES[0];
    out[1] = ALIAS[0]; //! error: static final array diag.StaticInitializerForeignArray.ALIAS is filled by code in the static initializer that jptx cannot evaluate (line 15: it writes into an array of another class's static field): a table must hold what the JVM holds
  }
}
