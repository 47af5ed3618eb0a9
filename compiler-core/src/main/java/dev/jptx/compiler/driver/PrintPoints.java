package dev.jptx.compiler.driver;

import java.util.Set;
import java.util.TreeSet;

/**
 * The passes and groups whose code goes to the dump sink, as {@code --print-before} and {@code
 * --print-after} name them. A group is printed once, at its start or end; a pass each time it runs.
 *
 * @param before names printed before they run
 * @param after names printed after they ran
 */
public record PrintPoints(Set<String> before, Set<String> after) {
  /** Nothing printed. */
  public static final PrintPoints NONE = new PrintPoints(Set.of(), Set.of());

  /** Checks every name against the registry and copies the sets. */
  public PrintPoints {
    before.forEach(PassRegistry::checkName);
    after.forEach(PassRegistry::checkName);
    before = Set.copyOf(new TreeSet<>(before));
    after = Set.copyOf(new TreeSet<>(after));
  }

  /** Printing after each of these stages. */
  public static PrintPoints afterStages(Set<Stage> stages) {
    Set<String> names = new TreeSet<>();
    stages.forEach(s -> names.add(s.cliName()));
    return new PrintPoints(Set.of(), names);
  }

  /** True if nothing is printed. */
  public boolean isEmpty() {
    return before.isEmpty() && after.isEmpty();
  }

  /** True if the code at {@code p} is printed. */
  public boolean contains(PrintPoint p) {
    return (p.before() ? before : after).contains(p.name());
  }
}
