package dev.jptx.runtime.sim.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An instruction, {@code @%p1 ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];}.
 *
 * @param guard the guard, null if none
 * @param opcode the opcode without modifiers: {@code "ld"}, {@code "setp"}, {@code "call"}
 * @param modifiers the modifiers in order, without dots: {@code [global, nc, v4, f32]}
 * @param operands the operands in order; names resolved to their unique names
 * @param pos where the instruction (its guard, if any) starts
 * @param loc the source location of the last {@code .loc} before it in the function, null if none
 */
public record Instruction(
    Guard guard,
    String opcode,
    List<String> modifiers,
    List<Operand> operands,
    SourcePos pos,
    DebugLoc loc)
    implements Statement {
  /** Copies the lists. */
  public Instruction {
    modifiers = List.copyOf(modifiers);
    operands = List.copyOf(operands);
  }

  /**
   * Creates an instruction without a source location.
   *
   * @param guard the guard, null if none
   * @param opcode the opcode
   * @param modifiers the modifiers without dots
   * @param operands the operands
   * @param pos where it starts
   */
  public Instruction(
      Guard guard, String opcode, List<String> modifiers, List<Operand> operands, SourcePos pos) {
    this(guard, opcode, modifiers, operands, pos, null);
  }

  /**
   * Tells whether a modifier is present.
   *
   * @param modifier the modifier without its dot, such as {@code "nc"}
   * @return true if written
   */
  public boolean hasModifier(String modifier) {
    return modifiers.contains(modifier);
  }

  /**
   * Returns the opcode with its modifiers, as used for statistics and messages.
   *
   * @return for example {@code ld.global.nc.f32}
   */
  public String text() {
    if (modifiers.isEmpty()) {
      return opcode;
    }
    return opcode + "." + String.join(".", modifiers);
  }

  /**
   * Returns the state space the modifiers name.
   *
   * @return the first modifier that is a state space, {@link StateSpace#GENERIC} if none
   */
  public StateSpace stateSpace() {
    for (String modifier : modifiers) {
      StateSpace space = StateSpace.fromModifier(modifier);
      if (space != null) {
        return space;
      }
    }
    return StateSpace.GENERIC;
  }

  /**
   * Returns the type modifiers in order: one for most instructions, two for {@code cvt}.
   *
   * @return the types, possibly none
   */
  public List<PtxType> types() {
    List<PtxType> types = new ArrayList<>();
    for (String modifier : modifiers) {
      PtxType type = PtxType.fromModifier(modifier);
      if (type != null) {
        types.add(type);
      }
    }
    return types;
  }

  /**
   * Returns the last type modifier, the operand type of most instructions.
   *
   * @return the type, null if the instruction has none
   */
  public PtxType type() {
    List<PtxType> types = types();
    return types.isEmpty() ? null : types.get(types.size() - 1);
  }

  /**
   * Returns the vector width a {@code .v2}/{@code .v4}/{@code .v8} modifier gives.
   *
   * @return the width, 1 if the instruction is scalar
   */
  public int vectorWidth() {
    for (String modifier : modifiers) {
      if (modifier.matches("v[0-9]+")) {
        return Integer.parseInt(modifier.substring(1));
      }
    }
    return 1;
  }

  /**
   * Returns one operand.
   *
   * @param index the position, from 0
   * @return the operand
   */
  public Operand operand(int index) {
    return operands.get(index);
  }

  /** Prints the whole instruction as PTX, without the trailing semicolon. */
  @Override
  public String toString() {
    String head = guard == null ? text() : guard.text() + " " + text();
    if (operands.isEmpty()) {
      return head;
    }
    return head + " " + operands.stream().map(Operand::text).collect(Collectors.joining(", "));
  }
}
