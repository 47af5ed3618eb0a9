package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.MemoryFault;

/**
 * The execution loop: runs one thread until it exits or waits at a collective operation. Each
 * instruction costs a counter increment, a guard test and one call; everything else was decided
 * when the program was decoded.
 */
final class Interpreter {
  private Interpreter() {}

  /** Runs {@code t} from its {@code pc} until it exits or blocks. */
  static void run(ThreadState t) {
    Insn[] code = t.frame.code.insns;
    LaunchContext launch = t.block.launch;
    long[] counts = launch.counts;
    int pc = t.pc;
    Insn in = null;
    try {
      while (true) {
        in = code[pc];
        counts[in.opcode()]++;
        if (--launch.countdown == 0) {
          t.pc = pc;
          launch.poll();
        }
        int g = in.guard();
        if (g >= 0 && (t.r[g] != 0) == in.guardNegated()) {
          pc++;
          continue;
        }
        t.pc = pc;
        int next = in.exec().run(t);
        if (next >= 0) {
          pc = next;
        } else if (next == Status.SWITCH) {
          code = t.frame.code.insns;
          pc = t.pc;
        } else if (next == Status.BLOCK) {
          return;
        } else {
          t.exited = true;
          return;
        }
      }
    } catch (MemoryFault | SimulationError | ArithmeticException | IndexOutOfBoundsException e) {
      throw located(t, in, e);
    } catch (LaunchStopped e) {
      throw new LaunchStopped(
          where(t, in) + "thread " + t.coordinates() + " of block " + t.block.coordinates(), e);
    }
  }

  private static String where(ThreadState t, Insn in) {
    return in == null
        ? ""
        : "PTX line " + in.line() + " (" + in.text() + ") in " + t.frame.code.name + ": ";
  }

  /** The error with the PTX line, the instruction, the thread and the block. */
  static SimulationError located(ThreadState t, Insn in, RuntimeException e) {
    return new SimulationError(
        where(t, in)
            + e.getMessage()
            + ", thread "
            + t.coordinates()
            + " of block "
            + t.block.coordinates(),
        e);
  }
}
