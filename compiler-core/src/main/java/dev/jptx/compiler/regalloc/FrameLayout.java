package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code .local} frame layout of the prologue/epilogue inserter (seed: machine-passes.md,
 * PrologEpilogInserter, phase 4): every frame object of a function, local arrays first in the order
 * they were made, then spill slots by decreasing alignment (so no padding falls between slots),
 * gets an offset, aligned, in one {@code .local .align A .b8 __local_depot0[SIZE]}, as nvcc
 * declares its frame. A local array's address becomes {@code mov.u64 %rd, __local_depot0} plus
 * {@code add.s64 %rd, %rd, OFFSET} in the same register; spill code addresses {@code
 * [__local_depot0+OFFSET]}. There is no stack pointer to set up: every function has its own {@code
 * .local} depot (PTX scopes it to the function), and nothing in the frame outlives a call.
 */
public final class FrameLayout implements MachinePass {
  /** The name of every function's frame. */
  public static final String DEPOT = "__local_depot0";

  @Override
  public String name() {
    return "prologepilog";
  }

  @Override
  public boolean run(MachineFunction f) {
    List<FrameObject> objects = new ArrayList<>(f.info().frame());
    if (objects.isEmpty()) {
      return false;
    }
    List<FrameObject> arrays = new ArrayList<>();
    List<FrameObject> slots = new ArrayList<>();
    for (FrameObject o : objects) {
      (o.name().startsWith(BudgetSpiller.SLOT_PREFIX) ? slots : arrays).add(o);
    }
    slots.sort(Comparator.comparingInt(FrameObject::align).reversed());
    Map<String, Long> offset = new HashMap<>();
    long size = 0;
    int align = 1;
    for (FrameObject o : concat(arrays, slots)) {
      size = (size + o.align() - 1) / o.align() * o.align();
      offset.put(o.name(), size);
      size += o.bytes();
      align = Math.max(align, o.align());
    }
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> out = new ArrayList<>();
      for (MachineInstr i : b.instrs()) {
        rewrite(i, offset, out);
      }
      b.instrs().clear();
      b.instrs().addAll(out);
    }
    f.setFrame(List.of(new FrameObject(DEPOT, (int) Math.max(size, 1), align)));
    return true;
  }

  private static List<FrameObject> concat(List<FrameObject> a, List<FrameObject> b) {
    List<FrameObject> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** {@code i} addressing the depot instead of its object, into {@code out}. */
  private static void rewrite(MachineInstr i, Map<String, Long> offset, List<MachineInstr> out) {
    List<MOperand> uses = new ArrayList<>(i.uses());
    Long moved = null;
    for (int k = 0; k < uses.size(); k++) {
      if (uses.get(k) instanceof MOperand.Sym s && offset.containsKey(s.name())) {
        long off = offset.get(s.name());
        uses.set(k, new MOperand.Sym(DEPOT));
        if (k + 1 < uses.size() && uses.get(k + 1) instanceof MOperand.Imm imm) {
          // a [symbol+imm] address: the object's offset joins the immediate
          uses.set(k + 1, MOperand.imm(imm.bits() + off));
        } else {
          moved = off;
        }
      }
    }
    out.add(i.withUses(uses));
    if (moved != null && moved != 0) {
      if (i.opcode() != MoveOpcodes.MOV_U64_SYM) {
        throw new IllegalStateException("a frame object's address outside mov: " + i);
      }
      var d = i.defs().get(0);
      out.add(
          MachineInstr.of(
              IntegerOpcodes.ADD_S64,
              List.of(d),
              List.of(MOperand.reg(d), MOperand.imm(moved)),
              i.line()));
    }
  }
}
