package dev.jptx.compiler.testing;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knob;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.target.SmTargets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Named compiler configurations for the differential tests' {@code @MethodSource}s. A name is its
 * own specification, so a test's display name cannot drift from the options it runs: words
 * separated by spaces, each one of {@code -O<level>}, a target such as {@code sm_90} (the only
 * target), {@code checks}, {@code fast-math}, {@code maxreg=N} (the build's default {@code
 * maxRegisters}) or a backend knob such as {@code disable-machine-dce}. What a name leaves out
 * keeps its value from {@link CompilerOptions#defaults()} (-O3, sm_75).
 */
public final class Configurations {
  private Configurations() {}

  /**
   * Block rematerialization pulling in all it can: a target of 4 units measured inside blocks, into
   * loops, without cost limits, with every second chance. Real builds never go this far; it makes
   * the pass rewrite nearly every kernel so differential tests see its copies run.
   */
  public static final String REMAT_EVERYWHERE =
      "nv-remat-default-max-reg=4 nv-remat-check-internal-live nv-remat-block=15"
          + " nv-remat-block-single-cost=100000 nv-remat-block-max-cost=1000000"
          + " nv-remat-block-map-size-limit=50 nv-remat-block-liveout-min-percentage=0";

  /**
   * The software pipeliner forced onto every candidate loop (issue #22's matrix): {@code
   * enable-pipeliner} at each loop's MII + {@code iiOffset} ({@code pipeliner-test-ii-offset}), at
   * most {@code maxStages} stages, on sm_90 with a register budget of 24, so that the schedules'
   * extra live values meet the allocator's spilling. {@code pipeliner-max-mii} is raised from 27 to
   * {@value #FORCED_MAX_MII}: a loop with a long recurrence (a load and a store of arrays that may
   * alias, a conversion in an accumulator's chain) is scheduled too, at a large II.
   */
  public static String pipelinerForced(int iiOffset, int maxStages) {
    return "-O3 sm_90 maxreg=24 enable-pipeliner pipeliner-max-mii="
        + FORCED_MAX_MII
        + " pipeliner-test-ii-offset="
        + iiOffset
        + " pipeliner-max-stages="
        + maxStages;
  }

  /**
   * The machine outliner forced (issue #23): on at the seed's threshold of 1 with three reruns,
   * under a register budget of 24, with the allocation checker, so that differential tests run the
   * outlined calls of every kernel whose code repeats.
   */
  public static final String OUTLINED_EVERYWHERE =
      "-O3 sm_90 maxreg=24 enable-machine-outliner=enable outliner-benefit-threshold=1"
          + " machine-outliner-reruns=3 verify-regalloc";

  /** The largest MII {@link #pipelinerForced} schedules at. */
  public static final int FORCED_MAX_MII = 200;

  /**
   * One {@code (name, options)} pair per name, the arguments of a test taking {@code (String name,
   * CompilerOptions o)}.
   */
  public static Stream<Arguments> of(String... names) {
    return Arrays.stream(names).map(name -> Arguments.of(name, options(name)));
  }

  /**
   * {@code base} once with each optimization switched off in turn: one configuration per {@code
   * disable-*} knob that is registered, so a pass added later joins the sweep by registering its
   * knob.
   */
  public static Stream<Arguments> eachPassOff(String base) {
    return disableKnobs().stream()
        .map(n -> base + " " + n)
        .map(name -> Arguments.of(name, options(name)));
  }

  /**
   * One knob setting per optimization that can be switched off: each registered {@code disable-*}
   * knob, and {@code name=false} for each boolean knob that is on by default (such as {@code
   * join-liveintervals}).
   */
  public static List<String> disableKnobs() {
    return Knobs.all().stream()
        .map(
            k ->
                k.name().startsWith("disable-") || k.name().startsWith("nv-disable-")
                    ? k.name()
                    : k.type() == Knob.Type.BOOL && k.defaultValue().equals("true")
                        ? k.name() + "=false"
                        : null)
        .filter(n -> n != null)
        .sorted()
        .toList();
  }

  /** The options a name stands for; an unknown word is an {@link IllegalArgumentException}. */
  public static CompilerOptions options(String name) {
    CompilerOptions o = CompilerOptions.defaults();
    List<String> knobs = new ArrayList<>();
    for (String word : name.trim().split("\\s+")) {
      if (word.startsWith("-O")) {
        o = o.withOptLevel(Integer.parseInt(word.substring(2)));
      } else if (word.startsWith("sm_")) {
        o = o.withTargets(List.of(SmTargets.get(word)));
      } else if (word.equals("checks")) {
        o = o.withChecks(true);
      } else if (word.equals("fast-math")) {
        o = o.withFastMath(true);
      } else if (word.startsWith("maxreg=")) {
        o = o.withMaxRegisters(Integer.parseInt(word.substring("maxreg=".length())));
      } else {
        knobs.add(word);
      }
    }
    return knobs.isEmpty() ? o : o.withKnobs(Knobs.parse(knobs));
  }
}
