package dev.jptx.runtime.sim.ptx;

import static dev.jptx.runtime.sim.ptx.PtxTexts.assertResolved;
import static dev.jptx.runtime.sim.ptx.PtxTexts.find;
import static dev.jptx.runtime.sim.ptx.PtxTexts.only;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * PTX nvcc 13.0 made from small CUDA files (kept next to it): printf, non-inlined functions,
 * shared, constant, local and initialized global memory, vector loads, inline asm, indirect calls,
 * and the debug output of {@code -G} and {@code -lineinfo}.
 */
class NvccSnippetsTest {
  private static final String KERNEL = "_Z4kernPfPK6float4ii";

  private static PtxProgram parse(String resource) {
    PtxProgram program = PtxParser.parse(PtxTexts.resource(resource));
    assertResolved(program);
    return program;
  }

  private static List<Long> constants(Variable variable) {
    return variable.init().values().stream()
        .map(v -> ((InitValue.Constant) v).bits())
        .collect(Collectors.toList());
  }

  @Test
  void parse_externVprintfIsADeclaration() {
    PtxFunction vprintf = parse("nvcc-features.ptx").function("vprintf");
    assertFalse(vprintf.defined());
    assertEquals("extern", vprintf.linkage());
    assertEquals(
        List.of(
            new Param(
                StateSpace.PARAM,
                PtxType.B32,
                1,
                "func_retval0",
                0,
                List.of(),
                false,
                vprintf.returns().get(0).pos())),
        vprintf.returns());
    assertEquals("b64 b64", PtxTexts.types(vprintf.params()));
    assertTrue(vprintf.body().isEmpty());
  }

  @Test
  void parse_moduleVariablesWithInitializers() {
    PtxProgram program = parse("nvcc-features.ptx");
    Variable ctab = program.variable("ctab");
    assertEquals(StateSpace.CONST, ctab.space());
    assertEquals(16, ctab.byteSize());
    assertEquals(List.of(0L, 0L, 128L, 63L), constants(ctab).subList(0, 4));
    assertEquals(21, program.variable("cints").init().values().size());
    assertEquals(List.of(7L), constants(program.variable("gcount")));
    assertEquals(List.of(0x3FF8000000000000L), constants(program.variable("gd")));
    assertEquals(List.of(-1L), constants(program.variable("gull")));
    assertEquals(List.of(255L, 255L, 2L), constants(program.variable("gsh")));
    assertEquals(
        List.of(new InitValue.Address("garr", 8, true)), program.variable("gptr").init().values());
    assertEquals(
        List.of(new InitValue.Address("garr", 0, true), new InitValue.Address("garr", 4, true)),
        program.variable("gptrs").init().values());
    Variable dyn = program.variable("dyn");
    assertEquals("extern", dyn.linkage());
    assertEquals(List.of(-1L), dyn.dims());
    assertEquals(0, dyn.byteSize());
    assertEquals(16, dyn.align());
    assertNull(dyn.init());
    assertEquals(16, program.variable("$str").byteSize());
  }

  @Test
  void parse_nonInlinedFunctionReturnsThroughParam() {
    PtxFunction addOne = parse("nvcc-features.ptx").function("_Z6addOneif");
    assertFalse(addOne.entry());
    assertEquals("", addOne.linkage());
    assertEquals("func_retval0", addOne.returns().get(0).name());
    Instruction store = only(addOne, "st.param.b32");
    assertEquals(new Address(new SymbolRef("func_retval0"), 0), store.operand(0));
  }

  @Test
  void parse_callSequencesAreFlattened() {
    PtxFunction kernel = parse("nvcc-features.ptx").function(KERNEL);
    List<String> params =
        kernel.locals().stream()
            .filter(v -> v.space() == StateSpace.PARAM)
            .map(Variable::name)
            .collect(Collectors.toList());
    assertEquals(
        List.of(
            "param0$1",
            "param1$1",
            "retval0$1",
            "param0$2",
            "retval0$2",
            "param0$3",
            "param0$4",
            "param1$4",
            "retval0$4"),
        params);
    List<Instruction> calls = find(kernel, "call.uni");
    assertEquals(4, calls.size());
    CallSite printf = CallSite.of(calls.get(3));
    assertEquals(List.of(new SymbolRef("retval0$4")), printf.returns());
    assertEquals(new SymbolRef("vprintf"), printf.target());
    assertEquals(List.of(new SymbolRef("param0$4"), new SymbolRef("param1$4")), printf.arguments());
    assertNull(printf.prototype());
    CallSite noReturn = CallSite.of(calls.get(2));
    assertTrue(noReturn.returns().isEmpty());
    assertEquals(new SymbolRef("_Z5noretPi"), noReturn.target());
    Instruction load = find(kernel, "ld.param.b32").get(1);
    assertEquals(new Address(new SymbolRef("retval0$4"), 0), load.operand(1));
  }

