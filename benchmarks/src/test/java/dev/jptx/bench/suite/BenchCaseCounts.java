package dev.jptx.bench.suite;

import dev.jptx.runtime.Launch;
import dev.jptx.runtime.LaunchStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runtime's 22 bench cases ({@link BenchCases}, package-private in the runtime's test-jar) for
 * code outside this package: each case runs once through a caller's launcher, with the README's
 * fixed inputs and launch shapes, and yields the thread-instructions its launches executed, per
 * opcode, and whether its results passed the README's check.
 *
 * <p>A failed check does not stop the other cases: a report records it next to the count, which the
 * launches made before the comparison.
 */
public final class BenchCaseCounts {
  private BenchCaseCounts() {}

  /** Launches one PTX entry with arguments that follow its CUDA parameters one for one. */
  @FunctionalInterface
  public interface EntryLauncher {
    /**
     * Runs {@code entry} and waits for it.
     *
     * @param entry the CUDA kernel's name
     * @param launch the grid and block
     * @param args arrays for pointers, boxed primitives by value
     * @return the device's statistics of this launch
     */
    LaunchStats launch(String entry, Launch launch, Object... args);
  }

  /**
   * One case's result.
   *
   * @param kernel the CUDA kernel's name
   * @param instructions the thread-instructions of all its launches
   * @param byOpcode the same per PTX opcode, sorted by opcode
   * @param failure the first line of the check's failure, or {@code null} when the results passed
   */
  public record Count(
      String kernel, long instructions, Map<String, Long> byOpcode, String failure) {
    /** Copies the map. */
    public Count {
      byOpcode = Map.copyOf(byOpcode);
    }
  }

  /**
   * The kernels, in the README's order.
   *
   * @return 22 CUDA kernel names
   */
  public static List<String> kernels() {
    return BenchCases.ALL.stream().map(BenchCases.Case::kernel).toList();
  }

  /**
   * Runs every case through {@code launcher}.
   *
   * @param launcher where the entries run
   * @param contraction how the code rounds {@code a*b + c}, which picks the reference
   * @param label names the configuration in failure messages
   * @return one count per kernel, in the README's order
   */
  public static List<Count> runAll(EntryLauncher launcher, Contraction contraction, String label) {
    List<Count> counts = new ArrayList<>();
    for (BenchCases.Case c : BenchCases.ALL) {
      counts.add(run(c, launcher, contraction, label));
    }
    return counts;
  }

  private static Count run(
      BenchCases.Case c, EntryLauncher launcher, Contraction contraction, String label) {
    Map<String, Long> byOpcode = new TreeMap<>();
    BenchCases.Launcher counting =
        (entry, launch, args) -> {
          LaunchStats stats = launcher.launch(entry, launch, args);
          stats.instructionsByOpcode().forEach((op, n) -> byOpcode.merge(op, n, Long::sum));
          return stats.instructions();
        };
    BenchCases.Run run = new BenchCases.Run(counting, contraction, label + "/" + c.kernel());
    String failure = null;
    try {
      c.body().accept(run);
    } catch (AssertionError | RuntimeException e) {
      String message = String.valueOf(e.getMessage());
      failure = message.lines().findFirst().orElse(e.getClass().getSimpleName());
    }
    return new Count(c.kernel(), run.instructions(), byOpcode, failure);
  }
}
