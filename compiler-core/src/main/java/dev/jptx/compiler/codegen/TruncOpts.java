package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.IntegerOpcodes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Redundant 16-bit mask removal (seed: machine-passes.md, "NVPTXTruncOpts", pass {@code
 * nvptx-trunc-opts}; knob {@code disable-nvptx-trunc-opts}, which the seed does not name): an
 * unguarded {@code and.b16 %y, %x, 0xFFFF} (immediate {@code 0xFFFF}, or {@code -1} as 16 bits) is
 * deleted and its readers read {@code %x}, since a {@code .b16} register holds exactly 16 bits. The
 * seed removes the mask "when the source provably fits in 16 bits"; every {@code .b16} source does,
 * so no producer is inspected.
 *
 * <p>Runs on SSA machine IR right after instruction selection at -O1 and above (the seed's
 * "Post-ISel"): {@code %x}'s definition dominates the mask and so every reader of {@code %y}, PHI
 * operands included. Our instruction selection does not emit this mask today (a truncation to 16
 * bits is a {@code cvt.u16.u32}), so on the 22 benchmark kernels and the test kernels the pass
 * never fires; it is kept for machine IR that has one and tested on such input.
 */
public final class TruncOpts implements MachinePass {
  @Override
  public String name() {
    return "nvptx-trunc-opts";
  }

  @Override
  public boolean run(MachineFunction f) {
    Map<VReg, VReg> replace = new LinkedHashMap<>();
    for (MachineBlock b : f.blocks()) {
      b.instrs()
          .removeIf(
              i -> {
                VReg src = maskedSource(i);
                if (src == null) {
                  return false;
                }
                replace.put(i.defs().get(0), src);
                return true;
              });
    }
    RegisterUses.replace(f, replace, true);
    return !replace.isEmpty();
  }

  /** The register {@code i} masks to its own 16 bits, or null if {@code i} is no such mask. */
  private static VReg maskedSource(MachineInstr i) {
    if (i.opcode() != IntegerOpcodes.AND_B16 || i.guard() != null || i.defs().size() != 1) {
      return null;
    }
    MOperand a = i.uses().get(0);
    MOperand b = i.uses().get(1);
    if (a instanceof MOperand.Reg r && isAllOnes16(b)) {
      return r.reg();
    }
    if (b instanceof MOperand.Reg r && isAllOnes16(a)) {
      return r.reg();
    }
    return null;
  }

  private static boolean isAllOnes16(MOperand o) {
    return o instanceof MOperand.Imm imm
        && imm.kind() == MOperand.ImmKind.INT
        && (imm.bits() & 0xFFFF) == 0xFFFF
        && (imm.bits() == 0xFFFF || imm.bits() == -1);
  }
}