  @Test
  void parse_localDepotSharedTileAndInlineAsm() {
    PtxFunction kernel = parse("nvcc-features.ptx").function(KERNEL);
    assertEquals(96, kernel.local("__local_depot3").byteSize());
    assertEquals(StateSpace.LOCAL, kernel.local("__local_depot3").space());
    assertEquals(4224, kernel.local("_ZZ4kernPfPK6float4iiE4tile").byteSize());
    List<String> registers =
        kernel.registers().stream().map(Register::name).collect(Collectors.toList());
    assertTrue(registers.containsAll(List.of("%SP", "%SPL", "tmp$5", "temp_param_reg$4")));
    Instruction asmAdd = only(kernel, "add.u32");
    assertEquals(new Reg("tmp$5", false), asmAdd.operand(0));
    assertEquals(new IntImm(1), asmAdd.operand(2));
    assertEquals(new SymbolRef("$str"), find(kernel, "mov.u64").get(4).operand(1));
    assertNotNull(only(kernel, "trap"));
  }

  @Test
  void parse_vectorLoadsAndStores() {
    PtxFunction kernel = parse("nvcc-features.ptx").function(KERNEL);
    Instruction load = only(kernel, "ld.global.v4.f32");
    assertEquals(4, load.vectorWidth());
    assertEquals(
        new VectorOp(List.of(new Reg("%f1"), new Reg("%f2"), new Reg("%f3"), new Reg("%f4"))),
        load.operand(0));
    Instruction store = find(kernel, "st.local.v4.u32").get(1);
    assertEquals(new Address(new Reg("%rd9"), 16), store.operand(0));
    assertEquals(4, ((VectorOp) store.operand(1)).elements().size());
  }

  @Test
  void parse_indirectCallThroughPrototype() {
    PtxProgram program = parse("nvcc-indirect-call.ptx");
    assertEquals(
        List.of("_Z4add2ii", "_Z4mul2ii", "_Z2mk1Si", "_Z3kfpPii1S"),
        program.functions().stream().map(PtxFunction::name).collect(Collectors.toList()));
    assertTrue(program.functions().stream().allMatch(PtxFunction::defined));
    assertEquals(
        List.of(
            new InitValue.Address("_Z4add2ii", 0, false),
            new InitValue.Address("_Z4mul2ii", 0, false)),
        program.variable("table").init().values());
    PtxFunction kernel = program.function("_Z3kfpPii1S");
    CallPrototype prototype = kernel.prototypes().get(0);
    assertEquals("prototype_0$1", prototype.name());
    assertEquals("b32", PtxTexts.types(prototype.returns()));
    assertEquals("b32 b32", PtxTexts.types(prototype.params()));
    assertEquals("_", prototype.params().get(0).name());
    CallSite call = CallSite.of(only(kernel, "call"));
    assertEquals(new Reg("%rd8"), call.target());
    assertEquals(new SymbolRef("prototype_0$1"), call.prototype());
    assertEquals(2, call.arguments().size());
  }

  @Test
  void parse_launchBoundsStructParamsAndIntrinsics() {
    PtxFunction kernel = parse("nvcc-indirect-call.ptx").function("_Z3kfpPii1S");
    assertEquals(List.of(128L, 1L, 1L), kernel.directives().get("maxntid"));
    assertEquals(List.of(4L), kernel.directives().get("minnctapersm"));
    Param struct = kernel.params().get(2);
    assertEquals(8, struct.align());
    assertEquals(List.of(32L), struct.dims());
    assertEquals(32, struct.byteSize());
    assertEquals(new Reg("%clock64", true), find(kernel, "mov.u64").get(1).operand(1));
    Instruction mul = only(kernel, "mul.f64");
    assertEquals(new FloatImm(0x3F50624DD2F1A9FCL, false, false), mul.operand(2));
    assertEquals(0.001, ((FloatImm) mul.operand(2)).value());
  }

  @Test
  void parse_debugBuildSkipsSectionsKeepsFiles() {
    PtxProgram program = parse("nvcc-debug.ptx");
    assertEquals(List.of("sm_75", "debug"), program.targets());
    assertEquals(3, program.files().size());
    assertTrue(program.files().get(1).endsWith("fp.cu"));
    PtxFunction add = program.function("_Z4add2ii");
    assertEquals("visible", add.linkage());
    assertTrue(add.labelIndices().containsKey("$L__func_begin0"));
    assertEquals(new DebugLoc(1, 3, 42), only(add, "add.s32").loc());
    PtxFunction clock64 = program.function("clock64");
    assertTrue(clock64.defined(), "the definition replaces the earlier declaration");
    assertTrue(clock64.params().isEmpty());
  }

  @Test
  void parse_lineInfoWithInlinedAt() {
    PtxFunction kernel = parse("nvcc-lineinfo.ptx").function("_Z2kiPfPKf");
    assertEquals(new DebugLoc(1, 1, 73), only(kernel, "mul.f32").loc());
    assertEquals(new DebugLoc(1, 2, 30), only(kernel, "fma.rn.f32").loc());
  }
}
