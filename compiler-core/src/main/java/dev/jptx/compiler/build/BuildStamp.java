package dev.jptx.compiler.build;

import dev.jptx.compiler.driver.CompilerOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one kernel class's modules were built from, so that the next build can skip the class when
 * nothing changed. One small text file per class, written after the class's modules; its lines are
 * sorted, so the same inputs always give the same bytes.
 *
 * @param compiler the compiler's identity ({@link CompilerIdentity#get()})
 * @param options every option that shapes the modules ({@link #optionsKey})
 * @param classHash SHA-256 of the class file
 * @param dependencies every other class the compilation looked up (internal name), with the SHA-256
 *     of its bytes or {@link #ABSENT} if it was not found
 * @param modules SHA-256 of each module written, by target name
 * @param indexLines the class's lines of {@code kernels.list}
 */
record BuildStamp(
    String compiler,
    String options,
    String classHash,
    SortedMap<String, String> dependencies,
    SortedMap<String, String> modules,
    List<String> indexLines) {
  /** The hash recorded for a class that was looked up but not found. */
  static final String ABSENT = "absent";

  private static final String HEADER = "jptx-stamp 1";

  /** Copies the collections. */
  BuildStamp {
    dependencies = Collections.unmodifiableSortedMap(new TreeMap<>(dependencies));
    modules = Collections.unmodifiableSortedMap(new TreeMap<>(modules));
    indexLines = List.copyOf(indexLines);
  }

  /**
   * The options that decide a class's modules and whether they are written: compiler options,
   * validation mode and validator, and the spill rule. Dumps ({@code print}) are left out: they
   * never change a module.
   */
  static String optionsKey(BuildRequest r) {
    CompilerOptions o = r.options();
    return "targets="
        + String.join(",", o.targets().stream().map(t -> t.name()).toList())
        + " opt="
        + (o.optimizeForSize() ? "s" : String.valueOf(o.optLevel()))
        + " fastMath="
        + o.fastMath()
        + " lineInfo="
        + o.lineInfo()
        + " maxRegisters="
        + o.maxRegisters()
        + " checks="
        + o.checks()
        + " verifyEachPass="
        + o.verifyEachPass()
        + " knobs="
        + String.join(",", o.knobs().settings())
        + " validate="
        + r.validate()
        + " ptxas="
        + (r.ptxasPath() == null ? "PATH" : r.ptxasPath().toAbsolutePath())
        + " failOnSpills="
        + r.failOnSpills()
        + (r.minOccupancy() > 0 ? " minOccupancy=" + r.minOccupancy() : "");
  }

  /** The file's text. */
  String format() {
    StringBuilder sb = new StringBuilder(HEADER).append('\n');
    sb.append("compiler ").append(compiler).append('\n');
    sb.append("options ").append(options).append('\n');
    sb.append("class ").append(classHash).append('\n');
    dependencies.forEach((k, v) -> sb.append("dep ").append(k).append(' ').append(v).append('\n'));
    modules.forEach((k, v) -> sb.append("module ").append(k).append(' ').append(v).append('\n'));
    indexLines.forEach(l -> sb.append("index ").append(l).append('\n'));
    return sb.toString();
  }

  /**
   * Reads a stamp; empty if the text is not one this compiler wrote (then the class is rebuilt).
   */
  static Optional<BuildStamp> parse(String text) {
    List<String> lines = text.lines().toList();
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      return Optional.empty();
    }
    String compiler = null;
    String options = null;
    String classHash = null;
    Map<String, String> deps = new TreeMap<>();
    Map<String, String> modules = new TreeMap<>();
    List<String> index = new ArrayList<>();
    for (String l : lines.subList(1, lines.size())) {
      int sp = l.indexOf(' ');
      if (sp < 0) {
        return Optional.empty();
      }
      String key = l.substring(0, sp);
      String rest = l.substring(sp + 1);
      switch (key) {
        case "compiler" -> compiler = rest;
        case "options" -> options = rest;
        case "class" -> classHash = rest;
        case "dep", "module" -> {
          int s2 = rest.lastIndexOf(' ');
          if (s2 < 0) {
            return Optional.empty();
          }
          (key.equals("dep") ? deps : modules).put(rest.substring(0, s2), rest.substring(s2 + 1));
        }
        case "index" -> index.add(rest);
        default -> {
          return Optional.empty();
        }
      }
    }
    if (compiler == null || options == null || classHash == null || modules.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new BuildStamp(
            compiler, options, classHash, new TreeMap<>(deps), new TreeMap<>(modules), index));
  }
}
