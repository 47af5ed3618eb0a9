package dev.jptx.compiler.driver;

import dev.jptx.compiler.opt.LoopRuntimeUnroll;
import dev.jptx.compiler.outliner.OutlinerMode;
import dev.jptx.spi.RegisterBudget;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one registry of backend knobs, and a set of values for them. Knobs keep the seed names
 * ({@code -disable-machine-dce}); each one here changes what its help says, and a test shows it.
 * Values are given as {@code name=value} or, for booleans, {@code name} alone.
 */
public final class Knobs {
  private static final Map<String, Knob> REGISTRY = registry();

  private final Map<String, String> values;

  private Knobs(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(new TreeMap<>(values));
  }

  private static Map<String, Knob> registry() {
    Map<String, Knob> m = new LinkedHashMap<>();
    add(
        m,
        new Knob(
            "disable-constfold",
            Knob.Type.BOOL,
            "false",
            "Skip IR constant folding (the opt stage's 'constfold' pass) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-narrow-float",
            Knob.Type.BOOL,
            "false",
            "Keep float arithmetic that Java widens to double in double (the opt stage's"
                + " 'narrow-float' pass: (float) Math.sqrt(x) and (float) (a op b) of floats become"
                + " float operations, with the same results) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-separate-const-offset",
            Knob.Type.BOOL,
            "false",
            "Keep each a[i + c] address computed on its own (the opt stage's"
                + " 'separate-const-offset' pass: accesses of one array at one index plus constants"
                + " share one address and [reg+imm] offsets) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-varying-loads-first",
            Knob.Type.BOOL,
            "false",
            "Keep read-only loads in source order (the opt stage's 'varying-loads-first' pass"
                + " issues a load whose address differs between threads before a uniform one just"
                + " ahead of it in the block) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-form-bit-ops",
            Knob.Type.BOOL,
            "false",
            "Keep shifts, masks and ors as written (the opt stage's 'form-bit-ops' pass makes"
                + " rotations, funnel shifts (shf) and bit-field inserts (bfi) of them) at -O1 and"
                + " above."));
    add(
        m,
        new Knob(
            "disable-dce",
            Knob.Type.BOOL,
            "false",
            "Skip IR dead-code elimination (the opt stage's 'dce' pass) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-simplifycfg",
            Knob.Type.BOOL,
            "false",
            "Skip IR control-flow simplification (the opt stage's 'simplifycfg' pass, both runs) at"
                + " -O1 and above."));
    add(
        m,
        new Knob(
            "disable-gvn",
            Knob.Type.BOOL,
            "false",
            "Skip IR global value numbering (the opt stage's 'gvn' pass) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-promote-local-arrays",
            Knob.Type.BOOL,
            "false",
            "Keep constant-index local arrays in .local memory instead of promoting their elements"
                + " to registers (the opt stage's 'promote-local-arrays' pass) at -O1 and above."));
    add(
        m,
        new Knob(
            "disable-licm",
            Knob.Type.BOOL,
            "false",
            "Skip IR loop-invariant code motion (the opt stage's 'licm' pass) at -O1 and above."));
    loopKnobs(m);
    add(
        m,
        new Knob(
            "disable-strength-reduce",
            Knob.Type.BOOL,
            "false",
            "Skip IR strength reduction of loop indices and addresses (the opt stage's"
                + " 'strength-reduce' pass) at -O2 and above."));
    add(
        m,
        new Knob(
            "disable-load-store-vectorizer",
            Knob.Type.BOOL,
            "false",
            "Skip merging adjacent aligned loads and stores into PTX vector accesses (the opt"
                + " stage's 'load-store-vectorizer' pass) at -O2 and above."));
    add(
        m,
        new Knob(
            "disable-loop-rotate",
            Knob.Type.BOOL,
            "false",
            "Keep loops tested at the top instead of rotating them into a guard and a test at the"
                + " bottom (the opt stage's 'loop-rotate' pass) at -O2 and above."));
    backendKnobs(m);
    peepholeKnobs(m);
    registerAllocationKnobs(m);
    blockRematKnobs(m);
    PipelinerKnobs.register(m);
    OutlinerKnobs.register(m);
    return Collections.unmodifiableMap(m);
  }

