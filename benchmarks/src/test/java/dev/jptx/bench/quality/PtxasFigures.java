package dev.jptx.bench.quality;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ptxas's figures for the functions of one PTX module: {@code ptxas -arch=<sm> -v [options] FILE -o
 * TMP.cubin}, then {@link PtxasVerboseParser} on what it printed, {@link SassSizes} on the cubin
 * and {@link PtxFunctionParser} on the PTX, joined by function name.
 *
 * <p>Rows: every {@code .entry}, and every {@code .func} that ptxas reports, in the order of the
 * PTX; then any function ptxas reports that the PTX does not define. A function the PTX does not
 * define takes its kind from ptxas.
 */
final class PtxasFigures {
  private static final Pattern DIAGNOSTIC =
      Pattern.compile("\\b(error|fatal)\\b", Pattern.CASE_INSENSITIVE);
  private static final int DIAGNOSTIC_LINES = 25;

  private PtxasFigures() {}

  /**
   * Assembles one module and measures its functions.
   *
   * @param ptx the module
   * @param file how the rows name it
   * @param arch e.g. {@code sm_90}
   * @param ptxasOptions more ptxas options, e.g. {@code --maxrregcount=32}
   * @param scratch a directory for the cubin
   * @return a row per function
   * @throws IllegalStateException if ptxas rejects the module, quoting its error lines
   */
  static List<KernelFigures> measure(
      Path ptx, String file, String arch, List<String> ptxasOptions, Path scratch) {
    try {
      String text = new String(Files.readAllBytes(ptx), StandardCharsets.UTF_8);
      Path cubin = Files.createTempFile(scratch, "module", ".cubin");
      List<String> command = new ArrayList<>(List.of("ptxas", "-arch=" + arch, "-v"));
      command.addAll(ptxasOptions);
      command.addAll(List.of(ptx.toString(), "-o", cubin.toString()));
      Commands.Output out = Commands.capture(scratch, command);
      String printed = out.stdout() + out.stderr();
      if (out.exitCode() != 0) {
        throw new IllegalStateException(
            String.format(
                Locale.ROOT,
                "%s: ptxas rejected the PTX (exit %d):%n  %s",
                file,
                out.exitCode(),
                String.join("\n  ", diagnostics(printed))));
      }
      for (String line : printed.lines().toList()) {
        if (line.toLowerCase(Locale.ROOT).contains("warning")) {
          System.err.println("ptx-report: warning: " + file + ": " + line.strip());
        }
      }
      Map<String, SassSizes.Size> sass;
      try {
        sass = SassSizes.of(ElfSections.read(Files.readAllBytes(cubin)));
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(file + ": cannot parse cubin: " + e.getMessage(), e);
      } finally {
        Files.deleteIfExists(cubin);
      }
      return join(file, PtxFunctionParser.parse(text), PtxasVerboseParser.parse(printed), sass);
    } catch (IOException e) {
      throw new UncheckedIOException(file, e);
    }
  }

  /**
   * Joins the three views of a module by function name.
   *
   * @param file how the rows name the module
   * @param definitions the PTX's functions
   * @param reported ptxas's functions
   * @param sass the cubin's code sizes
   * @return a row per function, in the order the class comment gives
   */
  static List<KernelFigures> join(
      String file,
      List<PtxFunctionParser.Definition> definitions,
      List<PtxasVerboseParser.Function> reported,
      Map<String, SassSizes.Size> sass) {
    Map<String, PtxFunctionParser.Definition> byPtx = new LinkedHashMap<>();
    definitions.forEach(d -> byPtx.put(d.name(), d));
    Map<String, PtxasVerboseParser.Function> byPtxas = new LinkedHashMap<>();
    reported.forEach(f -> byPtxas.put(f.name(), f));
    List<String> names = new ArrayList<>();
    for (PtxFunctionParser.Definition d : definitions) {
      if (d.entry() || byPtxas.containsKey(d.name())) {
        names.add(d.name());
      }
    }
    for (PtxasVerboseParser.Function f : reported) {
      if (!byPtx.containsKey(f.name())) {
        names.add(f.name());
      }
    }
    List<KernelFigures> rows = new ArrayList<>();
    for (String name : names) {
      PtxasVerboseParser.Function q = byPtxas.get(name);
      PtxFunctionParser.Definition d = byPtx.get(name);
      Map<PtxMetric, Long> figures = new EnumMap<>(PtxMetric.class);
      if (q != null) {
        figures.putAll(q.figures());
      }
      SassSizes.Size size = sass.get(name);
      if (size != null) {
        figures.put(PtxMetric.SASS, size.instructions());
        figures.put(PtxMetric.SASS_NP, size.withoutPadding());
      }
      if (d != null) {
        figures.put(PtxMetric.PTX, (long) d.statements());
      }
      boolean entry = d != null ? d.entry() : q != null && q.entry();
      rows.add(new KernelFigures(file, name, entry, figures));
    }
    return rows;
  }

  /** The error lines of a tool's output, or its last five lines if none says error. */
  static List<String> diagnostics(String output) {
    List<String> lines = output.lines().map(String::stripTrailing).toList();
    List<String> keep = lines.stream().filter(l -> DIAGNOSTIC.matcher(l).find()).toList();
    if (keep.isEmpty()) {
      List<String> nonBlank = lines.stream().filter(l -> !l.isBlank()).toList();
      keep = nonBlank.subList(Math.max(0, nonBlank.size() - 5), nonBlank.size());
    }
    if (keep.size() > DIAGNOSTIC_LINES) {
      List<String> cut = new ArrayList<>(keep.subList(0, DIAGNOSTIC_LINES));
      cut.add("... (" + (keep.size() - DIAGNOSTIC_LINES) + " more)");
      keep = cut;
    }
    return keep;
  }
}
