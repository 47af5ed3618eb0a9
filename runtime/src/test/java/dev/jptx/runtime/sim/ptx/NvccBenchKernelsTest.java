package dev.jptx.runtime.sim.ptx;

import static dev.jptx.runtime.sim.ptx.PtxTexts.assertResolved;
import static dev.jptx.runtime.sim.ptx.PtxTexts.find;
import static dev.jptx.runtime.sim.ptx.PtxTexts.types;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference suite {@code benchmarks/cuda/kernels.cu} (read from the checkout) through {@code
 * nvcc -ptx} for sm_75 and sm_90, with and without {@code --fmad=false}. Without nvcc the tests are
 * skipped, except under {@code CI=true}, where they fail.
 */
class NvccBenchKernelsTest {
  /** Each kernel's parameter types, in the order nvcc emits the entries. */
  private static final Map<String, String> KERNELS = new LinkedHashMap<>();

  static {
    KERNELS.put("vecAdd", "u32 u64 u64 u64");
    KERNELS.put("saxpy", "u32 f32 u64 u64");
    KERNELS.put("daxpy", "u32 f64 u64 u64");
    KERNELS.put("reduceSum", "u32 u64 u64");
    KERNELS.put("warpReduceSum", "u32 u64 u64");
    KERNELS.put("sgemmTiled", "u32 u64 u64 u64");
    KERNELS.put("transpose", "u32 u32 u64 u64");
    KERNELS.put("histogram256", "u32 u64 u64");
    KERNELS.put("mandelbrot", "u32 u32 u32 f32 f32 f32 f32 u64");
    KERNELS.put("nbody", "u32 f32 u64 u64 u64 u64");
    KERNELS.put("blackScholes", "u32 f32 f32 u64 u64 u64 u64 u64");
    KERNELS.put("jacobi2d", "u32 u32 u64 u64");
    KERNELS.put("scanBlock", "u32 u64 u64");
    KERNELS.put("spmvCsr", "u32 u64 u64 u64 u64 u64");
    KERNELS.put("dotLoop", "u32 u32 u64 u64 u64");
    KERNELS.put("haxpy2", "u32 u32 u64 u64");
    KERNELS.put("conv1d", "u32 u64 u64 u64");
    KERNELS.put("bitonicStep", "u32 u32 u32 u64");
    KERNELS.put("hash64", "u32 u64 u64");
    KERNELS.put("polyA", "u32 u64 u64");
    KERNELS.put("polyB", "u32 u64 u64");
    KERNELS.put("polyC", "u32 u64 u64");
  }

  private static final List<String> VARIANTS =
      List.of("sm_75", "sm_75-nofma", "sm_90", "sm_90-nofma");
  private static final Map<String, PtxProgram> PROGRAMS = new LinkedHashMap<>();