  /** The knobs of PHI elimination, coalescing and register allocation. */
  /** Full, runtime and partial unrolling. */
  private static void loopKnobs(Map<String, Knob> m) {
    add(
        m,
        new Knob(
            "disable-unroll",
            Knob.Type.BOOL,
            "false",
            "Skip full unrolling of constant-trip-count loops (the opt stage's 'unroll' pass) at -O2"
                + " and above."));
    add(
        m,
        new Knob(
            "unroll-threshold",
            Knob.Type.INT,
            "256",
            "At -O2 and above, fully unroll an innermost loop with a constant trip count if its"
                + " exiting block's runs times its IR instruction count, less the instructions that"
                + " fold to constants in every copy (the induction variable, its test, constant"
                + " index arithmetic), is at most this; 0 unrolls nothing."));
    add(
        m,
        new Knob(
            "disable-unroll-runtime",
            Knob.Type.BOOL,
            "false",
            "Skip runtime and partial unrolling of the innermost counted loops full unrolling left"
                + " (the opt stage's 'unroll-runtime' pass) at -O2 and above."));
    add(
        m,
        new Knob(
            "unroll-runtime-count",
            Knob.Type.INT,
            String.valueOf(LoopRuntimeUnroll.DEFAULT_RUNTIME_COUNT),
            "At -O2 and above, unroll an innermost loop stepping by one towards a bound known only"
                + " at run time by this factor, after a remainder loop that runs the first (trip"
                + " count mod factor) iterations (nvcc's factor, 4); 1 or 0 leaves such loops"
                + " rolled."));
    add(
        m,
        new Knob(
            "unroll-partial-count",
            Knob.Type.INT,
            String.valueOf(LoopRuntimeUnroll.DEFAULT_PARTIAL_COUNT),
            "At -O2 and above, unroll an innermost loop with a constant trip count too large to"
                + " unroll fully by the largest divisor of its trip count up to this (no remainder);"
                + " 1 or 0 leaves such loops rolled."));
    add(
        m,
        new Knob(
            "unroll-runtime-threshold",
            Knob.Type.INT,
            String.valueOf(LoopRuntimeUnroll.DEFAULT_THRESHOLD),
            "The most IR instructions the body of a runtime- or partially unrolled loop may have"
                + " after unrolling (the factor times one iteration's); a loop whose body would be"
                + " larger is unrolled by a smaller divisor (partial) or not at all (runtime)."));
  }

