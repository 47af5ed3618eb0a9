package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;

/** Creating and leaving frames: kernel entry, {@code call} and {@code ret}. */
final class Frames {
  private Frames() {}

  /** Starts {@code t} at the kernel's first instruction, with the launch's parameters. */
  static void enterKernel(ThreadState t, Code kernel) {
    Region params = t.block.launch.paramRegion;
    t.frame = new Frame(kernel, registers(t, kernel), params, 0, null, 0, null);
    t.r = t.frame.r;
    t.pc = 0;
    t.localTop = kernel.localBytes;
    t.local.ensureCapacity(t.localTop);
  }

  private static long[] registers(ThreadState t, Code code) {
    long[] r = code.registerTemplate.clone();
    for (int i = 0; i < code.specialSlots.length; i++) {
      r[code.specialSlots[i]] = code.specialKinds[i].value(t);
    }
    return r;
  }

  /**
   * {@code call}: copies the caller's argument variables into the callee's parameters and enters
   * the callee. Returns {@link Status#SWITCH}.
   */
  static int call(ThreadState t, CallSite site) {
    Code callee = site.callee()[0];
    Frame caller = t.frame;
    long frame = (long) callee.localBytes + callee.paramBytes + LaunchLimits.CALL_OVERHEAD_BYTES;
    long limit = t.block.launch.stackBytes;
    if (t.stackUsed + frame > limit) {
      throw new SimulationError(
          "stack overflow: the call of "
              + callee.name
              + " needs "
              + frame
              + " bytes of stack on top of "
              + t.stackUsed
              + ", more than the "
              + limit
              + " bytes per thread the device allows (Device.setStackSize; is the recursion"
              + " unbounded?)");
    }
    t.stackUsed += frame;
    Region params =
        new Region(
            StateSpace.PARAM, 0, Math.max(callee.paramBytes, 1), "parameters of " + callee.name);
    byte[] from = caller.params.bytes();
    byte[] to = params.bytes();
    int n = Math.min(site.argOffsets().length, callee.formalOffsets.length);
    for (int i = 0; i < n; i++) {
      int size = Math.min(site.argSizes()[i], callee.formalSizes[i]);
      System.arraycopy(from, site.argOffsets()[i], to, callee.formalOffsets[i], size);
    }
    int base = t.localTop;
    t.localTop = base + callee.localBytes;
    t.local.ensureCapacity(t.localTop);
    Frame f = new Frame(callee, registers(t, callee), params, base, caller, t.pc + 1, site);
    t.frame = f;
    t.r = f.r;
    t.pc = 0;
    return Status.SWITCH;
  }

  /** {@code ret}: copies return values back and resumes the caller, or exits from the kernel. */
  static int ret(ThreadState t) {
    Frame f = t.frame;
    if (f.caller == null) {
      return Status.EXIT;
    }
    CallSite site = f.site;
    byte[] from = f.params.bytes();
    byte[] to = f.caller.params.bytes();
    int n = Math.min(site.retOffsets().length, f.code.returnOffsets.length);
    for (int i = 0; i < n; i++) {
      int size = Math.min(site.retSizes()[i], f.code.returnSizes[i]);
      System.arraycopy(from, f.code.returnOffsets[i], to, site.retOffsets()[i], size);
    }
    t.localTop = f.localBase;
    t.stackUsed -= (long) f.code.localBytes + f.code.paramBytes + LaunchLimits.CALL_OVERHEAD_BYTES;
    t.frame = f.caller;
    t.r = f.caller.r;
    t.pc = f.returnPc;
    return Status.SWITCH;
  }
}
