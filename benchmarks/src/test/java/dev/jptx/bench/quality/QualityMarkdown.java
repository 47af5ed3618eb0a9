package dev.jptx.bench.quality;

import dev.jptx.bench.quality.DynamicComparison.OpcodeDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders the generated part of {@code docs/quality.md}: provenance, a summary against issue #7's
 * goals, and per mode the {@code ptx-report} table, the dynamic-instruction table and the opcodes
 * behind the largest dynamic losses. Rows are sorted and every number is a count or a ratio of
 * counts, so the same compiler and toolchain give the same text (but for the date line).
 */
final class QualityMarkdown {
  /** How many of the largest dynamic losers get an opcode breakdown, per mode. */
  static final int LOSERS = 3;

  /** How many opcodes each breakdown lists. */
  static final int OPCODES = 6;

  /** The command that regenerates the report, as the README gives it. */
  static final String COMMAND = "./mvnw -B -o -P quality verify -pl benchmarks";

  private QualityMarkdown() {}

  /** The whole generated section, without its markers. */
  static String render(Provenance p, List<ModeResult> modes) {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "_Generated on %s (UTC) by `%s`, target %s. nvcc: %s. ptxas: %s. jptx commit `%s`._%n%n",
            p.date(),
            COMMAND,
            p.arch(),
            p.nvcc(),
            p.ptxas(),
            p.jptxCommit()));
    summary(s, modes);
    for (ModeResult m : modes) {
      ptxSection(s, m);
      dynamicSection(s, m);
      pressureSection(s, m);
      loopVariantsSection(s, m);
    }
    return s.toString();
  }

  private static void summary(StringBuilder s, List<ModeResult> modes) {
    s.append("### Summary\n\n");
    s.append(
        "| mode | against | sassNP geomean | dynamic-instruction geomean"
            + " | dynamic > 1.25 | registers > nvcc + 2 | spills where nvcc has none"
            + " | failed checks |\n");
    s.append("|:---|:---|---:|---:|:---|:---|:---|:---|\n");
    for (ModeResult m : modes) {
      double sass = m.ptx().geomean("sassNP");
      double dyn = m.dynamic().geomean();
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | `nvcc %s` | %s %s | %s %s | %s | %s | %s | %s |%n",
              m.mode().label(),
              m.mode().nvccFlag(),
              Ratios.format(sass),
              Criteria.meets(sass) ? "(ok)" : "(> 1.00)",
              Ratios.format(dyn),
              Criteria.meets(dyn) ? "(ok)" : "(> 1.00)",
              listOrNone(Criteria.dynamicBreaches(m.dynamic())),
              listOrNone(Criteria.registerBreaches(m.ptx())),
              listOrNone(Criteria.spillBreaches(m.ptx())),
              listOrNone(failedChecks(m))));
    }
    s.append(
        "\nGoals: per kernel, registers at most nvcc's + 2 and no spills where nvcc has none"
            + " (issue #7), dynamic instructions at most 1.25 of nvcc's; geometric means of the"
            + " sassNP and dynamic-instruction ratios jptx/nvcc at most 1.00 in both modes (issue"
            + " #22; issue #7 asked for 1.15).\n\n");
  }

  private static void ptxSection(StringBuilder s, ModeResult m) {
    PtxComparison ptx = m.ptx();
    s.append(String.format(Locale.ROOT, "### %s: ptxas figures%n%n", m.mode().label()));
    s.append(
        String.format(
            Locale.ROOT,
            "In `benchmarks/target/quality`: jptx's modules by the compiler's `Build` (-O3,"
                + " fastMath %s, no line info) into `%s`; nvcc's by `%s`; then `%s` (`ptx-report` is"
                + " `dev.jptx.bench.quality.PtxReport`, also run by `benchmarks/ptx-report.sh`).%n%n",
            m.mode().fastMath() ? "on" : "off",
            m.ptxReportCommand().get(m.ptxReportCommand().size() - 2),
            String.join(" ", m.nvccCommand()),
            String.join(" ", m.ptxReportCommand())));
    s.append(
        String.format(
            Locale.ROOT,
            "ptx-report paired %d entry kernels by name (the suite has %d); only in jptx: %s;"
                + " only in nvcc: %s.%n%n",
            ptx.rows().size(),
            m.dynamic().rows().size(),
            listOrNone(
                ptx.onlyInOurs().stream()
                    .map(n -> ptx.functions().contains(n) ? n + " (a .func)" : n)
                    .toList()),
            listOrNone(ptx.onlyInTheirs())));
    s.append(m.ptxReportMarkdown().strip()).append("\n\n");
  }

  private static void pressureSection(StringBuilder s, ModeResult m) {
    if (m.pressurePasses().isEmpty()) {
      return;
    }
    s.append(
        String.format(
            Locale.ROOT,
            "### %s: registers with the pressure passes on and off%n%n"
                + "ptxas registers of jptx's modules as built above, and built again with %s"
                + " (issue #8: RP-aware machine CSE, early machine LICM, the pressure scheduler).%n%n"
                + "| kernel | on | off | on - off |%n|:---|---:|---:|---:|%n",
            m.mode().label(),
            String.join(", ", PressurePasses.OFF.stream().map(k -> "`" + k + "`").toList())));
    List<String> lower = new java.util.ArrayList<>();
    List<String> higher = new java.util.ArrayList<>();
    for (PressurePasses.Row r : m.pressurePasses()) {
      s.append(
          String.format(
                  Locale.ROOT,
                  "| %s | %d | %d | %+d |%n",
                  r.kernel(),
                  r.on(),
                  r.off(),
                  r.on() - r.off())
              .replace("| +0 |", "| 0 |"));
      if (r.on() < r.off()) {
        lower.add(r.kernel());
      } else if (r.on() > r.off()) {
        higher.add(r.kernel());
      }
    }
    s.append(
        String.format(
            Locale.ROOT,
            "%nlower with them on: %s; higher: %s.%n%n",
            listOrNone(lower),
            listOrNone(higher)));
  }

  private static void loopVariantsSection(StringBuilder s, ModeResult m) {
    if (m.loopVariants().isEmpty()) {
      return;
    }
    s.append(
        String.format(
            Locale.ROOT,
            "### %s: the loop transformations on and off%n%n"
                + "Issue #22: jptx's modules as built above (`default`), and built again with one"
                + " loop transformation switched (%s). Per build: dynamic thread-instructions"
                + " on `sim`, ptxas's sassNP and registers. Kernels whose figures are the same in"
                + " every build are not listed.%n%n",
            m.mode().label(),
            String.join(
                "; ",
                LoopVariants.VARIANTS.stream()
                    .map(
                        v ->
                            v.label()
                                + ": "
                                + String.join(
                                    ", ", v.knobs().stream().map(k -> "`" + k + "`").toList()))
                    .toList())));
    List<String> builds = new ArrayList<>(List.of("default"));
    LoopVariants.VARIANTS.forEach(v -> builds.add(v.label()));
    StringBuilder head = new StringBuilder("| kernel |");
    StringBuilder rule = new StringBuilder("|:---|");
    for (String metric : List.of("dynamic", "sassNP", "regs")) {
      for (String b : builds) {
        head.append(' ').append(metric).append(": ").append(b).append(" |");
        rule.append("---:|");
      }
    }
    s.append(head).append('\n').append(rule).append('\n');
    List<String> same = new ArrayList<>();
    for (LoopVariants.Row r : m.loopVariants()) {
      if (!r.differs()) {
        same.add(r.kernel());
        continue;
      }
      s.append("| ").append(r.kernel()).append(" |");
      r.figures().forEach(f -> s.append(' ').append(f.dynamic()).append(" |"));
      r.figures().forEach(f -> s.append(' ').append(f.sassNp()).append(" |"));
      r.figures().forEach(f -> s.append(' ').append(f.registers()).append(" |"));
      s.append('\n');
    }
    s.append(String.format(Locale.ROOT, "%nthe same in every build: %s.%n%n", listOrNone(same)));
  }

  private static void dynamicSection(StringBuilder s, ModeResult m) {
    DynamicComparison d = m.dynamic();
    s.append(
        String.format(
            Locale.ROOT,
            "### %s: dynamic thread-instructions on `sim`%n%n"
                + "| kernel | jptx | nvcc | jptx/nvcc | results |%n|:---|---:|---:|---:|:---|%n",
            m.mode().label()));
    long ours = 0;
    long theirs = 0;
    for (DynamicComparison.Row r : d.rows()) {
      ours += r.ours().instructions();
      theirs += r.theirs().instructions();
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %s | %s |%n",
              r.kernel(),
              r.ours().instructions(),
              r.theirs().instructions(),
              Ratios.format(r.ratio()),
              results(r)));
    }
    s.append(
        String.format(
            Locale.ROOT,
            "| GEOMEAN | | | %s | |%n| TOTAL | %d | %d | %s | |%n%n",
            Ratios.format(d.geomean()),
            ours,
            theirs,
            Ratios.format((double) ours / theirs)));
    for (DynamicComparison.Row r : d.largestRatios(LOSERS)) {
      opcodeBreakdown(s, m, r);
    }
  }

  private static void opcodeBreakdown(StringBuilder s, ModeResult m, DynamicComparison.Row r) {
    s.append(
        String.format(
            Locale.ROOT,
            "%s, %s (%s): the opcodes that differ most%n%n"
                + "| opcode | jptx | nvcc | jptx - nvcc |%n|:---|---:|---:|---:|%n",
            m.mode().label(),
            r.kernel(),
            Ratios.format(r.ratio())));
    for (OpcodeDelta o : DynamicComparison.largestDeltas(r, OPCODES)) {
      s.append(
          String.format(
              Locale.ROOT,
              "| `%s` | %d | %d | %+d |%n",
              o.opcode(),
              o.ours(),
              o.theirs(),
              o.delta()));
    }
    s.append('\n');
  }

  private static String results(DynamicComparison.Row r) {
    String ours = r.ours().failure();
    String theirs = r.theirs().failure();
    if (ours == null && theirs == null) {
      return "both pass";
    }
    List<String> parts = new ArrayList<>();
    if (ours != null) {
      parts.add("jptx: " + escape(ours));
    }
    if (theirs != null) {
      parts.add("nvcc: " + escape(theirs));
    }
    return String.join("; ", parts);
  }

  private static List<String> failedChecks(ModeResult m) {
    return m.dynamic().rows().stream()
        .filter(r -> r.ours().failure() != null || r.theirs().failure() != null)
        .map(
            r ->
                r.kernel()
                    + (r.ours().failure() != null ? " (jptx)" : "")
                    + (r.theirs().failure() != null ? " (nvcc)" : ""))
        .toList();
  }

  private static String listOrNone(List<String> items) {
    return items.isEmpty() ? "none" : String.join(", ", items);
  }

  private static String escape(String text) {
    return text.replace("|", "\\|").strip();
  }
}