  private static void registerAllocationKnobs(Map<String, Knob> m) {
    add(
        m,
        new Knob(
            "remat-load-param",
            Knob.Type.BOOL,
            "true",
            "When a register budget forces spills, recompute a value that comes from the"
                + " function's parameters (ld.param, its cvta, constants) before each reader"
                + " instead of spilling it to .local, and prefer such values as spill"
                + " candidates; false spills them like any other."));
    add(
        m,
        new Knob(
            "disable-copyprop",
            Knob.Type.BOOL,
            "false",
            "Skip machine copy propagation (machine-cp) at -O1 and above, which otherwise runs"
                + " after register coalescing and again after register allocation: within a"
                + " block, readers of a copy's result read its source instead, a copy of a value"
                + " already in place and a copy whose result is never read are deleted."));
    add(
        m,
        new Knob(
            "disable-postra-machine-licm",
            Knob.Type.BOOL,
            "false",
            "Skip post-RA machine LICM (machinelicm) at -O1 and above, which otherwise moves a"
                + " loop's side-effect-free instruction with sources defined outside the loop"
                + " (constant moves included) into the loop's preheader when its register holds"
                + " nothing else in the loop."));
    add(
        m,
        new Knob(
            "disable-ssc",
            Knob.Type.BOOL,
            "false",
            "Give every spill slot its own .local space instead of letting slots of one size"
                + " whose contents are never needed at once share it (stack-slot-coloring, -O1"
                + " and above)."));
    add(
        m,
        new Knob(
            "disable-branch-fold",
            Knob.Type.BOOL,
            "false",
            "Keep the control flow graph as allocation leaves it instead of removing blocks that"
                + " only branch on, unreachable blocks, and merging a block into its only"
                + " predecessor when that one has no other successor, and replacing a block that"
                + " repeats an earlier one (ending in a branch) by that one (branch-folder, -O1 and"
                + " above)."));
    add(
        m,
        new Knob(
            "disable-block-placement",
            Knob.Type.BOOL,
            "false",
            "Keep the block order of instruction selection instead of laying blocks out so that"
                + " each falls into its chosen successor and a loop's blocks stay together"
                + " (block-placement, -O1 and above)."));
    add(
        m,
        new Knob(
            "nvptx-sched4reg",
            Knob.Type.BOOL,
            "true",
            "At -O1 and above, reorder the instructions of a block whose register pressure"
                + " exceeds the register target (maxRegisters, else 70) by pressure-driven"
                + " bottom-up list scheduling (machine-scheduler), keeping the new order only if"
                + " the block's peak pressure falls; false leaves every block as selected."));
    add(
        m,
        new Knob(
            "join-liveintervals",
            Knob.Type.BOOL,
            "true",
            "Coalesce copies (register-coalescer) after PHI elimination at -O1 and above: a copy"
                + " whose source and result do not interfere becomes one register and disappears;"
                + " false keeps every copy PHI elimination made."));
    add(
        m,
        new Knob(
            "disable-register-assignment",
            Knob.Type.BOOL,
            "false",
            "Keep every virtual register's own PTX register (the shape nvcc emits) instead of"
                + " assigning registers so that each class declares about as many as are live at"
                + " once; spilling under maxRegisters still happens."));
    add(
        m,
        new Knob(
            "verify-regalloc",
            Knob.Type.BOOL,
            "false",
            "Check every register allocation by replaying it symbolically (AllocationChecker):"
                + " a read that could see another value than the register it names, or a reload"
                + " of a slot holding another value, fails the build. Always on with"
                + " --verify-each."));
  }

