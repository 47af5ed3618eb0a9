package dev.jptx.compiler.build;

import dev.jptx.compiler.target.SmTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which targets' modules and index entries a build may change, so that builds of different targets
 * can share one output (two plugin executions, one for sm_75 and one for sm_90, writing the same
 * classes directory): each removes and rewrites only its own targets and keeps the others' modules
 * and their targets in {@code kernels.list}.
 *
 * <p>A build with a state directory owns the targets it builds now and those it built last time
 * (recorded in the state directory's {@code targets} file), so that dropping a target still removes
 * its modules. A build without one (the CLI) owns every target, as before: a module of a target it
 * does not build is stale.
 */
final class TargetOwnership {
  /** The record's file name in the state directory (no stamp is named so: stamps end in .stamp). */
  static final String RECORD = "targets";

  private final Set<String> owned;
  private final Path record;
  private final String current;

  private TargetOwnership(Set<String> owned, Path record, String current) {
    this.owned = owned;
    this.record = record;
    this.current = current;
  }

  /** The ownership of a build. */
  static TargetOwnership of(BuildRequest r) throws IOException {
    List<String> now = r.options().targets().stream().map(SmTarget::name).toList();
    String current = String.join("\n", now) + "\n";
    if (r.stateDirectory() == null) {
      return new TargetOwnership(null, null, current);
    }
    Path record = r.stateDirectory().resolve(RECORD);
    Set<String> owned = new TreeSet<>(now);
    if (Files.isRegularFile(record)) {
      for (String t : Files.readAllLines(record, StandardCharsets.UTF_8)) {
        if (!t.isBlank()) {
          owned.add(t.strip());
        }
      }
    }
    return new TargetOwnership(owned, record, current);
  }

  /** Whether the build may remove or rewrite the module of {@code target}. */
  boolean owns(String target) {
    return owned == null || owned.contains(target);
  }

  /**
   * An old index line of a class this build compiles, cut down to the targets another build owns;
   * empty if this build owns them all.
   */
  Optional<String> othersPart(String indexLine) {
    List<String> others = new ArrayList<>();
    for (String t : ModuleLayout.targetsOf(indexLine)) {
      if (!owns(t)) {
        others.add(t);
      }
    }
    return others.isEmpty()
        ? Optional.empty()
        : Optional.of(ModuleLayout.withTargets(indexLine, others));
  }

  /** Records this build's targets as the ones it owns next time; call it after all is written. */
  void record() throws IOException {
    if (record != null
        && !(Files.isRegularFile(record)
            && Files.readString(record, StandardCharsets.UTF_8).equals(current))) {
      AtomicFiles.write(record, current);
    }
  }
}
