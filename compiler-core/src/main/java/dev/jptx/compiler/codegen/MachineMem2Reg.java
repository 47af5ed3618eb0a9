package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MemoryOpcodes.LocalAccess;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Machine mem2reg (seed: machine-passes.md, NVPTXMem2Reg, pass {@code nvptx-mem2reg}, knob {@code
 * nv-disable-mem2reg}): puts a {@code .local} frame object whose every access is at a constant
 * offset back into virtual registers, one per element, and removes the object.
 *
 * <p>The seed's pass runs after allocation on spill slots with a single store. Here it runs before
 * allocation, after register coalescing (non-SSA MIR: a register may have several definitions), on
 * the local arrays that {@code promote-local-arrays} left in memory (switched off, or declined:
 * more than its element cap, or elements of mixed types). Spill slots do not exist yet. With the IR
 * pass on, the pass finds nothing in the test kernels today: Java arrays have one element type, and
 * an array over the IR pass's 32-element cap is more than {@code MemZeroLowering}'s 64 bytes
 * (zeroed by a loop, whose moving address escapes) unless it is a {@code byte[]} or {@code
 * boolean[]} (one-byte accesses, left alone here). It is the backstop for what the IR pass cannot
 * see and does the promotion under {@code disable-promote-local-arrays}.
 *
 * <p>An object qualifies when its address never escapes: it is materialized by {@code
 * MOV_U64_SYM @obj}, possibly moved by {@code ADD_S64 reg, imm} and copies (every definition of
 * such a register giving the same object and offset), and each register holding it is only the
 * address of a {@code .local} load or store or the source of another such address computation -
 * never stored, compared, converted ({@code cvta.local}) or passed. Every access must lie inside
 * the object; the accesses that are not zero stores define the elements, each an (offset, width)
 * read and written in one register class, elements never overlapping; a store of zeros (registers
 * moved zero earlier in its block: the zeroing of a new array, {@code b32} stores into a {@code
 * float[]} or a {@code v2.u32} one into a {@code long[]}) must cover whole elements, and sets them
 * to zero in their class. Objects with {@code u8}/{@code s8} accesses (a 16-bit register, one byte
 * of memory: the load extends, the store narrows) or {@code b128} ones are left alone.
 *
 * <p>Undefined reads: an element read where some path has not written it (a must-be-written forward
 * dataflow over the blocks; a guarded store does not count as a write) keeps the object in memory,
 * so the pass never introduces a read of an undefined register.
 *
 * <p>The rewrite: a store becomes a {@code COPY} into the element's register, a load a {@code COPY}
 * out of it, a zero store a move of zero, each keeping the access's guard; then the address
 * computations and the zero registers no longer read are deleted and the object leaves the frame.
 */
public final class MachineMem2Reg implements MachinePass {
  @Override
  public String name() {
    return "nvptx-mem2reg";
  }

  /** A constant address: an object and a byte offset into it. */
  private record Address(String object, long offset) {}

  /** One element of an object: its bytes and the class of its register. */
  private record Element(long offset, int bytes, RegisterClass regClass) {}

  @Override
  public boolean run(MachineFunction f) {
    Map<String, FrameObject> objects = new LinkedHashMap<>();
    for (FrameObject o : f.info().frame()) {
      objects.put(o.name(), o);
    }
    if (objects.isEmpty()) {
      return false;
    }
    Map<VReg, List<MachineInstr>> defs = definitions(f);
    Map<VReg, Address> addresses = addresses(defs, objects);
    Set<MachineInstr> zeros = zeroStores(f);
    Set<String> rejected = escaping(f, addresses, objects);
    Map<String, TreeMap<Long, Element>> layouts = new LinkedHashMap<>();
    for (String o : objects.keySet()) {
      if (!rejected.contains(o)) {
        TreeMap<Long, Element> layout = layout(f, o, objects.get(o), addresses, zeros);
        if (layout != null && allReadsWritten(f, o, layout, addresses)) {
          layouts.put(o, layout);
        }
      }
    }
    if (layouts.isEmpty()) {
      return false;
    }
    rewrite(f, layouts, addresses, zeros);
    List<FrameObject> frame = new ArrayList<>();
    for (FrameObject o : f.info().frame()) {
      if (!layouts.containsKey(o.name())) {
        frame.add(o);
      }
    }
    f.setFrame(frame);
    return true;
  }