  /** The knobs of block rematerialization (nvptx-remat-block), the seed's sixteen less two. */
  private static void blockRematKnobs(Map<String, Knob> m) {
    add(
        m,
        new Knob(
            "nv-disable-remat",
            Knob.Type.BOOL,
            "false",
            "Disable all rematerialization: block rematerialization (nvptx-remat-block) does not"
                + " run and spilling under maxRegisters does not recompute parameter values"
                + " (remat-load-param)."));
    add(
        m,
        new Knob(
            "nv-disable-mem2reg",
            Knob.Type.BOOL,
            "false",
            "Keep in .local memory the local arrays that reach machine code with every access at"
                + " a constant offset and their address never escaping, instead of giving each"
                + " element a register (nvptx-mem2reg, -O1 and above)."));
    add(
        m,
        new Knob(
            "nv-remat-block",
            Knob.Type.INT,
            "14",
            "Block rematerialization's mode bits: 1 lets copies go into deeper loops (at"
                + " nv-remat-block-loop-cost-factor per level), 2 lets a copy read a source register"
                + " already live where it stands instead of recomputing it, 4 lets chains read"
                + " launch-fixed special registers (%tid, %ctaid...), 8 enables the second-chance"
                + " heuristic; 0 turns the pass off."));
    add(
        m,
        new Knob(
            "nv-remat-max-times",
            Knob.Type.INT,
            "10",
            "Block rematerialization repeats its pull-in over all blocks at most this many"
                + " rounds (it stops earlier when a round changes nothing or the pressure fits)."));
    add(
        m,
        new Knob(
            "nv-remat-block-single-cost",
            Knob.Type.INT,
            "10",
            "Block rematerialization pulls in a register only if one copy of its chain costs at"
                + " most this (1 per instruction, nv-remat-block-load-cost per parameter load,"
                + " doubled for a 64-bit register, times the loop factor into deeper loops)."));
    add(
        m,
        new Knob(
            "nv-remat-block-map-size-limit",
            Knob.Type.INT,
            "6",
            "Block rematerialization pulls in a register only if its chain (the instructions"
                + " copied for it, its own and the sources recomputed with it) has at most this"
                + " many instructions."));
    add(
        m,
        new Knob(
            "nv-remat-block-max-cost",
            Knob.Type.INT,
            "100",
            "Block rematerialization stops taking candidates for one block once all the copies"
                + " it would make there (cost of a chain times the blocks it is copied into) would"
                + " cost more than this; a later round may take more."));
    add(
        m,
        new Knob(
            "nv-remat-block-liveout-min-percentage",
            Knob.Type.INT,
            "70",
            "The second-chance heuristic of block rematerialization admits a candidate whose"
                + " copies would keep a source register live longer only if that source is live out"
                + " of at least this percentage of the function's blocks."));
    add(
        m,
        new Knob(
            "nv-remat-block-loop-cost-factor",
            Knob.Type.INT,
            "20",
            "Block rematerialization multiplies a chain's cost by this for each loop level its"
                + " copies go deeper than the original (only with mode bit 1 of nv-remat-block)."));
    add(
        m,
        new Knob(
            "nv-remat-default-max-reg",
            Knob.Type.INT,
            String.valueOf(RegisterBudget.PRESSURE_TARGET),
            "The register target (32-bit units) block rematerialization brings each block's"
                + " pressure down to when the kernel has no maxRegisters (RP-aware CSE and the"
                + " pressure scheduler use the same 70 but do not read this knob)."));
    add(
        m,
        new Knob(
            "nv-remat-block-load-cost",
            Knob.Type.INT,
            "10",
            "The cost block rematerialization counts for a parameter load (ld.param) in a chain;"
                + " every other instruction counts 1."));
    add(
        m,
        new Knob(
            "nv-remat-threshold-for-spec-reg",
            Knob.Type.INT,
            "20",
            "Block rematerialization pulls in a chain that reads a special register (an S2R in"
                + " SASS, tens of cycles) only in blocks whose pressure exceeds the target by at"
                + " least this many 32-bit units."));
    add(
        m,
        new Knob(
            "nv-remat-check-internal-live",
            Knob.Type.BOOL,
            "false",
            "Block rematerialization measures a block's pressure as the most registers live at"
                + " any point in it, instead of those live out of it (the seed's default), so"
                + " blocks crowded inside also get their live-through registers pulled in."));
    add(
        m,
        new Knob(
            "nv-dump-remat-block",
            Knob.Type.BOOL,
            "false",
            "Block rematerialization reports its decisions on standard error: the function's"
                + " max live, each crowded block's excess and pullable count, the candidates the"
                + " second chance adds, and the final pull-in with its cost."));
    add(
        m,
        new Knob(
            "load-remat",
            Knob.Type.BOOL,
            "true",
            "Block rematerialization may copy parameter loads (ld.param: a function's parameters"
                + " never change while it runs); false leaves registers whose chain loads"
                + " live across blocks."));
    add(
        m,
        new Knob(
            "no-mi-remat",
            Knob.Type.STRING,
            "",
            "Comma-separated functions (PTX or Java names) block rematerialization leaves"
                + " alone; with nv-dump-remat-block it says 'Skip machine-instruction"
                + " rematerialization on NAME'."));
  }

  /** The knobs of the backend's stages, after the mid-level optimizer's. */
  /** The post-ISel passes' and the two peepholes' switches (seed: machine-passes.md). */
  private static void peepholeKnobs(Map<String, Knob> m) {
    add(
        m,
        new Knob(
            "disable-param-opt",
            Knob.Type.BOOL,
            "false",
            "Skip redundant parameter load elimination (param-opt) at -O1 and above: an ld.param of"
                + " the same parameter and offset as a dominating one is kept instead of reading the"
                + " earlier result."));
    add(
        m,
        new Knob(
            "disable-nvptx-trunc-opts",
            Knob.Type.BOOL,
            "false",
            "Skip nvptx-trunc-opts at -O1 and above: an and.b16 of a register with 0xFFFF is kept"
                + " instead of its readers reading the register."));
    add(
        m,
        new Knob(
            "disable-redundant-move-elim",
            Knob.Type.BOOL,
            "false",
            "Skip redundant-move-elim at -O1 and above: a same-class mov of a register to itself,"
                + " or read only by one instruction of its block, is kept instead of deleted (and"
                + " the reader reading its source)."));
    add(
        m,
        new Knob(
            "disable-peephole",
            Knob.Type.BOOL,
            "false",
            "Skip the generic peephole optimizer (peephole-opt) at -O1 and above: readers of a"
                + " same-class COPY keep reading the copy instead of the copied register."));
    add(
        m,
        new Knob(
            "enable-nvvm-peephole",
            Knob.Type.BOOL,
            "true",
            "Run the PTX peephole (nvptx-peephole) at -O1 and above: cvta.to.global of cvta.global"
                + " (and back) and not.pred of not.pred read the original register, a guard on a"
                + " not.pred becomes the negated guard, a selp on a not.pred swaps its values, and"
                + " setp.eq/ne of selp 1, 0 / 0, 1 of a predicate becomes that predicate or its"
                + " not.pred."));
  }