  /** {@code benchmarks/cuda/kernels.cu} of the checkout this module belongs to. */
  private static Path suiteSource() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("benchmarks/cuda/kernels.cu");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new AssertionError("no benchmarks/cuda/kernels.cu above " + Path.of("").toAbsolutePath());
  }

  @BeforeAll
  static void compileWithNvcc() throws Exception {
    requireNvcc();
    Path dir = Files.createDirectories(Path.of("target", "ptx-nvcc"));
    Path source = dir.resolve("kernels.cu");
    Files.copy(suiteSource(), source, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    List<Process> processes = new ArrayList<>();
    for (String variant : VARIANTS) {
      List<String> command = new ArrayList<>(List.of("nvcc", "-ptx", "-O3"));
      command.add("-arch=" + variant.substring(0, 5));
      if (variant.endsWith("-nofma")) {
        command.add("--fmad=false");
      }
      command.addAll(List.of(source.toString(), "-o", dir.resolve(variant + ".ptx").toString()));
      processes.add(new ProcessBuilder(command).redirectErrorStream(true).start());
    }
    for (int i = 0; i < VARIANTS.size(); i++) {
      Process process = processes.get(i);
      String log = new String(process.getInputStream().readAllBytes());
      assertEquals(0, process.waitFor(), () -> "nvcc failed:\n" + log);
      String variant = VARIANTS.get(i);
      PROGRAMS.put(variant, PtxParser.parse(Files.readString(dir.resolve(variant + ".ptx"))));
    }
  }

  private static void requireNvcc() throws InterruptedException {
    try {
      Process probe = new ProcessBuilder("nvcc", "--version").redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      if (probe.waitFor() == 0) {
        return;
      }
    } catch (IOException e) {
      // not on PATH: handled below
    }
    if ("true".equals(System.getenv("CI"))) {
      fail("nvcc is not on PATH, and CI=true requires it: install the CUDA toolkit");
    }
    Assumptions.abort("nvcc is not on PATH");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sm_75", "sm_75-nofma", "sm_90", "sm_90-nofma"})
  void parse_declaresAllTwentyTwoEntries(String variant) {
    PtxProgram program = PROGRAMS.get(variant);
    assertFalse(program.version().isEmpty());
    assertEquals(List.of(variant.substring(0, 5)), program.targets());
    assertEquals(64, program.addressSize());
    List<String> names =
        program.entries().stream().map(PtxFunction::name).collect(Collectors.toList());
    assertEquals(new ArrayList<>(KERNELS.keySet()), names);
    assertEquals(22, program.functions().size());
    for (PtxFunction entry : program.entries()) {
      assertEquals("visible", entry.linkage());
      assertTrue(entry.defined());
      assertTrue(entry.returns().isEmpty());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sm_75", "sm_75-nofma", "sm_90", "sm_90-nofma"})
  void parse_paramsMatchTheCudaSignatures(String variant) {
    for (Map.Entry<String, String> kernel : KERNELS.entrySet()) {
      PtxFunction function = PROGRAMS.get(variant).function(kernel.getKey());
      assertEquals(kernel.getValue(), types(function.params()), kernel.getKey());
      for (int i = 0; i < function.params().size(); i++) {
        Param param = function.params().get(i);
        assertEquals(kernel.getKey() + "_param_" + i, param.name());
        assertEquals(StateSpace.PARAM, param.space());
        assertEquals(1, param.vectorWidth());
        assertTrue(param.dims().isEmpty());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sm_75", "sm_75-nofma", "sm_90", "sm_90-nofma"})
  void parse_resolvesEveryName(String variant) {
    assertResolved(PROGRAMS.get(variant));
  }

  @Test
  void parse_vecAddBody() {
    PtxFunction vecAdd = PROGRAMS.get("sm_90").function("vecAdd");
    assertEquals(2 + 9 + 11, vecAdd.registers().size());
    assertEquals(new Register(PtxType.PRED, 1, "%p0"), vecAdd.registers().get(0));
    Instruction load = vecAdd.instructions().get(0);
    assertEquals("ld.param.u32", load.text());
    assertEquals(StateSpace.PARAM, load.stateSpace());
    assertEquals(
        List.of(new Reg("%r2", false), new Address(new SymbolRef("vecAdd_param_0"), 0)),
        load.operands());
    Instruction ctaid = find(vecAdd, "mov.u32").get(0);
    assertEquals(new Reg("%ctaid.x", true), ctaid.operand(1));
    Instruction branch = find(vecAdd, "bra").get(0);
    assertEquals(new Guard("%p1", false), branch.guard());
    assertEquals(new SymbolRef("$L__BB0_2"), branch.operand(0));
    Instruction loadNc = find(vecAdd, "ld.global.nc.u32").get(0);
    assertEquals(List.of("global", "nc", "u32"), loadNc.modifiers());
    assertTrue(loadNc.hasModifier("nc"));
    assertEquals(PtxType.U32, loadNc.type());
    int label = vecAdd.labelIndices().get("$L__BB0_2");
    assertEquals("ret", ((Instruction) vecAdd.body().get(label + 1)).opcode());
  }

  @Test
  void parse_reduceSumDeclaresItsSharedArray() {
    PtxFunction reduceSum = PROGRAMS.get("sm_90").function("reduceSum");
    Variable sdata = reduceSum.local("_ZZ9reduceSumE5sdata");
    assertEquals(StateSpace.SHARED, sdata.space());
    assertEquals(4, sdata.align());
    assertEquals(PtxType.B8, sdata.type());
    assertEquals(List.of(1024L), sdata.dims());
    assertEquals(1024, sdata.byteSize());
    List<Long> offsets = new ArrayList<>();
    for (Instruction load : find(reduceSum, "ld.shared.f32")) {
      offsets.add(((Address) load.operand(1)).offset());
    }
    assertTrue(offsets.containsAll(List.of(512L, 256L, 128L, 64L, 32L, 16L, 8L)), "" + offsets);
    assertEquals(1, find(reduceSum, "bar.sync").get(0).operands().size());
  }

  @Test
  void parse_warpShufflesWriteValueAndPredicate() {
    PtxFunction warp = PROGRAMS.get("sm_75").function("warpReduceSum");
    List<Instruction> shuffles = find(warp, "shfl.sync.down.b32");
    assertEquals(5, shuffles.size());
    Pair pair = assertInstanceOf(Pair.class, shuffles.get(0).operand(0));
    assertFalse(((Reg) pair.first()).isSpecial());
    assertTrue(((Reg) pair.second()).name().startsWith("%p"));
    assertEquals(5, shuffles.get(0).operands().size());
  }

  @Test
  void parse_inlineAsmBlockIsFlattened() {
    PtxFunction haxpy2 = PROGRAMS.get("sm_90").function("haxpy2");
    Instruction fma = PtxTexts.only(haxpy2, "fma.rn.f16x2");
    assertEquals(List.of(PtxType.F16X2), fma.types());
    assertEquals(4, fma.operands().size());
  }

  @Test
  void parse_fmadFalseSplitsMultiplyAndAdd() {
    for (String arch : List.of("sm_75", "sm_90")) {
      long fused = count(PROGRAMS.get(arch), "fma.rn.f32");
      long fusedOff = count(PROGRAMS.get(arch + "-nofma"), "fma.rn.f32");
      assertTrue(fusedOff < fused, arch + ": " + fusedOff + " vs " + fused);
      assertEquals(0, count(PROGRAMS.get(arch), "mul.rn.f32"));
      assertTrue(count(PROGRAMS.get(arch + "-nofma"), "mul.rn.f32") > 0);
    }
  }

  private static long count(PtxProgram program, String text) {
    return program.functions().stream()
        .flatMap(f -> f.instructions().stream())
        .filter(i -> i.text().equals(text))
        .count();
  }
}
