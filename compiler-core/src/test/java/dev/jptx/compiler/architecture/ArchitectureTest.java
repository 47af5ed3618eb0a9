package dev.jptx.compiler.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

/**
 * The rooms of ARCHITECTURE.md, checked on our own class files: a stage package may depend only on
 * the data structures it reads and writes and on {@code target}, never on a later stage or on the
 * driver, and no packages use each other, subpackages included. Read with ASM, so every reference
 * counts (fields, signatures, calls, constants).
 */
class ArchitectureTest {
  private static final String ROOT = "dev/jptx/compiler/";
  private static final int UTF8_TAG = 1;
  private static final Pattern OURS = Pattern.compile("dev/jptx/compiler/[A-Za-z0-9_/$]+");

  /**
   * Package to the packages it may use (besides itself, the JDK, ASM, picocli, JCuda). A subpackage
   * without a row of its own ({@code opt.analysis}) follows the row of the package around it.
   */
  private static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("text", Set.of()),
          Map.entry("graph", Set.of()),
          Map.entry("diag", Set.of()),
          Map.entry("stats", Set.of()),
          Map.entry("libdevice", Set.of()),
          Map.entry("ir", Set.of("text", "graph")),
          Map.entry("target", Set.of("ir")),
          Map.entry("mir", Set.of("target", "text")),
          Map.entry("frontend.classes", Set.of("ir", "diag", "target")),
          Map.entry(
              "frontend.translate",
              Set.of("frontend.classes", "ir", "diag", "libdevice", "target", "graph")),
          Map.entry(
              "frontend.intrinsics",
              Set.of("frontend.classes", "frontend.translate", "ir", "diag", "libdevice")),
          Map.entry(
              "frontend",
              Set.of(
                  "frontend.classes", "frontend.translate", "frontend.intrinsics", "ir", "diag")),
          Map.entry("opt", Set.of("ir", "target", "graph", "stats")),
          Map.entry("lowering", Set.of("ir", "target")),
          Map.entry("dag", Set.of("ir", "target", "text")),
          Map.entry("legalize", Set.of("dag", "ir", "target")),
          Map.entry("isel", Set.of("dag", "ir", "mir", "target")),
          Map.entry("codegen", Set.of("mir", "target", "graph", "stats")),
          Map.entry("regalloc", Set.of("codegen", "mir", "target", "graph", "stats")),
          Map.entry("pipeliner", Set.of("codegen", "mir", "target", "diag")),
          Map.entry("outliner", Set.of("codegen", "mir", "target", "diag", "stats")),
          Map.entry("emit", Set.of("mir", "target", "graph")),
          Map.entry("validate", Set.of("target")),
          Map.entry(
              "driver",
              Set.of(
                  "text",
                  "diag",
                  "ir",
                  "target",
                  "mir",
                  "frontend",
                  "frontend.classes",
                  "opt",
                  "lowering",
                  "dag",
                  "legalize",
                  "isel",
                  "codegen",
                  "regalloc",
                  "pipeliner",
                  "outliner",
                  "emit",
                  "validate",
                  "stats")),
          Map.entry("build", Set.of("diag", "target", "frontend.classes", "validate", "driver")),
          Map.entry(
              "cli",
              Set.of(
                  "text",
                  "diag",
                  "ir",
                  "target",
                  "mir",
                  "frontend",
                  "frontend.classes",
                  "opt",
                  "lowering",
                  "dag",
                  "legalize",
                  "isel",
                  "codegen",
                  "regalloc",
                  "emit",
                  "validate",
                  "driver",
                  "build",
                  "stats")));

  @Test
  void stagePackages_dependOnlyDownstream() throws Exception {
    Path classes = mainClasses();
    List<String> violations = new ArrayList<>();
    Set<String> seenPackages = new TreeSet<>();
    try (var files = Files.walk(classes.resolve(ROOT))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        String from = packageOf(classes.relativize(f).toString().replace('\\', '/'));
        seenPackages.add(from);
        Set<String> allowed = ALLOWED.get(from);
        assertTrue(allowed != null, "package " + from + " is not in the architecture table");
        for (String to : references(f)) {
          if (to.startsWith(ROOT)) {
            String target = packageOf(to);
            if (!target.equals(from) && !allowed.contains(target)) {
              violations.add(
                  from + " -> " + target + " (" + classes.relativize(f) + " uses " + to + ")");
            }
          }
        }
      }
    }
    assertEquals(ALLOWED.keySet(), seenPackages, "every stage package exists");
    assertEquals(List.of(), violations);
  }

  @Test
  void architectureDoc_tableIsTheRules() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "architecture.md"));
    String section = doc.substring(doc.indexOf("## Compiler packages"));
    section = section.substring(0, section.indexOf("\n## ", 5));
    Map<String, Set<String>> documented = new TreeMap<>();
    Pattern row = Pattern.compile("(?m)^\\| `([\\w.]+)` \\| [^|]+ \\|([^|]*)\\|$");
    Matcher m = row.matcher(section);
    while (m.find()) {
      Set<String> uses = new TreeSet<>();
      Matcher name = Pattern.compile("`([\\w.]+)`").matcher(m.group(2));
      while (name.find()) {
        uses.add(name.group(1));
      }
      documented.put(m.group(1), uses);
    }
    Map<String, Set<String>> rules = new TreeMap<>();
    ALLOWED.forEach((k, v) -> rules.put(k, new TreeSet<>(v)));
    assertEquals(rules, documented, "docs/architecture.md's package table and ALLOWED");
  }

  @Test
  void packages_formNoCycle() throws Exception {
    Path classes = mainClasses();
    Map<String, Set<String>> uses = new TreeMap<>();
    try (var files = Files.walk(classes.resolve(ROOT))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        String from = packageName(classes.relativize(f).toString().replace('\\', '/'));
        Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
        for (String ref : references(f)) {
          String target = packageName(ref);
          if (!target.equals(from)) {
            to.add(target);
          }
        }
      }
    }
    assertTrue(uses.containsKey("opt.analysis"), uses.keySet().toString());
    List<String> cycles = new ArrayList<>();
    uses.forEach(
        (from, targets) -> {
          for (String to : targets) {
            if (reaches(uses, to, from, new TreeSet<>())) {
              cycles.add(from + " <-> " + to);
            }
          }
        });
    assertEquals(List.of(), cycles);
  }

  private static boolean reaches(
      Map<String, Set<String>> uses, String from, String to, Set<String> seen) {
    if (from.equals(to)) {
      return true;
    }
    if (!seen.add(from)) {
      return false;
    }
    for (String n : uses.getOrDefault(from, Set.of())) {
      if (reaches(uses, n, to, seen)) {
        return true;
      }
    }
    return false;
  }

  /** The row of ALLOWED a class falls under: its package's, else the nearest enclosing one's. */
  private static String packageOf(String internalName) {
    String p = packageName(internalName);
    while (!ALLOWED.containsKey(p) && p.contains(".")) {
      p = p.substring(0, p.lastIndexOf('.'));
    }
    return p;
  }

  /** The package of a class of ours, below {@code dev.jptx.compiler}: {@code frontend.classes}. */
  private static String packageName(String internalName) {
    String rest = internalName.substring(ROOT.length());
    return rest.substring(0, rest.lastIndexOf('/')).replace('/', '.');
  }

  /** Every class of ours a class file names: its constant pool's UTF-8 entries hold them all. */
  private static Set<String> references(Path classFile) throws IOException {
    Set<String> refs = new TreeSet<>();
    byte[] bytes = Files.readAllBytes(classFile);
    ClassReader r = new ClassReader(bytes);
    for (int i = 1; i < r.getItemCount(); i++) {
      int offset = r.getItem(i);
      if (offset > 0 && bytes[offset - 1] == UTF8_TAG) {
        // class names are ASCII, so the modified UTF-8 bytes can be read as Latin-1
        int length = ((bytes[offset] & 0xff) << 8) | (bytes[offset + 1] & 0xff);
        String text = new String(bytes, offset + 2, length, StandardCharsets.ISO_8859_1);
        Matcher m = OURS.matcher(text);
        while (m.find()) {
          refs.add(m.group());
        }
      }
    }
    return refs;
  }

  private static Path mainClasses() throws URISyntaxException {
    Path code =
        Path.of(
            dev.jptx.compiler.ir.Function.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    return code;
  }
}
