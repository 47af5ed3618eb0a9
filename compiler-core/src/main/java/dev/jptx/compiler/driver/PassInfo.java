package dev.jptx.compiler.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One row of the {@link PassRegistry}: everything the compiler knows about a pass in one place.
 *
 * @param name the pass's name, the seed's where it has one: {@code --print-after}, {@code
 *     run-pass}, {@code --time-passes} and errors use it
 * @param needs the forms the pass runs on
 * @param leaves the form it leaves the code in, or null for the form it found
 * @param minOptLevel the lowest {@code -O} level at which the pipeline runs it
 * @param knob the knob that switches it, or empty
 * @param knobEnables true if {@code knob} turns the pass on (off by default), false if it turns it
 *     off
 * @param also a further condition on the options, or null
 * @param alsoText what {@code also} asks, for the docs
 * @param contract what the pass requires, preserves and breaks, in one line
 * @param body what it does
 */
public record PassInfo(
    String name,
    Set<IrForm> needs,
    IrForm leaves,
    int minOptLevel,
    String knob,
    boolean knobEnables,
    Predicate<CompilerOptions> also,
    String alsoText,
    String contract,
    PassBody body) {

  /** Copies the form set. */
  public PassInfo {
    needs = Set.copyOf(needs);
  }

  /** True if the pipeline runs this pass under {@code o}. */
  public boolean enabled(CompilerOptions o) {
    if (o.optLevel() < minOptLevel) {
      return false;
    }
    if (!knob.isEmpty() && o.knobs().flag(knob) != knobEnables) {
      return false;
    }
    return also == null || also.test(o);
  }

  /** When the pipeline runs the pass, in words ("-O1 and above, unless disable-gvn"). */
  public String condition() {
    List<String> parts = new ArrayList<>();
    if (minOptLevel > 0) {
      parts.add("-O" + minOptLevel + "+");
    }
    if (!knob.isEmpty()) {
      parts.add((knobEnables ? "with " : "unless ") + knob);
    }
    if (also != null) {
      parts.add(alsoText);
    }
    return parts.isEmpty() ? "always" : String.join(", ", parts);
  }
}