  private static void backendKnobs(Map<String, Knob> m) {
    add(
        m,
        new Knob(
            "nvptx-enable-machine-sink",
            Knob.Type.BOOL,
            "false",
            "At -O1 and above, sink an instruction into the one successor that dominates all its"
                + " readers (machine-sink), so that paths that never read it neither compute it"
                + " nor hold its register. Off by default, as in NVIDIA's backend."));
    add(
        m,
        new Knob(
            "disable-machine-dce",
            Knob.Type.BOOL,
            "false",
            "Skip dead machine instruction elimination (dead-mi-elimination) after instruction"
                + " selection."));
    add(
        m,
        new Knob(
            "disable-param-sinking",
            Knob.Type.BOOL,
            "false",
            "Load every parameter in the entry block at -O1 and above, instead of in the block that"
                + " dominates its uses outside loops (after a bounds check, as nvcc places its"
                + " cvta)."));
    add(
        m,
        new Knob(
            "enable-legalize-types-checking",
            Knob.Type.BOOL,
            "false",
            "After type legalization, verify its bookkeeping (the seed's PerformExpensiveChecks):"
                + " every legalized value of an illegal type in exactly one map, no value of a legal"
                + " type transformed; a failure is an internal error naming the value."));
    add(
        m,
        new Knob(
            "soften-float",
            Knob.Type.BOOL,
            "false",
            "Carry the half types no register class holds (f16 below sm_53, bf16 below sm_80) as"
                + " their 16-bit patterns in %rs registers, widened around each operation"
                + " (SoftenFloat), instead of as exact f32 values (PromoteFloat). Results are"
                + " identical; softening saves conversions where halves are only moved, promotion"
                + " where they are computed on."));
    add(
        m,
        new Knob(
            "inline-threshold",
            Knob.Type.INT,
            "250",
            "At -O1 and above, inline a device function (not @NoInline, not recursive) into its"
                + " callers if it has at most this many IR instructions; 0 inlines nothing. A device"
                + " function that returns a local array of its own is inlined at every level,"
                + " whatever this says."));
    add(
        m,
        new Knob(
            "verify-machineinstrs",
            Knob.Type.BOOL,
            "false",
            "Run the machine IR verifier after every machine pass; a violation stops the build with"
                + " an internal error naming the pass."));
    add(
        m,
        new Knob(
            "disable-machine-cse",
            Knob.Type.BOOL,
            "false",
            "Skip machine CSE (machine-cse) on SSA machine IR at -O1 and above: an instruction"
                + " recomputing what a dominating one computed is deleted and its readers read the"
                + " first result."));
    add(
        m,
        new Knob(
            "disable-machine-licm",
            Knob.Type.BOOL,
            "false",
            "Skip early machine LICM (early-machinelicm) on SSA machine IR at -O1 and above:"
                + " instructions of a loop whose sources are defined outside it (constants"
                + " materialized by instruction selection, shift-count masks) move to its"
                + " preheader."));
    add(
        m,
        new Knob(
            "rp-aware-mcse",
            Knob.Type.BOOL,
            "true",
            "Machine CSE undoes an elimination that takes the function's data registers (32-bit"
                + " units at the most crowded point) above the kernel's maxRegisters, else 70, and"
                + " above what they were."));
    add(
        m,
        new Knob(
            "pred-aware-mcse",
            Knob.Type.BOOL,
            "true",
            "Machine CSE undoes an elimination that takes the predicates live at once above the"
                + " 7 predicate registers of the hardware and above what they were."));
    add(
        m,
        new Knob(
            "copy-prop-mcse",
            Knob.Type.BOOL,
            "true",
            "Machine CSE reads sources that are same-class register copies through to the copied"
                + " register, so a computation on a copy matches the same one on the original."));
    add(
        m,
        new Knob(
            "incremental-update-mcse",
            Knob.Type.BOOL,
            "true",
            "Machine CSE brings its register pressure up to date after each tentative elimination"
                + " incrementally (the touched registers' liveness only); false recomputes it"
                + " whole each time."));
    add(
        m,
        new Knob(
            "verify-update-mcse",
            Knob.Type.BOOL,
            "false",
            "Check every incremental pressure update of machine CSE against a full"
                + " recomputation; a difference stops the build with 'Incorrect RP info from"
                + " incremental MRPA update'."));
    add(
        m,
        new Knob(
            "extra-machineinstr-printer",
            Knob.Type.BOOL,
            "false",
            "Print each function's register pressure statistics to standard error after the SSA"
                + " machine passes: 'Max Live RRegs: n<TAB>PRegs: m' (data registers in 32-bit"
                + " units, predicates, at the most crowded point) and 'Function Size: s' (machine"
                + " instructions)."));
  }

