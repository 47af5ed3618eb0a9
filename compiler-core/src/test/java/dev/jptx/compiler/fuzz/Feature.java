package dev.jptx.compiler.fuzz;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The language constructs the kernel generator may use, each behind a switch. {@link #DEFAULTS} is
 * what the compiler translates today; a feature joins it when the compiler learns it. Turn features
 * on or off for one run with {@code -Djptx.fuzz.features=+SWITCH,-LOOPS} (or {@code all}).
 */
enum Feature {
  /** {@code long} locals, parameters, arrays and arithmetic. */
  LONGS(true),
  /** {@code float}. */
  FLOATS(true),
  /** {@code double}. */
  DOUBLES(true),
  /** {@code boolean byte short char} locals, parameters and arrays. */
  NARROW_TYPES(true),
  /** Integer {@code / %} (divisors kept non-zero), float {@code /}. */
  DIVISION(true),
  /** {@code << >> >>>} by any count. */
  SHIFTS(true),
  /** Casts between the numeric types, narrowing ones included. */
  CONVERSIONS(true),
  /** {@code ++ --}, compound assignments, assignments used as expressions. */
  SIDE_EFFECTS(true),
  /** {@code c ? a : b}. */
  TERNARIES(true),
  /** {@code && ||} (the non-short-circuit {@code & | ^} on booleans are always on). */
  SHORT_CIRCUIT(true),
  /** {@code if}/{@code else}. */
  BRANCHES(true),
  /** {@code for while do}, trip counts bounded by construction. */
  LOOPS(true),
  /** {@code break} and {@code continue}, labeled ones included. */
  BREAK_CONTINUE(true),
  /** {@code return} before the end of the kernel. */
  EARLY_RETURN(true),
  /** Array parameters read by every thread (outputs are always there). */
  INPUT_ARRAYS(true),
  /** {@code @ReadOnly} on input arrays. */
  READ_ONLY(true),
  /** {@code Gpu} index methods besides {@code globalIdX()}. */
  GPU_INDICES(true),
  /** {@code @Kernel(maxThreadsPerBlock, minBlocksPerMultiprocessor, maxRegisters)}. */
  LAUNCH_BOUNDS(true),

  /** {@code switch} statements (dense, sparse, fall-through) and switch expressions. */
  SWITCH(false),
  /** Calls to generated static methods of the class (device functions), some {@code @NoInline}. */
  DEVICE_CALLS(false),
  /** Per-thread arrays: {@code new int[8]}. */
  LOCAL_ARRAYS(false),
  /** {@code static final} primitive arrays initialised with constants. */
  STATIC_FINAL_ARRAYS(false),
  /** {@code Math.abs min max sqrt fma floor ceil rint} (exact in Java, so compared bit for bit). */
  MATH(false),
  /** {@code Integer}/{@code Long} bit methods, {@code Float}/{@code Double} bit conversions. */
  BIT_INTRINSICS(false),
  /** Shared arrays exchanged between the threads of a block around {@code syncThreads()}. */
  SHARED_MEMORY(false),
  /** Integer atomics on cells all threads update (results independent of the order). */
  ATOMICS(false),
  /** Shuffles and votes over full warps. */
  WARP_OPS(false),
  /** The half and bfloat16 methods of {@code Gpu}. */
  HALF_PRECISION(false),
  /** {@code %} on {@code float} and {@code double}. */
  FLOAT_REMAINDER(false);

  private final boolean today;

  Feature(boolean today) {
    this.today = today;
  }

  /** What the compiler supports today. */
  static final Set<Feature> DEFAULTS = defaults();

  private static Set<Feature> defaults() {
    EnumSet<Feature> s = EnumSet.noneOf(Feature.class);
    for (Feature f : values()) {
      if (f.today) {
        s.add(f);
      }
    }
    return s;
  }

  /**
   * A feature set from a spec: empty for the defaults, {@code all}, or a comma-separated list of
   * {@code +NAME} (add to the defaults), {@code -NAME} (remove) or {@code NAME} (only the named).
   */
  static Set<Feature> parse(String spec) {
    if (spec == null || spec.isBlank()) {
      return EnumSet.copyOf(DEFAULTS);
    }
    if (spec.strip().equalsIgnoreCase("all")) {
      return EnumSet.allOf(Feature.class);
    }
    String[] items = spec.split(",");
    boolean relative = false;
    for (String item : items) {
      relative |= item.strip().startsWith("+") || item.strip().startsWith("-");
    }
    EnumSet<Feature> s = relative ? EnumSet.copyOf(DEFAULTS) : EnumSet.noneOf(Feature.class);
    for (String item : items) {
      String x = item.strip();
      if (x.isEmpty()) {
        continue;
      }
      boolean remove = x.startsWith("-");
      String name = x.startsWith("+") || remove ? x.substring(1) : x;
      Feature f = Feature.valueOf(name.toUpperCase(Locale.ROOT));
      if (remove) {
        s.remove(f);
      } else {
        s.add(f);
      }
    }
    return s;
  }
}
