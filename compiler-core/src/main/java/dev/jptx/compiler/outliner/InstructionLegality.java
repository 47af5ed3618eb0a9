package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.PtxParam;
import dev.jptx.compiler.target.AtomicOpcodes;
import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;

/**
 * Which instructions a sequence the outliner moves into a {@code .func} may hold (seed: the
 * instruction mapping's legal and illegal instructions; allocated machine IR has no invisible ones,
 * debug lines ride on the instructions). Illegal:
 *
 * <ul>
 *   <li>control flow and calls: a branch or {@code ret} ends a block anyway, and a call inside a
 *       call would need its own frame;
 *   <li>anything that synchronises or reads the warp: barriers, fences, {@code trap}, shuffles,
 *       votes, {@code activemask}, and atomics on shared or generic memory: a call changes which
 *       threads of a warp run together around them, so they stay in the kernel where the compiler
 *       placed them;
 *   <li>what belongs to one function's activation: its parameters (a {@code .func} cannot read its
 *       caller's {@code .param}s), its {@code .local} frame (spill slots and local arrays, named by
 *       the caller's depot) and stores to the return parameter;
 *   <li>{@code IMPLICIT_DEF}, which prints nothing but says a register holds a value.
 * </ul>
 */
final class InstructionLegality {
  private InstructionLegality() {}

  /** True if {@code i} of {@code f} may be outlined. */
  static boolean isLegal(MachineInstr i, MachineFunction f) {
    ConstraintFamily family = i.opcode().family();
    switch (family) {
      case PREDICATED, CALL, BARRIER, WARP -> {
        return false;
      }
      case ATOMIC, CAS -> {
        if (!AtomicOpcodes.onGlobalMemory(i.opcode())) {
          return false;
        }
      }
      default -> {}
    }
    if (i.opcode() == MoveOpcodes.IMPLICIT_DEF
        || MemoryOpcodes.isParamLoad(i.opcode())
        || MemoryOpcodes.localAccess(i.opcode()) != null
        || i.opcode() == MemoryOpcodes.CVTA_LOCAL_U64
        || MemoryOpcodes.isParamStore(i.opcode())) {
      return false;
    }
    for (MOperand o : i.uses()) {
      if (o instanceof MOperand.Sym s && ownedBy(s.name(), f)) {
        return false;
      }
    }
    return true;
  }

  /** A symbol of {@code f}'s own: a parameter, a frame object or its depot. */
  private static boolean ownedBy(String symbol, MachineFunction f) {
    if (symbol.startsWith("__local_depot")) {
      return true;
    }
    for (PtxParam p : f.info().params()) {
      if (p.name().equals(symbol)) {
        return true;
      }
    }
    for (FrameObject o : f.info().frame()) {
      if (o.name().equals(symbol)) {
        return true;
      }
    }
    return false;
  }
}
