package dev.jptx.compiler.fuzz;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The language constructs the kernel generator may use, each behind a switch, so that a run can
 * leave out a construct to see whether a failure needs it. {@link #DEFAULTS} is all of them. Turn
 * features off for one run with {@code -Djptx.fuzz.features=-SWITCH,-LOOPS}, or name the only ones
 * to use: {@code -Djptx.fuzz.features=LOOPS,FLOATS}.
 */
enum Feature {
  /** {@code long} locals, parameters, arrays and arithmetic. */
  LONGS,
  /** {@code float}. */
  FLOATS,
  /** {@code double}. */
  DOUBLES,
  /** {@code boolean byte short char} locals, parameters and arrays. */
  NARROW_TYPES,
  /** Integer {@code / %} (divisors kept non-zero), float {@code /}. */
  DIVISION,
  /** {@code << >> >>>} by any count. */
  SHIFTS,
  /** Casts between the numeric types, narrowing ones included. */
  CONVERSIONS,
  /** {@code ++ --}, compound assignments, assignments used as expressions. */
  SIDE_EFFECTS,
  /** {@code c ? a : b}. */
  TERNARIES,
  /** {@code && ||} (the non-short-circuit {@code & | ^} on booleans are always on). */
  SHORT_CIRCUIT,
  /** {@code if}/{@code else}. */
  BRANCHES,
  /** {@code for while do}, trip counts bounded by construction. */
  LOOPS,
  /**
   * With {@link #LOOPS}: innermost counted {@code for} loops over arrays whose body is one block,
   * the software pipeliner's candidates ({@link CountedLoops}), after the kernel's other
   * statements.
   */
  COUNTED_LOOPS,
  /** {@code break} and {@code continue}, labeled ones included. */
  BREAK_CONTINUE,
  /** {@code return} before the end of the kernel. */
  EARLY_RETURN,
  /** Array parameters read by every thread (outputs are always there). */
  INPUT_ARRAYS,
  /** {@code @ReadOnly} on input arrays. */
  READ_ONLY,
  /** {@code Gpu} index methods besides {@code globalIdX()}. */
  GPU_INDICES,
  /** {@code @Kernel(maxThreadsPerBlock, minBlocksPerMultiprocessor, maxRegisters)}. */
  LAUNCH_BOUNDS,

  /** {@code switch} statements (dense, sparse, fall-through) and switch expressions. */
  SWITCH,
  /** Calls to generated static methods of the class (device functions), some {@code @NoInline}. */
  DEVICE_CALLS,
  /**
   * Records of primitives as values: made, merged across branches and loops, passed to and returned
   * from device functions, their instance methods called ({@link RecordMembers}).
   */
  RECORDS,
  /** Per-thread arrays: {@code new int[8]}. */
  LOCAL_ARRAYS,
  /** {@code static final} primitive arrays initialised with constants. */
  STATIC_FINAL_ARRAYS,
  /** {@code Math.abs min max sqrt fma floor ceil rint} (exact in Java, so compared bit for bit). */
  MATH,
  /** {@code Integer}/{@code Long} bit methods, {@code Float}/{@code Double} bit conversions. */
  BIT_INTRINSICS,
  /**
   * The small helpers of {@code Math}/{@code StrictMath} ({@code round signum copySign ulp nextUp
   * nextDown nextAfter scalb getExponent IEEEremainder toRadians toDegrees floorDiv floorMod}) and
   * of {@code Integer Long Float Double Byte Short Boolean}.
   */
  JDK_HELPERS,
  /** {@code StrictMath}'s transcendental functions, which are FDLIBM's bit for bit. */
  STRICT_MATH,
  /** Shared arrays exchanged between the threads of a block around {@code syncThreads()}. */
  SHARED_MEMORY,
  /** Integer atomics on cells all threads update (results independent of the order). */
  ATOMICS,
  /** Shuffles and votes over full warps. */
  WARP_OPS,
  /** The half and bfloat16 methods of {@code Gpu}. */
  HALF_PRECISION,
  /** {@code %} on {@code float} and {@code double}. */
  FLOAT_REMAINDER,
  /**
   * One Java array passed as two parameters: two inputs, or two outputs whose slots then coincide
   * (each thread still touches its own slots only, so the result does not depend on thread order;
   * it does depend on the compiler never assuming that two parameters are distinct arrays).
   */
  ALIASING,
  /**
   * A recursive device function, mostly a few calls deep and sometimes up to 1023 (its depth is its
   * first argument masked, so it always ends), called from the kernel body.
   */
  RECURSION,
  /**
   * Arrays of arrays: {@code T[][]} inputs with ragged rows (some shared with each other or with a
   * one-dimensional input, with {@link #ALIASING}), {@code T[][]} outputs whose slots are per
   * thread, local {@code new T[R][C]}, {@code a.length}, {@code a[r].length} and {@code T[] row =
   * a[r]}.
   */
  ARRAYS_OF_ARRAYS,
  /**
   * Device functions that return an array: one of two array arguments, a row of an array of arrays,
   * a {@code static final} table or a local array of their own (or of another such function),
   * chosen at run time; the caller reads it (and writes its own slots where the arguments were
   * outputs or local arrays).
   */
  ARRAY_RETURNS,
  /**
   * Code that repeats: one straight-line expression instantiated six to nine times on other values,
   * as inlined helpers and unrolled loops repeat code (the machine outliner's candidates, issue
   * #23; {@link Repeats}).
   */
  REPEATS;

  /** Everything: the compiler translates every construct the generator knows. */
  static final Set<Feature> DEFAULTS = Set.copyOf(EnumSet.allOf(Feature.class));

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
