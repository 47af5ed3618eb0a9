package dev.jptx.compiler.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** The variables and arrays a generated statement may use, by nesting level. */
final class Scope {
  /** What a name is and how the generator may use it. */
  enum Kind {
    /** A local variable: read and assigned. */
    LOCAL,
    /** A scalar parameter: read and assigned, like a local. */
    PARAM,
    /** A loop counter or {@code gid}: read only, so that loops end and slots stay per thread. */
    FIXED,
    /** An array every thread reads and none writes. */
    INPUT,
    /** An array each thread reads and writes at its own slots only. */
    OUTPUT,
    /** An array all threads update atomically and none reads. */
    ATOMIC,
    /** A per-thread {@code new T[n]}. */
    LOCAL_ARRAY,
    /** A {@code static final} constant array. */
    TABLE,
    /**
     * An array of arrays every thread reads: ragged rows, each non-empty, of power-of-two length.
     */
    INPUT_ROWS,
    /**
     * An array of arrays of per-thread slots: thread {@code gid} owns row {@code gid % rows},
     * columns {@code gid / rows * length} on for {@code length} slots.
     */
    OUTPUT_ROWS,
    /** A per-thread {@code new T[R][C]}, both sizes powers of two. */
    LOCAL_ROWS
  }

  /**
   * A name in scope. For arrays, {@code type} is the element type and {@code length} the length
   * (for outputs: the slots per thread; for atomics, the one operation applied to them is {@code
   * op}). For arrays of arrays, {@code type} is the element type of the rows.
   */
  record Var(String name, JType type, Kind kind, int length, String op) {
    boolean assignable() {
      return kind == Kind.LOCAL || kind == Kind.PARAM;
    }

    boolean scalar() {
      return kind == Kind.LOCAL || kind == Kind.PARAM || kind == Kind.FIXED;
    }

    /** An array of arrays: its elements are read and written as {@code a[r][c]}. */
    boolean rows() {
      return kind == Kind.INPUT_ROWS || kind == Kind.OUTPUT_ROWS || kind == Kind.LOCAL_ROWS;
    }

    /** An array (or array of arrays) whose elements expressions may read. */
    boolean readable() {
      return !scalar() && kind != Kind.ATOMIC;
    }

    /** An array (or array of arrays) the thread may store into, at the indices it owns. */
    boolean writable() {
      return kind == Kind.OUTPUT
          || kind == Kind.LOCAL_ARRAY
          || kind == Kind.OUTPUT_ROWS
          || kind == Kind.LOCAL_ROWS;
    }
  }

  private final List<Var> vars = new ArrayList<>();

  void add(Var v) {
    vars.add(v);
  }

  /** A mark to {@link #reset} to when a block ends. */
  int mark() {
    return vars.size();
  }

  void reset(int mark) {
    vars.subList(mark, vars.size()).clear();
  }

  List<Var> find(Predicate<Var> p) {
    List<Var> out = new ArrayList<>();
    for (Var v : vars) {
      if (p.test(v)) {
        out.add(v);
      }
    }
    return out;
  }

  /** The variables of the outermost level that are locals (for the final sink writes). */
  List<Var> all() {
    return List.copyOf(vars);
  }
}
