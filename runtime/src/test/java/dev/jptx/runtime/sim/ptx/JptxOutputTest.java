package dev.jptx.runtime.sim.ptx;

import static dev.jptx.runtime.sim.ptx.PtxTexts.assertResolved;
import static dev.jptx.runtime.sim.ptx.PtxTexts.find;
import static dev.jptx.runtime.sim.ptx.PtxTexts.types;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Modules jptx compiled from its own test kernels ({@code compile -t sm_90}). */
class JptxOutputTest {
  private static PtxProgram parse(String resource) {
    return PtxParser.parse(PtxTexts.resource(resource));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jptx-Basic.ptx", "jptx-Loops.ptx", "jptx-Params.ptx"})
  void parse_resolvesEveryName(String resource) {
    PtxProgram program = parse(resource);
    assertEquals("7.8", program.version());
    assertEquals(List.of("sm_90"), program.targets());
    assertResolved(program);
  }

  @Test
  void parse_basicEntriesDirectivesAndParams() {
    PtxProgram program = parse("jptx-Basic.ptx");
    assertEquals(
        List.of("saxpy", "vecAdd", "daxpy", "clampAndScale", "intOps", "conversions"),
        program.functions().stream().map(PtxFunction::name).collect(Collectors.toList()));
    PtxFunction saxpy = program.function("saxpy");
    assertEquals(
        Map.of("maxntid", List.of(256L, 1L, 1L), "minnctapersm", List.of(2L)), saxpy.directives());
    assertEquals("s32 f32 u64 s32 u64 s32", types(saxpy.params()));
  }

  @Test
  void parse_basicKeepsLineNumbers() {
    PtxProgram program = parse("jptx-Basic.ptx");
    assertEquals(Map.of(1, "dev/jptx/compiler/testkernels/Basic.java"), program.files());
    PtxFunction saxpy = program.function("saxpy");
    assertEquals(new DebugLoc(1, 15, 0), saxpy.instructions().get(0).loc());
    assertEquals(new DebugLoc(1, 14, 0), find(saxpy, "mov.u32").get(0).loc());
    assertEquals(new DebugLoc(1, 18, 0), find(saxpy, "ret").get(0).loc());
  }

  @Test
  void parse_basicImmediates() {
    PtxProgram program = parse("jptx-Basic.ptx");
    Instruction mad = find(program.function("saxpy"), "mad.wide.s32").get(0);
    assertEquals(new IntImm(4), mad.operand(2));
    Instruction mul = find(program.function("conversions"), "mul.rn.f64").get(0);
    assertEquals(new FloatImm(0x3FE0000000000000L, false, false), mul.operand(2));
    assertEquals(0.5, ((FloatImm) mul.operand(2)).value());
  }

  @Test
  void parse_paramsOfEveryKernelType() {
    PtxProgram program = parse("jptx-Params.ptx");
    PtxFunction all = program.function("allParams");
    assertEquals("u8 s8 s16 u16 s32 s64 f32 f64 u64 s32 u64 s32", types(all.params()));
    assertEquals(
        Map.of("maxntid", List.of(128L, 1L, 1L), "maxnreg", List.of(32L)), all.directives());
    assertNotNull(program.function("narrowArrays"));
  }
}
