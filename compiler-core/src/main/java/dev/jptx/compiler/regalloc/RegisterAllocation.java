package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.CopyInstrs;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.codegen.RegisterRenaming;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.stats.PassCounters;
import dev.jptx.spi.RegisterBudget;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Register allocation as a machine pass: asks the allocator for its decisions, makes the spill
 * code, has the result checked ({@link AllocationChecker}, when checking is on), and renames each
 * register to the one representative of its class and assigned register (the lowest id given it),
 * deleting the copies that became {@code %a = mov %a}. The budget is the function's {@code
 * maxRegisters} ({@code .maxnreg}); without one nothing is spilled: ptxas allocates the hardware
 * registers again and would only see {@code .local} traffic nvcc does not make.
 */
public final class RegisterAllocation implements MachinePass {
  private final RegisterAllocator allocator;
  private final boolean check;

  /** Allocates with {@code allocator}, checking each allocation if {@code check}. */
  public RegisterAllocation(RegisterAllocator allocator, boolean check) {
    this.allocator = allocator;
    this.check = check;
  }

  @Override
  public String name() {
    return "regalloc";
  }

  @Override
  public boolean run(MachineFunction f) {
    Allocation a = allocator.allocate(f, RegisterBudget.spillLimit(f.info().maxRegisters()));
    PassCounters.add("registers spilled or rematerialized", a.spills().size());
    for (Allocation.Spill s : a.spills()) {
      if (s.slot() == null) {
        SpillCode.rematerialize(f, s.reg());
      } else {
        f.addFrameObject(s.slot());
        SpillCode.insert(f, s.reg(), s.slot().name());
      }
    }
    if (check) {
      AllocationChecker.check(f, a.registerOf());
    }
    int[] rep = representatives(f, a.registerOf());
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        is.set(k, RegisterRenaming.rename(is.get(k), r -> rep[r]));
      }
      is.removeIf(
          i -> CopyInstrs.source(f, i) != null && CopyInstrs.source(f, i).equals(i.defs().get(0)));
    }
    f.markAllocated();
    return true;
  }

  /** Per register id, the lowest id of its class that was given the same register. */
  private static int[] representatives(MachineFunction f, int[] registerOf) {
    Map<String, Integer> first = new HashMap<>();
    int[] rep = new int[f.vregCount()];
    for (int r = 0; r < rep.length; r++) {
      rep[r] = r;
      if (r < registerOf.length && registerOf[r] >= 0) {
        String key = f.regClass(new VReg(r)).mirName() + ":" + registerOf[r];
        Integer earlier = first.putIfAbsent(key, r);
        rep[r] = earlier == null ? r : earlier;
      }
    }
    return rep;
  }
}
