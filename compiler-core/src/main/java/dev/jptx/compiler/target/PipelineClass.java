package dev.jptx.compiler.target;

import java.util.Map;

/**
 * The pipeliner's latency and resource table: one row per instruction class, with the cycles from
 * issue until a dependent instruction may issue, the unit it runs on and how many cycles a warp
 * occupies that unit. The figures are estimates for sm_80 and sm_90, rounded from the public
 * microbenchmark papers: Jia, Maggioni, Staiger, Scarpazza, "Dissecting the NVIDIA Volta GPU
 * architecture via microbenchmarking" (2018) and the Turing sequel (2019); Abdelkhalik, Arafa,
 * Santhi, Badawy, "Demystifying the Nvidia Ampere Architecture through Microbenchmarking and
 * Instruction-level Analysis" (2022); Luo et al., "Benchmarking and Dissecting the Nvidia Hopper
 * GPU Architecture" (2024). Loads count an L1 (or shared-memory) hit: misses are hidden by the
 * other warps of the SM, not by one warp's schedule, and a miss latency of several hundred cycles
 * would push every load stages ahead of its uses. {@link #of} classifies machine opcodes from their
 * table rows: constraint family, state space and register classes, with the special functions
 * listed by name.
 */
public enum PipelineClass {
  // spotless:off
  //                 latency  unit               unit cycles
  // L1 hit: ~33 cycles on A100 (Abdelkhalik et al.), ~32 on H100 (Luo et al.)
  GLOBAL_LOAD       (33,      PipelineUnit.LSU,  4),
  // shared memory: ~23 cycles on A100, ~29 on H100 (both papers)
  SHARED_LOAD       (23,      PipelineUnit.LSU,  4),
  // .local is cached in L1 like .global
  LOCAL_LOAD        (33,      PipelineUnit.LSU,  4),
  // constant cache hit, Jia et al. (Volta/Turing L1 constant cache ~20 cycles)
  CONST_LOAD        (20,      PipelineUnit.LSU,  4),
  // ld.param of a kernel becomes a constant-bank operand of its user in SASS
  PARAM_LOAD        (4,       PipelineUnit.ALU,  1),
  // stores define no register; the latency orders them before a later access of memory
  STORE             (4,       PipelineUnit.LSU,  4),
  // IADD3/IMAD/ISETP: 4 to 5 cycles dependent issue on Volta through Hopper
  INTEGER           (4,       PipelineUnit.ALU,  1),
  // FADD/FMUL/FFMA: 4 cycles on Volta through Hopper
  F32               (4,       PipelineUnit.ALU,  1),
  // DADD/DFMA on GA100/GH100: ~8 cycles
  F64               (8,       PipelineUnit.FP64, 4),
  // MUFU (ex2, lg2, rcp, rsqrt, sin, cos, tanh) and the division and square-root sequences: ~18
  SPECIAL           (18,      PipelineUnit.SFU,  8),
  // F2I/I2F/F2F run through the same quarter-rate path: ~14 cycles
  CONVERSION        (14,      PipelineUnit.SFU,  8),
  // SHFL: ~23 cycles on Volta/Ampere
  SHUFFLE           (23,      PipelineUnit.LSU,  4),
  // an atomic round trip to L2: ~200 cycles on A100/H100
  ATOMIC            (200,     PipelineUnit.LSU,  4),
  // PHI, COPY, IMPLICIT_DEF: machine-IR-only, gone by the time PTX is printed
  PSEUDO            (0,       null,              0),
  // barriers, calls and branches: never inside a pipelined loop's schedule
  CONTROL           (1,       PipelineUnit.ALU,  1);
  // spotless:on

  private final int latency;
  private final PipelineUnit unit;
  private final int unitCycles;

  PipelineClass(int latency, PipelineUnit unit, int unitCycles) {
    this.latency = latency;
    this.unit = unit;
    this.unitCycles = unitCycles;
  }

  /** Cycles from issue until a dependent instruction may issue. */
  public int latency() {
    return latency;
  }

  /** The unit it runs on, or null if it takes no unit (and no issue slot). */
  public PipelineUnit unit() {
    return unit;
  }

