package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.validate.ValidationMode;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class OptionsMappingTest {
  private static List<String> names(CompilerOptions o) {
    return o.targets().stream().map(SmTarget::name).toList();
  }

  @Test
  void toOptions_defaults_matchTheCompilerDefaults() throws Exception {
    CompilerOptions o = OptionsMapping.toOptions(List.of("sm_75"), 3, false, true, 0, null);
    // Knobs has no equals: compare its settings, and the rest through a copy carrying them
    CompilerOptions d = CompilerOptions.defaults();
    assertEquals(d.knobs().settings(), o.knobs().settings());
    assertEquals(d, o.withKnobs(d.knobs()));
  }

  @Test
  void toOptions_everyParameter_landsInItsField() throws Exception {
    CompilerOptions o =
        OptionsMapping.toOptions(
            List.of("sm_90", "sm_75"), 1, true, false, 64, List.of("-disable-machine-dce"));
    assertEquals(List.of("sm_75", "sm_90"), names(o));
    assertEquals(1, o.optLevel());
    assertTrue(o.fastMath());
    assertFalse(o.lineInfo());
    assertEquals(64, o.maxRegisters());
    assertTrue(o.knobs().flag("disable-machine-dce"));
    assertTrue(o.print().isEmpty());
    assertFalse(o.verifyEachPass());
  }

  @Test
  void toOptions_optimizeForSize_isLevelTwoWithTheSizePresetsUnderTheUsersKnobs() throws Exception {
    CompilerOptions o =
        OptionsMapping.toOptions(
            List.of("sm_75"), 3, false, true, 0, List.of("-unroll-threshold=16"), true);
    assertTrue(o.optimizeForSize());
    assertEquals(2, o.optLevel());
    assertEquals("enable", o.knobs().string("enable-machine-outliner"));
    assertEquals(1, o.knobs().integer("unroll-runtime-count"));
    assertEquals(16, o.knobs().integer("unroll-threshold"));
    CompilerOptions off =
        OptionsMapping.toOptions(
            List.of("sm_75"), 3, false, true, 0, List.of("-enable-machine-outliner=disable"), true);
    assertEquals("disable", off.knobs().string("enable-machine-outliner"));
    assertFalse(
        OptionsMapping.toOptions(List.of("sm_75"), 3, false, true, 0, null).optimizeForSize());
  }

  @Test
  void remarks_commaSeparatedElementsAndNull() throws Exception {
    assertEquals(
        List.of("outliner", "pipeliner"),
        List.copyOf(OptionsMapping.remarks(List.of("pipeliner, outliner")).families()));
    assertTrue(OptionsMapping.remarks(null).isEmpty());
  }

  @Test
  void toOptions_knobWithValueAndWithoutDash_parses() throws Exception {
    CompilerOptions o =
        OptionsMapping.toOptions(
            List.of("sm_75"), 3, false, true, 0, List.of("-disable-dce=true", "disable-constfold"));
    assertEquals(List.of("disable-constfold=true", "disable-dce=true"), o.knobs().settings());
  }

  @Test
  void toOptions_emptyArgElements_areIgnored() throws Exception {
    CompilerOptions o =
        OptionsMapping.toOptions(List.of("sm_75"), 3, false, true, 0, Arrays.asList(null, " "));
    assertTrue(o.knobs().settings().isEmpty());
  }

  @Test
  void targetNames_commaSeparatedProperty_splitsAndTrims() {
    assertEquals(
        List.of("sm_75", "sm_90", "sm_80"),
        OptionsMapping.targetNames(List.of("sm_75, sm_90", " sm_80 ")));
  }

  @Test
  void targetNames_noneGiven_isSm75() {
    assertEquals(List.of("sm_75"), OptionsMapping.targetNames(null));
    assertEquals(List.of("sm_75"), OptionsMapping.targetNames(List.of()));
    assertEquals(List.of("sm_75"), OptionsMapping.targetNames(Arrays.asList("", null)));
  }

  @Test
  void toOptions_unknownTarget_namesParameterAndKnownTargets() {
    MojoExecutionException e =
        assertThrows(
            MojoExecutionException.class,
            () -> OptionsMapping.toOptions(List.of("sm_7"), 3, false, true, 0, null));
    assertTrue(e.getMessage().contains("targets (jptx.targets)"), e.getMessage());
    assertTrue(e.getMessage().contains("unknown target 'sm_7'"), e.getMessage());
    assertTrue(e.getMessage().contains("sm_90"), e.getMessage());
  }

  @Test
  void toOptions_optimizationLevelOutOfRange_namesProperty() {
    MojoExecutionException e =
        assertThrows(
            MojoExecutionException.class,
            () -> OptionsMapping.toOptions(List.of("sm_75"), 4, false, true, 0, null));
    assertTrue(e.getMessage().contains("optimizationLevel (jptx.opt) must be 0..3, not 4"));
  }

  @Test
  void toOptions_maxRegistersOutOfRange_namesProperty() {
    MojoExecutionException e =
        assertThrows(
            MojoExecutionException.class,
            () -> OptionsMapping.toOptions(List.of("sm_75"), 3, false, true, 256, null));
    assertTrue(e.getMessage().contains("maxRegisters (jptx.maxRegisters) must be 0..255"));
  }

  @Test
  void toOptions_unknownKnob_namesCompilerArgs() {
    MojoExecutionException e =
        assertThrows(
            MojoExecutionException.class,
            () -> OptionsMapping.toOptions(List.of("sm_75"), 3, false, true, 0, List.of("-nope")));
    assertTrue(e.getMessage().contains("compilerArgs: unknown knob 'nope'"), e.getMessage());
  }

  @Test
  void validation_eachValue_mapsToItsMode() throws Exception {
    assertEquals(ValidationMode.AUTO, OptionsMapping.validation("auto"));
    assertEquals(ValidationMode.TRUE, OptionsMapping.validation("true"));
    assertEquals(ValidationMode.FALSE, OptionsMapping.validation("FALSE"));
    assertEquals(ValidationMode.AUTO, OptionsMapping.validation(null));
  }

  @Test
  void validation_badValue_namesProperty() {
    MojoExecutionException e =
        assertThrows(MojoExecutionException.class, () -> OptionsMapping.validation("sometimes"));
    assertTrue(e.getMessage().contains("validate (jptx.validate)"), e.getMessage());
  }
}
