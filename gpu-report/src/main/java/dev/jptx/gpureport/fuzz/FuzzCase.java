package dev.jptx.gpureport.fuzz;

import dev.jptx.gpureport.JptxAbi;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One kernel of a {@link FuzzCorpus}: its PTX per target, how it is launched, and one or more sets
 * of arguments with the contents every array argument had after the kernel ran on the {@code jvm}
 * device. {@link #run} launches it on another device and lists what differs.
 *
 * <p>The kernel follows jptx's kernel ABI (API.md): each array argument is two PTX parameters, its
 * address and its {@code int} length; each primitive is one, by value. {@link #run} passes them so
 * through {@link Device#loadPtx}'s raw-module path, which is how a host without the kernel's Java
 * class launches it.
 *
 * @param name a short name, unique in its corpus ({@code k0042})
 * @param seed the seed the fuzzer generated the kernel from
 * @param reproduce the command that reproduces the kernel in a jptx checkout
 * @param entry the PTX {@code .entry} name
 * @param ptx PTX module text by target name ({@code sm_90}, {@code sm_75}), in a fixed order
 * @param launch grid, block and dynamic shared memory; never a stream
 * @param argumentSets the launches, each with its own arguments and expected results
 */
public record FuzzCase(
    String name,
    long seed,
    String reproduce,
    String entry,
    Map<String, String> ptx,
    Launch launch,
    List<ArgumentSet> argumentSets) {

  /** Mismatches listed per array and launch; {@link Result#differingElements} counts them all. */
  public static final int LISTED_PER_ARRAY = 8;

  /** Checks the parts and copies the collections. */
  public FuzzCase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(reproduce, "reproduce");
    Objects.requireNonNull(entry, "entry");
    Objects.requireNonNull(launch, "launch");
    if (launch.stream().isPresent()) {
      throw new IllegalArgumentException("a corpus launch has no stream");
    }
    ptx = Collections.unmodifiableMap(new LinkedHashMap<>(ptx));
    argumentSets = List.copyOf(argumentSets);
    if (argumentSets.isEmpty()) {
      throw new IllegalArgumentException(name + " has no argument set");
    }
  }

  /**
   * The arguments of one launch and, for each array argument, its contents after the launch on the
   * {@code jvm} device. Both are copied in and out: callers get arrays of their own.
   *
   * @param arguments boxed primitives and primitive arrays, in parameter order
   * @param expected one entry per argument: the array's expected contents, or null for a primitive
   */
  public record ArgumentSet(Object[] arguments, Object[] expected) {
    /** Checks that each argument is a boxed primitive or a primitive array, and copies them. */
    public ArgumentSet {
      if (arguments.length != expected.length) {
        throw new IllegalArgumentException(
            arguments.length + " arguments but " + expected.length + " expected entries");
      }
      arguments = arguments.clone();
      expected = expected.clone();
      for (int i = 0; i < arguments.length; i++) {
        ElementType t = arguments[i] == null ? null : ElementType.of(arguments[i]);
        if (t == null) {
          throw new IllegalArgumentException(
              "argument " + i + " is neither a boxed primitive nor a primitive array");
        }
        if (arguments[i].getClass().isArray()) {
          arguments[i] = t.copy(arguments[i]);
          if (expected[i] == null
              || expected[i].getClass() != arguments[i].getClass()
              || Array.getLength(expected[i]) != Array.getLength(arguments[i])) {
            throw new IllegalArgumentException(
                "argument " + i + "'s expected contents must be an array of its type and length");
          }
          expected[i] = t.copy(expected[i]);
        } else if (expected[i] != null) {
          throw new IllegalArgumentException("argument " + i + " is a primitive: nothing expected");
        }
      }
    }

    /**
     * The arguments, arrays freshly copied.
     *
     * @return a new array of new arrays and the boxed primitives
     */
    @Override
    public Object[] arguments() {
      return copy(arguments);
    }

    /**
     * The expected contents of each array argument, freshly copied; null for a primitive.
     *
     * @return one entry per argument
     */
    @Override
    public Object[] expected() {
      return copy(expected);
    }

    private static Object[] copy(Object[] values) {
      Object[] out = values.clone();
      for (int i = 0; i < out.length; i++) {
        if (out[i] != null && out[i].getClass().isArray()) {
          out[i] = ElementType.of(out[i]).copy(out[i]);
        }
      }
      return out;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ArgumentSet s
          && Arrays.deepEquals(arguments, s.arguments)
          && Arrays.deepEquals(expected, s.expected);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.deepHashCode(arguments) + Arrays.deepHashCode(expected);
    }

    @Override
    public String toString() {
      return "ArgumentSet" + Arrays.deepToString(arguments);
    }
  }

  /**
   * One element whose bits differ from the {@code jvm} device's.
   *
   * @param argumentSet the launch, an index into {@link #argumentSets}
   * @param argument the argument's index in the kernel's parameter list
   * @param type the argument's Java type, {@code float[]}
   * @param element the element's index
   * @param expectedBits the JVM's element, its raw bits zero-extended
   * @param actualBits the device's element, the same way
   * @param reproduce the command that reproduces the kernel
   */
  public record Mismatch(
      int argumentSet,
      int argument,
      String type,
      int element,
      long expectedBits,
      long actualBits,
      String reproduce) {
    @Override
    public String toString() {
      ElementType t =
          ElementType.valueOf(type.substring(0, type.length() - 2).toUpperCase(Locale.ROOT));
      return String.format(
          "argument %d (%s) element %d, launch %d: expected %s, got %s; reproduce: %s",
          argument,
          type,
          element,
          argumentSet,
          t.show(expectedBits),
          t.show(actualBits),
          reproduce);
    }
  }

  /**
   * What {@link #run} found.
   *
   * @param name the case's name
   * @param target the target whose PTX ran
   * @param failures what threw instead of running (loading, a launch), each with the reproduce
   *     command; a launch that failed is not compared
   * @param mismatches differing elements, at most {@link #LISTED_PER_ARRAY} per array and launch
   * @param differingElements all differing elements, listed or not
   */
  public record Result(
      String name,
      String target,
      List<String> failures,
      List<Mismatch> mismatches,
      int differingElements) {
    /** Copies the lists. */
    public Result {
      failures = List.copyOf(failures);
      mismatches = List.copyOf(mismatches);
    }

    /**
     * Whether every launch ran and gave the JVM's results.
     *
     * @return true when nothing failed and nothing differs
     */
    public boolean passed() {
      return failures.isEmpty() && differingElements == 0;
    }
  }

  /**
   * Loads this kernel's PTX for {@code target} on {@code device}, launches it once per argument set
   * with fresh copies of the arguments, and compares every array with the {@code jvm} device's
   * results. Never throws for the kernel's sake: a module that does not load or a launch that fails
   * is a {@link Result#failures() failure}, so that one bad case does not stop a run of many.
   *
   * @param device a {@code cuda} or {@code sim} device (the {@code jvm} device loads no PTX)
   * @param target a key of {@link #ptx}, such as {@code sm_90}
   * @return the failures and mismatches, both empty when every bit agrees
   */
  public Result run(Device device, String target) {
    List<String> failures = new ArrayList<>();
    List<Mismatch> mismatches = new ArrayList<>();
    int differing = 0;
    String text = ptx.get(target);
    if (text == null) {
      failures.add("no PTX for " + target + ", only for " + ptx.keySet() + "; " + reproduceNote());
      return new Result(name, target, failures, mismatches, 0);
    }
    try (PtxModule module = device.loadPtx(text)) {
      for (int s = 0; s < argumentSets.size(); s++) {
        ArgumentSet set = argumentSets.get(s);
        Object[] args = set.arguments();
        try {
          module.launch(entry, launch, JptxAbi.arguments(args));
        } catch (RuntimeException | Error e) {
          rethrowFatal(e);
          failures.add("launch " + s + " of " + entry + " failed: " + e + "; " + reproduceNote());
          continue;
        }
        differing += compare(s, args, set.expected, mismatches);
      }
    } catch (RuntimeException | Error e) {
      rethrowFatal(e);
      failures.add("the " + target + " module failed: " + e + "; " + reproduceNote());
    }
    return new Result(name, target, failures, mismatches, differing);
  }

  private String reproduceNote() {
    return "reproduce: " + reproduce;
  }

  private int compare(int set, Object[] actual, Object[] expected, List<Mismatch> out) {
    int differing = 0;
    for (int i = 0; i < actual.length; i++) {
      if (expected[i] == null) {
        continue;
      }
      ElementType t = ElementType.of(actual[i]);
      int listed = 0;
      for (int j = 0; j < Array.getLength(actual[i]); j++) {
        if (!t.same(expected[i], actual[i], j)) {
          differing++;
          if (listed++ < LISTED_PER_ARRAY) {
            out.add(
                new Mismatch(
                    set,
                    i,
                    t.primitive.getName() + "[]",
                    j,
                    t.bits(expected[i], j),
                    t.bits(actual[i], j),
                    reproduce));
          }
        }
      }
    }
    return differing;
  }

  /** The JVM's own distress (out of memory, a stack overflow) is no verdict on the kernel. */
  private static void rethrowFatal(Throwable e) {
    if (e instanceof VirtualMachineError v) {
      throw v;
    }
  }
}