  /** Cycles one warp's instruction occupies its unit. */
  public int unitCycles() {
    return unitCycles;
  }

  /** True if it reads or writes memory the pipeliner must order. */
  public boolean accessesMemory() {
    return this == GLOBAL_LOAD
        || this == SHARED_LOAD
        || this == LOCAL_LOAD
        || this == STORE
        || this == ATOMIC;
  }

  // the special functions: rows whose family (UNARY, BINARY) says nothing of their cost
  private static final Map<MachineOpcode, PipelineClass> SPECIAL_ROWS =
      Map.ofEntries(
          Map.entry(MathOpcodes.SIN_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.COS_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.EX2_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.LG2_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.SQRT_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.RSQRT_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.TANH_APPROX_F32, SPECIAL),
          Map.entry(MathOpcodes.EX2_APPROX_FTZ_F32, SPECIAL),
          Map.entry(MathOpcodes.RCP_APPROX_FTZ_F32, SPECIAL),
          Map.entry(MathOpcodes.RSQRT_APPROX_FTZ_F32, SPECIAL),
          Map.entry(MathOpcodes.SQRT_RN_F32, SPECIAL),
          Map.entry(MathOpcodes.SQRT_RN_F64, SPECIAL),
          Map.entry(FloatOpcodes.DIV_RN_F32, SPECIAL),
          Map.entry(FloatOpcodes.DIV_FULL_F32, SPECIAL),
          Map.entry(FloatOpcodes.DIV_RN_F64, SPECIAL),
          // a cvta is an integer add of the window's base
          Map.entry(MemoryOpcodes.CVTA_TO_GLOBAL_U64, INTEGER),
          Map.entry(MemoryOpcodes.CVTA_GLOBAL_U64, INTEGER),
          Map.entry(MemoryOpcodes.CVTA_SHARED_U64, INTEGER),
          Map.entry(MemoryOpcodes.CVTA_LOCAL_U64, INTEGER),
          Map.entry(MemoryOpcodes.CVTA_CONST_U64, INTEGER),
          Map.entry(MathOpcodes.POPC_B64, INTEGER),
          Map.entry(MathOpcodes.CLZ_B64, INTEGER));

  /** The class of {@code op}. */
  public static PipelineClass of(MachineOpcode op) {
    PipelineClass special = SPECIAL_ROWS.get(op);
    if (special != null) {
      return special;
    }
    return switch (op.family()) {
      case LOAD, VECTOR_LOAD -> loadClass(op);
      case STORE -> STORE;
      case ATOMIC, CAS -> ATOMIC;
      case WARP -> SHUFFLE;
      // a conversion between integer widths is an integer instruction in SASS
      case CONVERSION -> arithmetic(op) == INTEGER ? INTEGER : CONVERSION;
      case PSEUDO -> PSEUDO;
      case BARRIER, CALL, PREDICATED -> CONTROL;
      default -> arithmetic(op);
    };
  }

  // the state space is the second word of the row's PTX mnemonic: ld.global.nc.f32, ld.f32
  private static PipelineClass loadClass(MachineOpcode op) {
    String[] words = op.template().split("[ .]", 3);
    String space = words.length > 1 ? words[1] : "";
    return switch (space) {
      case "shared" -> SHARED_LOAD;
      case "local" -> LOCAL_LOAD;
      case "const" -> CONST_LOAD;
      case "param" -> PARAM_LOAD;
      default -> GLOBAL_LOAD;
    };
  }

  // by the widest float class among the row's registers: setp.f64 and add.rn.f64 are F64
  private static PipelineClass arithmetic(MachineOpcode op) {
    boolean f32 = false;
    boolean f64 = false;
    for (RegisterClass c : op.defs()) {
      f64 |= c == RegisterClass.F64;
      f32 |= isSingle(c);
    }
    for (OperandSpec u : op.uses()) {
      f64 |= u.registerClass() == RegisterClass.F64;
      f32 |= u.registerClass() != null && isSingle(u.registerClass());
    }
    return f64 ? F64 : f32 ? F32 : INTEGER;
  }

  private static boolean isSingle(RegisterClass c) {
    return c == RegisterClass.F32 || c == RegisterClass.H16 || c == RegisterClass.H32;
  }
}