  private static void add(Map<String, Knob> m, Knob k) {
    m.put(k.name(), k);
  }

  /** Every knob, in registration order. */
  public static List<Knob> all() {
    return List.copyOf(REGISTRY.values());
  }

  /** No knob set: every knob has its default. */
  public static Knobs defaults() {
    return new Knobs(Map.of());
  }

  /**
   * Parses {@code name=value} settings (a leading {@code -} is allowed, as in the plugin's {@code
   * compilerArgs}). Throws {@link IllegalArgumentException} for an unknown knob or a bad value.
   */
  public static Knobs parse(List<String> settings) {
    Map<String, String> v = new LinkedHashMap<>();
    for (String s : settings) {
      String t = s.startsWith("-") ? s.substring(1) : s;
      int eq = t.indexOf('=');
      String name = eq < 0 ? t : t.substring(0, eq);
      Knob k = REGISTRY.get(name);
      if (OutlinerKnobs.REFUSED.containsKey(name)) {
        throw new IllegalArgumentException(
            "knob '" + name + "' is not supported: " + OutlinerKnobs.REFUSED.get(name));
      }
      if (k == null) {
        throw new IllegalArgumentException(
            "unknown knob '" + name + "'; known knobs: " + String.join(", ", REGISTRY.keySet()));
      }
      String value = eq < 0 ? (k.type() == Knob.Type.BOOL ? "true" : null) : t.substring(eq + 1);
      if (value == null) {
        throw new IllegalArgumentException("knob '" + name + "' needs a value: " + name + "=...");
      }
      check(k, value);
      if (value.equals(k.defaultValue())) {
        v.remove(name);
      } else {
        v.put(name, value);
      }
    }
    return new Knobs(v);
  }

  private static void check(Knob k, String value) {
    switch (k.type()) {
      case BOOL -> {
        if (!value.equals("true") && !value.equals("false")) {
          throw new IllegalArgumentException(
              "knob '" + k.name() + "' takes true or false, not '" + value + "'");
        }
      }
      case INT -> {
        try {
          Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "knob '" + k.name() + "' takes an integer, not '" + value + "'");
        }
      }
      default -> {
        if (k.name().equals("enable-machine-outliner")) {
          OutlinerMode.parse(value);
        }
      }
    }
  }

  /** A boolean knob's value. */
  public boolean flag(String name) {
    return Boolean.parseBoolean(value(name));
  }

  /** A string knob's value. */
  public String string(String name) {
    return value(name);
  }

  /** An integer knob's value. */
  public int integer(String name) {
    return Integer.parseInt(value(name));
  }

  private String value(String name) {
    Knob k = REGISTRY.get(name);
    if (k == null) {
      throw new IllegalArgumentException("unknown knob " + name);
    }
    return values.getOrDefault(name, k.defaultValue());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Knobs k && values.equals(k.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return "Knobs" + settings();
  }

  /** The settings that differ from the defaults, {@code name=value}, sorted (for cache keys). */
  public List<String> settings() {
    return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
  }
}
