package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No import cycle among the runtime's packages. The API package ({@code dev.jptx.runtime}) names no
 * device: {@code Device}'s factories find the {@code cuda}, {@code sim} and {@code jvm} devices
 * through {@code DeviceProvider} and {@code ServiceLoader}, so the devices use the API and not the
 * reverse. Within the simulator, its memory model lives in {@code sim.memory}, so that the
 * interpreter ({@code sim.exec}) and the device ({@code sim}) do not use each other, and one {@code
 * StateSpace} ({@code sim.ptx}) serves the parser, the interpreter and the memory. Read from the
 * class files: every class name in a constant pool counts.
 */
class PackageCyclesTest {
  private static final Pattern OURS = Pattern.compile("dev/jptx/runtime/[A-Za-z0-9_/$]+");
  private static final String ROOT = "dev/jptx/runtime";

  @Test
  void runtimePackages_formNoCycle() throws IOException {
    Map<String, Set<String>> uses = packageUses();
    for (String p : List.of("", "/internal", "/cuda", "/jvm", "/sim", "/sim/memory")) {
      assertTrue(uses.containsKey(ROOT + p), ROOT + p + " in " + uses.keySet());
    }
    List<String> cycles = new ArrayList<>();
    for (String start : uses.keySet()) {
      for (String next : uses.get(start)) {
        if (reaches(uses, next, start, new TreeSet<>())) {
          cycles.add(start + " <-> " + next);
        }
      }
    }
    assertEquals(List.of(), cycles);
  }

  @Test
  void apiPackage_usesNoDevice() throws IOException {
    List<String> devices = new ArrayList<>();
    for (String p : packageUses().get(ROOT)) {
      if (p.matches(ROOT + "/(cuda|jvm|sim)(/.*)?")) {
        devices.add(p);
      }
    }
    assertEquals(List.of(), devices);
  }

  /** Each package of the runtime to the other packages of the runtime its classes name. */
  private static Map<String, Set<String>> packageUses() throws IOException {
    Path classes = Path.of("target/classes");
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(classes.resolve(ROOT))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        String from = packageOf(classes.relativize(f).toString().replace('\\', '/'));
        // class names in the constant pool are ASCII, readable as Latin-1
        Matcher m = OURS.matcher(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
        Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
        while (m.find()) {
          String p = packageOf(m.group());
          if (!p.equals(from)) {
            to.add(p);
          }
        }
      }
    }
    return uses;
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

  private static String packageOf(String internalName) {
    return internalName.substring(0, internalName.lastIndexOf('/'));
  }
}
