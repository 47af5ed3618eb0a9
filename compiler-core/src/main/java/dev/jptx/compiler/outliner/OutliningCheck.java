package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.FunctionInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks each call the outliner writes against the instructions it replaces, independently of how
 * the outliner matched them (translation validation; the allocation checker's replay, across a
 * call): both are replayed symbolically over the caller's registers, each value a number standing
 * for the instruction that made it and the values it read. The call is right if the function runs
 * the same instructions in the same order on the same values (so every store writes what it wrote
 * and where), and every register live after the site holds the same value after the call as after
 * the original instructions: a result left out, passed back into the wrong register, or an input
 * read from the wrong one fails here, at compile time, with the function and line.
 */
final class OutliningCheck {
  private final Map<List<Object>, Integer> values = new HashMap<>();

  private OutliningCheck() {}

  /**
   * Checks that {@code call} and {@code callee} stand for {@code original} in {@code caller}.
   *
   * @param liveAfter the caller's registers live right after the original instructions
   * @throws IllegalStateException naming the caller, the callee and the line if not
   */
  static void check(
      MachineFunction caller,
      List<MachineInstr> original,
      MachineInstr call,
      MachineFunction callee,
      BitSet liveAfter) {
    OutliningCheck c = new OutliningCheck();
    Map<Integer, Integer> before = new HashMap<>();
    List<Integer> originalEvents = new ArrayList<>();
    for (int k = 0; k < original.size(); k++) {
      originalEvents.add(c.step(original.get(k), k, before));
    }
    Map<Integer, Integer> after = new HashMap<>();
    List<MOperand> args = call.uses().subList(1, call.uses().size());
    List<Integer> argValues = new ArrayList<>();
    for (MOperand a : args) {
      argValues.add(c.read(((MOperand.Reg) a).reg(), after));
    }
    Map<Integer, Integer> inCallee = new HashMap<>();
    List<Integer> calleeEvents = new ArrayList<>();
    Map<Integer, Integer> results = new HashMap<>();
    List<String> params = callee.info().params().stream().map(p -> p.name()).toList();
    int k = 0;
    for (MachineInstr i : callee.blocks().get(0).instrs()) {
      if (MemoryOpcodes.isParamLoad(i.opcode())
          && i.uses().get(0) instanceof MOperand.Sym s
          && params.contains(s.name())) {
        inCallee.put(i.defs().get(0).id(), argValues.get(params.indexOf(s.name())));
      } else if (MemoryOpcodes.isParamStore(i.opcode())
          && i.uses().get(0) instanceof MOperand.Sym s
          && s.name().equals(FunctionInfo.RETURN_PARAM)) {
        long offset = ((MOperand.Imm) i.uses().get(1)).bits();
        results.put((int) (offset / 8), c.read(((MOperand.Reg) i.uses().get(2)).reg(), inCallee));
      } else if (i.opcode() != MoveOpcodes.RET) {
        calleeEvents.add(c.step(i, k++, inCallee));
      }
    }
    String where =
        caller.info().name() + ", call of " + callee.info().name() + " at line " + call.line();
    if (!originalEvents.equals(calleeEvents)) {
      throw new IllegalStateException(where + ": the function does not run what the call replaced");
    }
    for (int j = 0; j < call.defs().size(); j++) {
      Integer r = results.get(j);
      if (r == null) {
        throw new IllegalStateException(where + ": result " + j + " is never stored");
      }
      after.put(call.defs().get(j).id(), r);
    }
    for (int r = liveAfter.nextSetBit(0); r >= 0; r = liveAfter.nextSetBit(r + 1)) {
      VReg v = new VReg(r);
      if (c.read(v, before) != c.read(v, after)) {
        throw new IllegalStateException(
            where + ": " + v + ", live after it, holds another value than before outlining");
      }
    }
  }

  /** Replays {@code i}, the {@code k}-th instruction, over {@code state}; returns its number. */
  private int step(MachineInstr i, int k, Map<Integer, Integer> state) {
    List<Object> key = new ArrayList<>(List.of(k, i.opcode().name()));
    for (MOperand o : i.uses()) {
      key.add(o instanceof MOperand.Reg r ? (Object) ("v" + read(r.reg(), state)) : o);
    }
    if (i.guard() != null) {
      key.add("guard" + read(i.guard().predicate(), state) + i.guard().negated());
    }
    int instr = number(key);
    for (int j = 0; j < i.defs().size(); j++) {
      VReg d = i.defs().get(j);
      int value = number(List.of("def", instr, j));
      if (i.guard() != null) {
        // where the predicate fails the register keeps what it held
        value = number(List.of("keep", value, read(d, state)));
      }
      state.put(d.id(), value);
    }
    return instr;
  }

  /** The value {@code r} holds in {@code state}: its number, or its value on entry. */
  private int read(VReg r, Map<Integer, Integer> state) {
    return state.computeIfAbsent(r.id(), id -> number(List.of("entry", id)));
  }

  private int number(List<Object> key) {
    return values.computeIfAbsent(key, x -> values.size());
  }
}
