package dev.jptx.compiler.isel;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.MachineOpcode;

/**
 * How an intrinsic call is selected: where {@code intrinsic} is called with result type {@code
 * type} (for a {@code void} intrinsic, the type of its first argument, or null) on a target where
 * {@code when} applies, in a function whose fast-math flag {@code mode} accepts, emit {@code out}
 * with the arguments as its sources in order (constants as immediates where the opcode accepts
 * them).
 */
public record IntrinsicRow(
    Intrinsic intrinsic, Type type, MachineOpcode out, Availability when, Mode mode) {

  /** Which functions a row serves, by their fast-math flag. */
  public enum Mode {
    /** Every function. */
    ANY,
    /** Functions without fast math: the exactly rounded form. */
    STRICT,
    /** Fast-math functions: the form {@code ptxas} may contract, flushing subnormals. */
    FAST;

    /** True if a function with fast math {@code fastMath} uses a row of this mode. */
    public boolean accepts(boolean fastMath) {
      return this == ANY || (this == FAST) == fastMath;
    }
  }

  /** A row for every function. */
  public IntrinsicRow(Intrinsic intrinsic, Type type, MachineOpcode out, Availability when) {
    this(intrinsic, type, out, when, Mode.ANY);
  }

  /** A row for every target and function. */
  public static IntrinsicRow of(Intrinsic in, Type type, MachineOpcode out) {
    return new IntrinsicRow(in, type, out, Availability.ALWAYS);
  }
}
