package dev.jptx.compiler.isel;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.MachineOpcode;

/**
 * How an intrinsic call is selected: where {@code intrinsic} is called with result type {@code
 * type} (for a {@code void} intrinsic, the type of its first argument, or null) on a target where
 * {@code when} applies, emit {@code out} with the arguments as its sources in order (constants as
 * immediates where the opcode accepts them).
 */
public record IntrinsicRow(Intrinsic intrinsic, Type type, MachineOpcode out, Availability when) {
  /** A row for every target. */
  public static IntrinsicRow of(Intrinsic in, Type type, MachineOpcode out) {
    return new IntrinsicRow(in, type, out, Availability.ALWAYS);
  }
}
