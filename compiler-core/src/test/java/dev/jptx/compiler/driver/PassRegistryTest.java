package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.mir.MirParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The pass registry's rows agree with each other and with the pipeline built from them. */
class PassRegistryTest {
  /** The passes of {@code name}, groups expanded, in order. */
  private static List<String> expand(String name) {
    PassGroup g = PassRegistry.group(name);
    if (g == null) {
      return List.of(name);
    }
    List<String> out = new ArrayList<>();
    g.members().forEach(m -> out.addAll(expand(m)));
    return out;
  }

  @Test
  void everyPassOfThePipelineFindsTheFormItNeeds() {
    // the front end leaves IR; the stages after it, in order, must each find what they need
    IrForm form = IrForm.IR;
    List<String> wrong = new ArrayList<>();
    for (String stage : PassRegistry.stageNames()) {
      for (String pass : expand(stage)) {
        PassInfo p = PassRegistry.pass(pass);
        if (!p.needs().contains(form)) {
          wrong.add(pass + " on " + form);
        }
        form = p.leaves() == null ? form : p.leaves();
      }
    }
    assertEquals(List.of(), wrong);
    assertEquals(IrForm.PTX, form);
  }

  @Test
  void everyPassRunsInSomeStage_andStagesAreGroups() {
    Set<String> inStages = new TreeSet<>();
    PassRegistry.stageNames().forEach(s -> inStages.addAll(expand(s)));
    Set<String> all = new TreeSet<>();
    PassRegistry.passes().forEach(p -> all.add(p.name()));
    assertEquals(all, inStages);
    for (Stage s : Stage.values()) {
      assertTrue(PassRegistry.group(s.cliName()) != null, s.cliName());
    }
    for (PassGroup g : PassRegistry.groups()) {
      g.members().forEach(m -> assertTrue(PassRegistry.contains(m), g.name() + ": " + m));
      assertTrue(g.gate().isEmpty() || PassRegistry.pass(g.gate()) != null, g.name());
    }
  }

  @Test
  void conditions_levelsAndKnobs() {
    CompilerOptions o2 = CompilerOptions.defaults().withOptLevel(2);
    PassInfo unroll = PassRegistry.pass("unroll");
    assertTrue(unroll.enabled(o2));
    assertFalse(unroll.enabled(o2.withOptLevel(1)));
    assertFalse(unroll.enabled(o2.withKnobs(Knobs.parse(List.of("disable-unroll")))));
    PassInfo sink = PassRegistry.pass("machine-sink");
    assertFalse(sink.enabled(o2));
    assertTrue(sink.enabled(o2.withKnobs(Knobs.parse(List.of("nvptx-enable-machine-sink")))));
    // Math.*Exact overflows trap whether or not checks is on, so their lowering always runs
    assertTrue(PassRegistry.pass("lower-checks").enabled(o2));
    assertTrue(PassRegistry.pass("lower-checks").enabled(o2.withOptLevel(0).withChecks(true)));
    assertEquals("-O2+, unless disable-unroll", unroll.condition());
    assertEquals("-O1+, with nvptx-enable-machine-sink", sink.condition());
  }

  private static final String OUT_OF_SSA =
      """
      entry @k(.u64 k_param_0) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        RET
      }
      """;

  @Test
  void aPassOnTheWrongForm_isRefused() {
    Pipeline p = new Pipeline(CompilerOptions.defaults(), DumpSink.NONE);
    // the user's code: their mistake, named
    IllegalArgumentException user =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                p.runPasses(
                    Code.ofMachine("t", MirParser.parse(OUT_OF_SSA), null),
                    List.of("machine-scheduler")));
    assertEquals(
        "pass 'machine-scheduler' needs SSA MIR, but the code is MIR after PHI elimination",
        user.getMessage());
    // the pipeline's own order: a compiler bug, reported as one (it used to do nothing, silently)
    InternalCompilerError bug =
        assertThrows(
            InternalCompilerError.class,
            () ->
                p.run(
                    Code.ofMachine("t", MirParser.parse(OUT_OF_SSA), null),
                    List.of("machine-cse")));
    assertTrue(bug.getMessage().contains("machine-cse"), bug.getMessage());
  }

  private static final Path ARCHITECTURE_MD = Path.of("..", "docs", "architecture.md");
  private static final String BEGIN = "<!-- passes:begin -->\n";
  private static final String END = "<!-- passes:end -->";

  /** The registry as the Markdown table of docs/architecture.md. */
  private static String passTable() {
    StringBuilder sb = new StringBuilder();
    sb.append("| stage | pass | needs → leaves | runs | contract |\n");
    sb.append("|---|---|---|---|---|\n");
    for (String stage : PassRegistry.stageNames()) {
      PassGroup g = PassRegistry.group(stage);
      if (g.members().isEmpty()) {
        sb.append("| `").append(stage).append("` | | | | ").append(g.description()).append(" |\n");
      }
      for (String m : g.members()) {
        sb.append("| `").append(stage).append("` | `").append(m).append("` | ");
        PassGroup sub = PassRegistry.group(m);
        if (sub != null) {
          sb.append("group: ")
              .append(String.join(", ", sub.members().stream().map(x -> "`" + x + "`").toList()))
              .append(" | when `")
              .append(sub.gate())
              .append("` runs | ")
              .append(sub.description())
              .append(" |\n");
          continue;
        }
        PassInfo p = PassRegistry.pass(m);
        List<String> needs = new ArrayList<>();
        for (IrForm f : IrForm.values()) {
          if (p.needs().contains(f)) {
            needs.add(f.description());
          }
        }
        sb.append(String.join(" or ", needs));
        if (p.leaves() != null && !p.needs().equals(Set.of(p.leaves()))) {
          sb.append(" → ").append(p.leaves().description());
        }
        sb.append(" | ").append(p.condition()).append(" | ").append(p.contract()).append(" |\n");
      }
    }
    return sb.toString();
  }

  @Test
  void architectureDoc_listsEveryPassAsTheRegistryHasIt() throws IOException {
    String doc = Files.readString(ARCHITECTURE_MD);
    int begin = doc.indexOf(BEGIN);
    int end = doc.indexOf(END);
    assertTrue(begin >= 0 && end > begin, "markers in " + ARCHITECTURE_MD);
    String table = passTable();
    if (Boolean.getBoolean("filetests.bless")) {
      Files.writeString(
          ARCHITECTURE_MD, doc.substring(0, begin + BEGIN.length()) + table + doc.substring(end));
      return;
    }
    assertEquals(
        table, doc.substring(begin + BEGIN.length(), end), "bless with -Dfiletests.bless=true");
  }

  @Test
  void names_shareOneNamespace() {
    assertTrue(PassRegistry.contains("opt") && PassRegistry.contains("gvn"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PassRegistry.checkName("nope"));
    assertTrue(e.getMessage().contains("stages: bytecode ssa opt dag legalize isel mir"));
    assertThrows(IllegalArgumentException.class, () -> new PrintPoints(Set.of(), Set.of("nope")));
  }
}
