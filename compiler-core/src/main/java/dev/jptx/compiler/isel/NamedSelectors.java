package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.AtomicOp;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.AtomicOpcodes;
import dev.jptx.compiler.target.Comparisons;
import dev.jptx.compiler.target.ConversionOpcodes;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.List;

/**
 * The hand-written selectors, for what a pattern cannot say: parameter loads (symbols, and {@code
 * cvta} for global pointers), memory accesses with {@code [reg+imm]} addressing, {@code setp} (the
 * comparison is part of the mnemonic), conversions (keyed by source and result type), copies
 * between blocks, and branches.
 */
final class NamedSelectors {
  private final BlockSelector s;
  private final LaneSelection lanes;

  NamedSelectors(BlockSelector s) {
    this.s = s;
    this.lanes = new LaneSelection(s);
  }

  /** Plans {@code n} if a named selector handles it. */
  boolean plan(SdNode n) {
    switch (n.opcode()) {
      case LOAD_PARAM -> s.plan(n, () -> loadParam(n));
      case SPECIAL_REG ->
          s.plan(
              n,
              () ->
                  s.emit(
                      MoveOpcodes.MOV_U32_SREG,
                      s.def(n.value()),
                      List.of(new MOperand.Special(n.attrs().name())),
                      n.line()));
      case LOAD -> planLoad(n);
      case STORE -> planStore(n);
      case LOAD_VECTOR -> planVectorLoad(n);
      case STORE_VECTOR -> planVectorStore(n);
      case SETCC -> planCompare(n);
      case COPY_TO_REG -> planCopy(n);
      case BR -> s.plan(n, () -> branch(n.attrs().targets().get(0), null, n.line()));
      case BRCOND -> {
        s.needRegister(n.operand(1));
        s.plan(n, () -> conditionalBranch(n));
      }
      case RET -> CallSelection.planReturn(s, n);
      case CALL -> CallSelection.planCall(s, n);
      case INTRINSIC, INTRINSIC_CHAIN -> {
        IntrinsicRow row = IntrinsicSelection.find(n, s.target());
        if (row == null) {
          return false;
        }
        IntrinsicSelection.plan(s, n, row);
      }
      case FRAME_ADDR, GLOBAL_ADDR ->
          s.plan(
              n,
              () ->
                  s.emit(
                      n.value().type() == ScalarType.I32
                          ? MoveOpcodes.MOV_U32_SYM
                          : MoveOpcodes.MOV_U64_SYM,
                      s.def(n.value()),
                      List.of(new MOperand.Sym(n.attrs().name())),
                      n.line()));
      case ADDRSPACE_CAST -> {
        s.needRegister(n.operand(0));
        MachineOpcode cvta = MemoryOpcodes.toGeneric(n.attrs().space());
        s.plan(n, () -> s.emit(cvta, s.def(n.value()), List.of(s.reg(n.operand(0))), n.line()));
      }
      case ATOMIC -> planAtomic(n);
      case BUILD_VECTOR -> lanes.planPack(n);
      case EXTRACT_VECTOR_ELT -> lanes.planUnpack(n);
      case TRUNCATE -> {
        // a high half by bfe, not a shift: a ptxas bug (HighHalfSelection); others by their row
        return HighHalfSelection.planTruncate(s, n);
      }
      case EXTRACT_ELEMENT -> {
        // one mov.b128 {lo, hi} unpacks both halves; the one not asked for is left unread
        s.needRegister(n.operand(0));
        int k = (int) n.operand(1).node().attrs().bits();
        s.plan(
            n,
            () -> {
              VReg half = s.def(n.value());
              VReg other = s.temp(n.resultTypes().get(0));
              s.emit(
                  MachineInstr.of(
                      MoveOpcodes.MOV_B128_UNPACK,
                      k == 0 ? List.of(half, other) : List.of(other, half),
                      List.of(s.reg(n.operand(0))),
                      n.line()));
            });
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private void loadParam(SdNode n) {
    NodeAttrs a = n.attrs();
    String declared = s.function().info().params().get((int) a.bits()).ptxType();
    MachineOpcode ld = MemorySelection.loadParam(declared);
    List<MOperand> address = List.of(new MOperand.Sym(a.name()), MOperand.imm(0));
    if (a.space() == AddressSpace.GLOBAL) {
      // the parameter holds a generic address; global accesses want it in the global window
      VReg generic = s.temp(ScalarType.I64);
      s.emit(ld, generic, address, n.line());
      s.emit(
          MemoryOpcodes.CVTA_TO_GLOBAL_U64,
          s.def(n.value()),
          List.of(new MOperand.Reg(generic)),
          n.line());
    } else if (n.value().type() == ScalarType.I32 && declared.endsWith("64")) {
      // a kernel parameter holds every pointer in 64 bits; a .shared one is used in 32 (its window
      // fits there: AddressWidths)
      VReg wide = s.temp(ScalarType.I64);
      s.emit(ld, wide, address, n.line());
      s.emit(
          ConversionOpcodes.CVT_U32_U64,
          s.def(n.value()),
          List.of(new MOperand.Reg(wide)),
          n.line());
    } else {
      s.emit(ld, s.def(n.value()), address, n.line());
    }
  }

  /** {@code [base + offset]}: folds a single-use {@code add} of a constant into the address. */
  private List<MOperand> address(SdValue addr) {
    SdNode a = addr.node();
    if (a.opcode() == DagOpcode.ADD
        && s.useCount(a) == 1
        && a.operand(1).node().opcode() == DagOpcode.CONSTANT) {
      long offset = a.operand(1).node().attrs().bits();
      if (offset == (int) offset) {
        s.cover(a);
        s.needRegister(a.operand(0));
        return List.of(s.reg(a.operand(0)), MOperand.imm(offset));
      }
    }
    s.needRegister(addr);
    return null;
  }

  private List<MOperand> addressOperands(SdValue addr, List<MOperand> folded) {
    return folded != null
        ? List.of(s.reg(resolveBase(addr)), folded.get(1))
        : List.of(s.reg(addr), MOperand.imm(0));
  }

  private static SdValue resolveBase(SdValue addr) {
    return addr.node().operand(0);
  }

  private void planLoad(SdNode n) {
    MachineOpcode ld = MemorySelection.load(n.attrs());
    if (ld == null) {
      throw new IllegalStateException(
          "no load for " + n.attrs().memType().text() + " in " + n.attrs().space());
    }
    SdValue addr = n.operand(1);
    List<MOperand> folded = address(addr);
    s.plan(n, () -> s.emit(ld, s.def(n.value(0)), addressOperands(addr, folded), n.line()));
  }

  private void planStore(SdNode n) {
    MachineOpcode st = MemorySelection.store(n.attrs());
    if (st == null) {
      throw new IllegalStateException(
          "no store for " + n.attrs().memType().text() + " in " + n.attrs().space());
    }
    SdValue value = n.operand(1);
    SdValue addr = n.operand(2);
    List<MOperand> folded = address(addr);
    s.needRegister(value);
    s.plan(
        n,
        () -> {
          List<MOperand> a = addressOperands(addr, folded);
          s.emit(st, null, List.of(a.get(0), a.get(1), s.reg(value)), n.line());
        });
  }

  private void planVectorLoad(SdNode n) {
    MachineOpcode ld = MemorySelection.vectorLoad(n.attrs());
    if (ld == null) {
      throw new IllegalStateException(
          "no vector load for " + n.attrs().memType().text() + " in " + n.attrs().space());
    }
    SdValue addr = n.operand(1);
    List<MOperand> folded = address(addr);
    int lanes = n.resultTypes().size() - 1;
    s.plan(
        n,
        () -> {
          List<VReg> defs = new java.util.ArrayList<>();
          for (int k = 0; k < lanes; k++) {
            defs.add(s.def(n.value(k)));
          }
          s.emit(MachineInstr.of(ld, defs, addressOperands(addr, folded), n.line()));
        });
  }

  private void planVectorStore(SdNode n) {
    MachineOpcode st = MemorySelection.vectorStore(n.attrs());
    if (st == null) {
      throw new IllegalStateException(
          "no vector store for " + n.attrs().memType().text() + " in " + n.attrs().space());
    }
    List<SdValue> values = n.operands().subList(1, n.operands().size() - 1);
    SdValue addr = n.operand(n.operands().size() - 1);
    List<MOperand> folded = address(addr);
    values.forEach(s::needRegister);
    s.plan(
        n,
        () -> {
          List<MOperand> uses = new java.util.ArrayList<>(addressOperands(addr, folded));
          values.forEach(v -> uses.add(s.reg(v)));
          s.emit(st, null, uses, n.line());
        });
  }

  private void planAtomic(SdNode n) {
    NodeAttrs a = n.attrs();
    AtomicOpcodes.Row row = AtomicOpcodes.find((AtomicOp) a.operation(), a.memType(), s.target());
    if (row == null) {
      throw new IllegalStateException(
          "no atom." + a.operation() + " on " + a.memType().text() + " for " + s.target());
    }
    // red instead of atom when nothing reads the old value: no result register, no wait for it
    MachineOpcode red = AtomicOpcodes.reductionOpcode(row, a.space());
    boolean unused = red != null && !s.isRead(n.value(0));
    MachineOpcode atom = unused ? red : AtomicOpcodes.opcode(row, a.space());
    SdValue addr = n.operand(1);
    List<MOperand> folded = address(addr);
    List<SdValue> values = n.operands().subList(2, n.operands().size());
    // an integer constant operand is an immediate, as nvcc writes it (red.shared.add.u32 [a], 1):
    // no mov into a register before every atomic in a loop
    values.stream().filter(v -> !isIntegerConstant(v)).forEach(s::needRegister);
    s.plan(
        n,
        () -> {
          List<MOperand> uses = new java.util.ArrayList<>(addressOperands(addr, folded));
          values.forEach(
              v -> uses.add(isIntegerConstant(v) ? BlockSelector.imm(v.node()) : s.reg(v)));
          s.emit(atom, unused ? null : s.def(n.value(0)), uses, n.line());
        });
  }

  private void planCompare(SdNode n) {
    CmpPredicate p = n.attrs().predicate();
    SdValue a = n.operand(0);
    SdValue b = n.operand(1);
    if (isConstant(a) && !isConstant(b)) {
      // setp takes an immediate only as its second operand
      SdValue t = a;
      a = b;
      b = t;
      p = p.swapped();
    }
    MachineOpcode setp = Comparisons.setp(p, a.type());
    String cond = Comparisons.ptxOperator(p);
    SdValue lhs = a;
    SdValue rhs = b;
    s.needRegister(lhs);
    if (!isConstant(rhs)) {
      s.needRegister(rhs);
    }
    s.plan(
        n,
        () -> {
          MOperand second = isConstant(rhs) ? BlockSelector.imm(rhs.node()) : s.reg(rhs);
          s.emit(
              setp,
              s.def(n.value()),
              List.of(new MOperand.Cond(cond), s.reg(lhs), second),
              n.line());
        });
  }

  private static boolean isConstant(SdValue v) {
    return v.node().opcode() == DagOpcode.CONSTANT || v.node().opcode() == DagOpcode.CONSTANT_FP;
  }

  private static boolean isIntegerConstant(SdValue v) {
    return v.node().opcode() == DagOpcode.CONSTANT;
  }

  /**
   * Plans a conversion by its row, if it is one; the block selector asks after the patterns, some
   * of which fold a conversion into the instruction it feeds ({@code HalfPatterns}).
   */
  boolean planConversion(SdNode n) {
    if (!ConversionSelection.isConversion(n.opcode())) {
      return false;
    }
    SdValue src = n.operand(0);
    var from = n.opcode() == DagOpcode.SIGN_EXTEND_INREG ? n.attrs().memType() : src.type();
    MachineOpcode cvt = ConversionSelection.find(n.opcode(), from, n.resultTypes().get(0));
    if (cvt == null) {
      return false;
    }
    s.needRegister(src);
    s.plan(n, () -> s.emit(cvt, s.def(n.value()), List.of(s.reg(src)), n.line()));
    return true;
  }

  private void planCopy(SdNode n) {
    if (s.isElided(n)) {
      return;
    }
    SdValue v = n.operand(1);
    VReg target = new VReg((int) n.attrs().bits());
    if (isConstant(v)) {
      MachineOpcode mov = MoveOpcodes.moveOf(s.function().regClass(target));
      s.plan(n, () -> s.emit(mov, target, List.of(BlockSelector.imm(v.node())), n.line()));
    } else {
      s.needRegister(v);
      s.plan(n, () -> s.emit(MoveOpcodes.COPY, target, List.of(s.reg(v)), n.line()));
    }
  }

  private void conditionalBranch(SdNode n) {
    VReg p = ((MOperand.Reg) s.reg(n.operand(1))).reg();
    branch(n.attrs().targets().get(0), new Guard(p, false), n.line());
    branch(n.attrs().targets().get(1), null, n.line());
  }

  private void branch(int target, Guard guard, int line) {
    s.emit(
        new MachineInstr(
            MoveOpcodes.BRA, List.of(), List.of(new MOperand.BlockRef(target)), guard, line));
  }
}
