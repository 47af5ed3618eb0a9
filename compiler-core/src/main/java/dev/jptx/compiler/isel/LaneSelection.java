package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.HalfOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lanes of a packed half pair ({@code v2f16}, {@code v2bf16} in a {@code %hh} register): {@code
 * BUILD_VECTOR} is one {@code mov.b32 %hh, {%h1, %h2}}; the {@code EXTRACT_VECTOR_ELT}s of one
 * vector share one {@code mov.b32 {%h1, %h2}, %hh}, emitted where the first of them is, which
 * defines every lane a node reads (a lane no node reads goes to a scratch register); extracts of
 * the same lane share its register. Lane 1 of a {@code v2f16} that an {@code fp_extend} reads is
 * extracted by {@code bfe} instead ({@link HighHalfSelection}: a {@code ptxas} bug).
 */
final class LaneSelection {
  private final BlockSelector s;
  private final Map<SdValue, List<SdNode>> extracts = new HashMap<>();
  private final Map<SdValue, VReg[]> unpacked = new HashMap<>();

  LaneSelection(BlockSelector s) {
    this.s = s;
  }

  void planPack(SdNode n) {
    SdValue lo = n.operand(0);
    SdValue hi = n.operand(1);
    s.needRegister(lo);
    s.needRegister(hi);
    s.plan(
        n,
        () ->
            s.emit(
                HalfOpcodes.PACK_H16X2, s.def(n.value()), List.of(s.reg(lo), s.reg(hi)), n.line()));
  }

  void planUnpack(SdNode n) {
    SdValue v = n.operand(0);
    s.needRegister(v);
    extracts.computeIfAbsent(v, k -> new ArrayList<>()).add(n);
    s.plan(n, () -> emitUnpack(n, v));
  }

  private void emitUnpack(SdNode n, SdValue v) {
    VReg[] regs = unpacked.get(v);
    if (regs == null) {
      regs = new VReg[2];
      VectorType t = (VectorType) v.type();
      for (int k = 0; k < 2; k++) {
        SdNode first = firstOfLane(v, k);
        regs[k] = first != null ? s.def(first.value()) : s.temp(t.element());
      }
      // a high lane converted to float comes by bfe, not by the unpack (HighHalfSelection)
      boolean highByBfe =
          extracts.get(v).stream()
              .anyMatch(e -> HighHalfSelection.feedsHalfWidening(s, e, lane(e)));
      if (!highByBfe) {
        s.emit(
            MachineInstr.of(HalfOpcodes.UNPACK_H16X2, List.of(regs), List.of(s.reg(v)), n.line()));
      } else {
        VReg pair = ((MOperand.Reg) s.reg(v)).reg();
        if (firstOfLane(v, 0) != null) {
          List<VReg> lanes = List.of(regs[0], s.temp(t.element()));
          s.emit(MachineInstr.of(HalfOpcodes.UNPACK_H16X2, lanes, List.of(s.reg(v)), n.line()));
        }
        HighHalfSelection.emitHighLane(s, pair, regs[1], n.line());
      }
      unpacked.put(v, regs);
      // the other nodes reading a lane (each unrolled operation extracts its own) share its
      // register: they come later in the schedule, so nothing has read theirs yet
      for (SdNode e : extracts.get(v)) {
        s.bind(e.value(), regs[lane(e)]);
      }
    }
    VReg lane = regs[lane(n)];
    VReg mine = s.def(n.value());
    if (!mine.equals(lane)) {
      // a lane computed into its cross-block register: a copy
      s.emit(MoveOpcodes.COPY, mine, List.of(new MOperand.Reg(lane)), n.line());
    }
  }

  private SdNode firstOfLane(SdValue v, int k) {
    // planned users first: the last one recorded comes first in the schedule
    List<SdNode> all = extracts.get(v);
    for (int i = all.size() - 1; i >= 0; i--) {
      if (lane(all.get(i)) == k) {
        return all.get(i);
      }
    }
    return null;
  }

  private static int lane(SdNode extract) {
    return (int) extract.operand(1).node().attrs().bits();
  }
}