  private static Map<VReg, List<MachineInstr>> definitions(MachineFunction f) {
    Map<VReg, List<MachineInstr>> defs = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        for (VReg d : i.defs()) {
          defs.computeIfAbsent(d, k -> new ArrayList<>()).add(i);
        }
      }
    }
    return defs;
  }

  /**
   * The registers that hold one constant address of a frame object wherever they are defined: every
   * definition an unguarded {@code MOV_U64_SYM @obj}, {@code ADD_S64 addr, imm} or copy of such a
   * register, all giving the same address. Iterated until nothing more resolves (a register moved
   * around a loop never does, and its object escapes).
   */
  private static Map<VReg, Address> addresses(
      Map<VReg, List<MachineInstr>> defs, Map<String, FrameObject> objects) {
    Map<VReg, Address> a = new HashMap<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<VReg, List<MachineInstr>> e : defs.entrySet()) {
        if (a.containsKey(e.getKey())) {
          continue;
        }
        Address common = null;
        for (MachineInstr i : e.getValue()) {
          Address x = addressOf(i, a, objects);
          if (x == null || (common != null && !common.equals(x))) {
            common = null;
            break;
          }
          common = x;
        }
        if (common != null) {
          a.put(e.getKey(), common);
          changed = true;
        }
      }
    }
    return a;
  }

  /** The address {@code i} computes, if it is an address computation over known ones. */
  private static Address addressOf(
      MachineInstr i, Map<VReg, Address> a, Map<String, FrameObject> objects) {
    if (i.guard() != null || i.defs().size() != 1) {
      return null;
    }
    List<MOperand> u = i.uses();
    if (i.opcode() == MoveOpcodes.MOV_U64_SYM
        && u.get(0) instanceof MOperand.Sym s
        && objects.containsKey(s.name())) {
      return new Address(s.name(), 0);
    }
    if (i.opcode() == IntegerOpcodes.ADD_S64
        && u.get(0) instanceof MOperand.Reg r
        && a.containsKey(r.reg())
        && u.get(1) instanceof MOperand.Imm k
        && k.kind() == MOperand.ImmKind.INT) {
      Address base = a.get(r.reg());
      return new Address(base.object(), base.offset() + k.bits());
    }
    if ((i.opcode() == MoveOpcodes.COPY || i.opcode() == MoveOpcodes.MOV_B64)
        && u.size() == 1
        && u.get(0) instanceof MOperand.Reg r) {
      return a.get(r.reg());
    }
    return null;
  }

  /** True if {@code i} is an unguarded move of integer zero into one register. */
  private static boolean isZeroMove(MachineInstr i) {
    return i.guard() == null
        && i.defs().size() == 1
        && (i.opcode() == MoveOpcodes.MOV_B16
            || i.opcode() == MoveOpcodes.MOV_B32
            || i.opcode() == MoveOpcodes.MOV_B64)
        && i.uses().size() == 1
        && i.uses().get(0) instanceof MOperand.Imm k
        && k.bits() == 0;
  }

  /**
   * The local stores all of whose values are zero where they execute: set by a move of zero earlier
   * in the block and not redefined since. Per instruction rather than per register, because the
   * coalescer may have merged a new array's zero with a register that changes later (a loop counter
   * starting at zero).
   */
  private static Set<MachineInstr> zeroStores(MachineFunction f) {
    Set<MachineInstr> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MachineBlock b : f.blocks()) {
      Set<VReg> zero = new HashSet<>();
      for (MachineInstr i : b.instrs()) {
        LocalAccess access = MemoryOpcodes.localAccess(i.opcode());
        if (access != null && access.store()) {
          boolean all = true;
          for (MOperand v : i.uses().subList(2, i.uses().size())) {
            all &= v instanceof MOperand.Reg r && zero.contains(r.reg());
          }
          if (all) {
            out.add(i);
          }
        }
        if (isZeroMove(i)) {
          zero.add(i.defs().get(0));
        } else {
          zero.removeAll(i.defs());
        }
      }
    }
    return out;
  }

  /**
   * The objects whose address escapes: a register holding it read other than as a local access's
   * address or by an address computation, or the symbol named other than by one.
   */
  private static Set<String> escaping(
      MachineFunction f, Map<VReg, Address> addresses, Map<String, FrameObject> objects) {
    Set<String> out = new HashSet<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        boolean computation = i.defs().size() == 1 && addresses.containsKey(i.defs().get(0));
        LocalAccess access = MemoryOpcodes.localAccess(i.opcode());
        List<MOperand> u = i.uses();
        for (int k = 0; k < u.size(); k++) {
          if (u.get(k) instanceof MOperand.Reg r && addresses.containsKey(r.reg())) {
            boolean asAddress = access != null && k == 0 && u.get(1) instanceof MOperand.Imm;
            if (!asAddress && !computation) {
              out.add(addresses.get(r.reg()).object());
            }
          } else if (u.get(k) instanceof MOperand.Sym s
              && objects.containsKey(s.name())
              && !computation) {
            out.add(s.name());
          }
        }
      }
    }
    return out;
  }

  /** The address of local access {@code i} if it is one into {@code object}, else null. */
  private static Address accessAddress(MachineInstr i, String object, Map<VReg, Address> a) {
    if (MemoryOpcodes.localAccess(i.opcode()) == null
        || !(i.uses().get(0) instanceof MOperand.Reg r)
        || !(i.uses().get(1) instanceof MOperand.Imm k)) {
      return null;
    }
    Address base = a.get(r.reg());
    if (base == null || !base.object().equals(object)) {
      return null;
    }
    return new Address(object, base.offset() + k.bits());
  }

  /**
   * The elements of {@code object} by offset, or null if some access is out of bounds, not exact,
   * overlaps another element partly or in another class, or a zero store covers part of one.
   */
  private static TreeMap<Long, Element> layout(
      MachineFunction f,
      String object,
      FrameObject o,
      Map<VReg, Address> addresses,
      Set<MachineInstr> zeros) {
    TreeMap<Long, Element> elements = new TreeMap<>();
    List<long[]> zeroRanges = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        Address at = accessAddress(i, object, addresses);
        if (at == null) {
          continue;
        }
        LocalAccess access = MemoryOpcodes.localAccess(i.opcode());
        long end = at.offset() + (long) access.lanes() * access.bytes();
        if (!access.exact()
            || access.regClass() == RegisterClass.B128
            || at.offset() < 0
            || end > o.bytes()) {
          return null;
        }
        if (zeros.contains(i)) {
          zeroRanges.add(new long[] {at.offset(), end});
          continue;
        }
        for (int lane = 0; lane < access.lanes(); lane++) {
          Element e =
              new Element(
                  at.offset() + (long) lane * access.bytes(), access.bytes(), access.regClass());
          Element old = elements.putIfAbsent(e.offset(), e);
          if (old != null && !old.equals(e)) {
            return null;
          }
        }
      }
    }
    long end = Long.MIN_VALUE;
    for (Element e : elements.values()) {
      if (e.offset() < end) {
        return null;
      }
      end = e.offset() + e.bytes();
    }
    for (long[] z : zeroRanges) {
      for (Element e : elements.values()) {
        long eEnd = e.offset() + e.bytes();
        boolean inside = e.offset() >= z[0] && eEnd <= z[1];
        boolean apart = eEnd <= z[0] || e.offset() >= z[1];
        if (!inside && !apart) {
          return null;
        }
      }
    }
    return elements;
  }

  /** The elements (indices into the layout's order) that access {@code i} writes or reads. */
  private static BitSet touched(MachineInstr i, Address at, TreeMap<Long, Element> layout) {
    LocalAccess access = MemoryOpcodes.localAccess(i.opcode());
    long end = at.offset() + (long) access.lanes() * access.bytes();
    BitSet s = new BitSet();
    int index = 0;
    for (Element e : layout.values()) {
      if (e.offset() >= at.offset() && e.offset() + e.bytes() <= end) {
        s.set(index);
      }
      index++;
    }
    return s;
  }

  /**
   * True if every element read is written on every path before: a forward must-be-written dataflow;
   * unguarded stores write, guarded ones may not.
   */
  private static boolean allReadsWritten(
      MachineFunction f,
      String object,
      TreeMap<Long, Element> layout,
      Map<VReg, Address> addresses) {
    List<MachineBlock> blocks = f.blocks();
    List<List<MachineBlock>> preds = f.predecessors();
    int n = layout.size();
    Map<MachineBlock, BitSet> out = new HashMap<>();
    BitSet all = new BitSet();
    all.set(0, n);
    for (MachineBlock b : blocks) {
      out.put(b, (BitSet) all.clone());
    }
    MachineBlock entry = blocks.get(0);
    boolean changed = true;
    boolean ok = true;
    while (changed) {
      changed = false;
      ok = true;
      for (MachineBlock b : blocks) {
        BitSet written = new BitSet();
        if (b != entry) {
          written.set(0, n);
          for (MachineBlock p : preds.get(b.id())) {
            written.and(out.get(p));
          }
        }
        for (MachineInstr i : b.instrs()) {
          Address at = accessAddress(i, object, addresses);
          if (at == null) {
            continue;
          }
          BitSet t = touched(i, at, layout);
          if (MemoryOpcodes.localAccess(i.opcode()).store()) {
            if (i.guard() == null) {
              written.or(t);
            }
          } else {
            BitSet missing = (BitSet) t.clone();
            missing.andNot(written);
            ok &= missing.isEmpty();
          }
        }
        if (!written.equals(out.get(b))) {
          out.put(b, written);
          changed = true;
        }
      }
    }
    return ok;
  }

  private static void rewrite(
      MachineFunction f,
      Map<String, TreeMap<Long, Element>> layouts,
      Map<VReg, Address> addresses,
      Set<MachineInstr> zeros) {
    Map<String, Map<Long, VReg>> registers = new LinkedHashMap<>();
    layouts.forEach(
        (o, layout) -> {
          Map<Long, VReg> regs = new LinkedHashMap<>();
          for (Element e : layout.values()) {
            regs.put(e.offset(), f.newVReg(e.regClass()));
          }
          registers.put(o, regs);
        });
    Set<VReg> zerosUsed = new HashSet<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> code = new ArrayList<>();
      for (MachineInstr i : b.instrs()) {
        if (i.defs().size() == 1
            && addresses.containsKey(i.defs().get(0))
            && layouts.containsKey(addresses.get(i.defs().get(0)).object())) {
          continue; // an address computation of a promoted object
        }
        LocalAccess access = MemoryOpcodes.localAccess(i.opcode());
        if (access != null
            && i.uses().get(0) instanceof MOperand.Reg r
            && addresses.containsKey(r.reg())
            && layouts.containsKey(addresses.get(r.reg()).object())) {
          String o = addresses.get(r.reg()).object();
          Address at = accessAddress(i, o, addresses);
          replace(i, at, access, layouts.get(o), registers.get(o), zeros, zerosUsed, code);
          continue;
        }
        code.add(i);
      }
      b.instrs().clear();
      b.instrs().addAll(code);
    }
    removeUnreadZeros(f, zerosUsed);
  }

  /** Appends what replaces access {@code i} of an object laid out as {@code layout}. */
  private static void replace(
      MachineInstr i,
      Address at,
      LocalAccess access,
      TreeMap<Long, Element> layout,
      Map<Long, VReg> regs,
      Set<MachineInstr> zeros,
      Set<VReg> zerosUsed,
      List<MachineInstr> code) {
    if (zeros.contains(i)) {
      long end = at.offset() + (long) access.lanes() * access.bytes();
      for (Element e : layout.subMap(at.offset(), true, end, false).values()) {
        code.add(
            new MachineInstr(
                MoveOpcodes.moveOf(e.regClass()),
                List.of(regs.get(e.offset())),
                List.of(zero(e.regClass())),
                i.guard(),
                i.line()));
      }
      for (MOperand v : i.uses().subList(2, i.uses().size())) {
        zerosUsed.add(((MOperand.Reg) v).reg());
      }
      return;
    }
    for (int lane = 0; lane < access.lanes(); lane++) {
      VReg element = regs.get(at.offset() + (long) lane * access.bytes());
      MachineInstr copy =
          access.store()
              ? new MachineInstr(
                  MoveOpcodes.COPY,
                  List.of(element),
                  List.of(i.uses().get(2 + lane)),
                  i.guard(),
                  i.line())
              : new MachineInstr(
                  MoveOpcodes.COPY,
                  List.of(i.defs().get(lane)),
                  List.of(MOperand.reg(element)),
                  i.guard(),
                  i.line());
      code.add(copy);
    }
  }

  /** Zero of a register class, as its move's immediate. */
  private static MOperand zero(RegisterClass c) {
    MOperand.ImmKind kind =
        switch (c) {
          case F32 -> MOperand.ImmKind.F32;
          case F64 -> MOperand.ImmKind.F64;
          default -> MOperand.ImmKind.INT;
        };
    return new MOperand.Imm(0, kind);
  }

  /** Deletes the moves of zero into the registers the zero stores read that nothing reads now. */
  private static void removeUnreadZeros(MachineFunction f, Set<VReg> candidates) {
    Set<VReg> read = new HashSet<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        read.addAll(i.usedRegs());
      }
    }
    Set<VReg> dead = new HashSet<>(candidates);
    dead.removeAll(read);
    if (dead.isEmpty()) {
      return;
    }
    for (MachineBlock b : f.blocks()) {
      b.instrs().removeIf(i -> isZeroMove(i) && dead.contains(i.defs().get(0)));
    }
  }
}
