package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.VReg;
import java.util.HashMap;
import java.util.Map;

/** The epilog after a kernel: the stages its last trips left to do. */
final class EpilogWriter {
  private EpilogWriter() {}

  /**
   * Step {@code e} (from 1) issues stages {@code e..K} of the iterations in flight, numbered from
   * the last ({@code 0}) down, reading older values from the kernel; returns the last iteration's
   * values of the live-outs.
   */
  static Map<VReg, VReg> write(LoopShape l, MachineBlock epilog, KernelBuilder kb) {
    IterationValues values = new IterationValues(l, Integer.MIN_VALUE);
    IterationValues.Before fromKernel = (r, y) -> y + l.defStage(r) <= 0 ? kb.value(r, -y) : null;
    for (int e = 1; e <= l.lastStage; e++) {
      for (int index : l.issueOrder) {
        int stage = l.schedule.stage(index);
        if (stage >= e) {
          values.emit(epilog, l.instr(index), e - stage, fromKernel);
        }
      }
    }
    Map<VReg, VReg> out = new HashMap<>();
    l.liveOuts().forEach(r -> out.put(r, values.get(r, 0, fromKernel)));
    return out;
  }
}
