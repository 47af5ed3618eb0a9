package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Selects one block. Nodes are visited users first, so a rule at a node can fold single-use
 * operands before they are visited themselves; the chosen rules then emit in schedule order, so
 * every operand's register is defined before it is read. A value copied to a cross-block register
 * is computed straight into that register, without a copy.
 */
final class BlockSelector {
  private final MachineFunction mf;
  private final SelectionDag dag;
  private final MachineBlock block;
  private final Map<SdValue, VReg> vregs = new HashMap<>();
  private final Set<SdNode> covered = new HashSet<>();
  private final Set<SdNode> neededAsRegister = new HashSet<>();
  private final Set<SdNode> elidedCopies = new HashSet<>();
  private final Map<SdNode, Runnable> plans = new HashMap<>();
  private final Map<SdNode, Integer> useCounts = new HashMap<>();
  private final Map<SdNode, List<SdNode>> users = new HashMap<>();
  private final Set<SdValue> readValues = new HashSet<>();
  private final PatternMatcher matcher;
  private final NamedSelectors named;
  private final SmTarget target;

  BlockSelector(MachineFunction mf, SelectionDag dag, MachineBlock block, SmTarget target) {
    this.mf = mf;
    this.target = target;
    this.dag = dag;
    this.block = block;
    this.matcher = new PatternMatcher(useCounts);
    this.named = new NamedSelectors(this);
  }

  void select() {
    List<SdNode> order = dag.reachable();
    for (SdNode n : order) {
      for (SdValue o : n.operands()) {
        useCounts.merge(o.node(), 1, Integer::sum);
        readValues.add(o);
        List<SdNode> u = users.computeIfAbsent(o.node(), k -> new ArrayList<>());
        if (!u.contains(n)) {
          u.add(n);
        }
      }
    }
    targetExportedValues(order);
    for (int i = order.size() - 1; i >= 0; i--) {
      SdNode n = order.get(i);
      if (!covered.contains(n)) {
        plan(n);
      }
    }
    for (SdNode n : order) {
      Runnable r = plans.get(n);
      if (r != null) {
        r.run();
      }
    }
  }

  /** Values copied to a cross-block register are computed into it directly. */
  private void targetExportedValues(List<SdNode> order) {
    for (SdNode n : order) {
      if (n.opcode() != DagOpcode.COPY_TO_REG) {
        continue;
      }
      SdValue v = n.operand(1);
      DagOpcode op = v.node().opcode();
      boolean direct =
          op != DagOpcode.CONSTANT
              && op != DagOpcode.CONSTANT_FP
              && op != DagOpcode.COPY_FROM_REG
              && !vregs.containsKey(v);
      if (direct) {
        vregs.put(v, new VReg((int) n.attrs().bits()));
        elidedCopies.add(n);
      }
    }
  }

  private void plan(SdNode n) {
    switch (n.opcode()) {
      case ENTRY_TOKEN, TOKEN_FACTOR -> {
        return;
      }
      case COPY_FROM_REG -> {
        vregs.put(n.value(), new VReg((int) n.attrs().bits()));
        return;
      }
      case CONSTANT, CONSTANT_FP -> {
        if (neededAsRegister.contains(n)) {
          MachineOpcode mov = MoveOpcodes.moveOf(regClass(n.value()));
          plans.put(n, () -> emit(mov, def(n.value()), List.of(imm(n)), n.line()));
        }
        return;
      }
      default -> {}
    }
    if (named.plan(n)) {
      return;
    }
    for (SelectionPattern p : SelectionPatterns.all()) {
      if (!p.when().appliesTo(target)) {
        continue;
      }
      PatternMatcher.Match m = matcher.match(p.pattern(), n);
      if (m != null) {
        covered.addAll(m.folded());
        m.bindings().values().forEach(this::need);
        plans.put(n, () -> emitRule(p, m, n));
        return;
      }
    }
    if (named.planConversion(n)) {
      return;
    }
    throw new IllegalStateException(
        "no selection rule for t" + n.id() + " " + n.opcode() + " " + n.resultTypes());
  }

  private void emitRule(SelectionPattern p, PatternMatcher.Match m, SdNode n) {
    List<MOperand> uses = new ArrayList<>();
    for (String name : p.uses()) {
      if (name.startsWith("#")) {
        uses.add(new MOperand.Imm(Long.parseLong(name.substring(1)), MOperand.ImmKind.INT));
      } else if (name.startsWith("width:")) {
        // the number of bits of a low mask bound to the name: bfe's field length
        Bound.Imm mask = (Bound.Imm) m.bindings().get(name.substring(6));
        long bits = Long.bitCount(mask.constant().attrs().bits() & lowMask(n.resultTypes().get(0)));
        uses.add(new MOperand.Imm(bits, MOperand.ImmKind.INT));
      } else {
        uses.add(operand(m.bindings().get(name)));
      }
    }
    emit(p.out(), def(n.value()), uses, n.line());
  }

  private static long lowMask(dev.jptx.compiler.ir.Type t) {
    return t.bits() >= 64 ? -1L : (1L << t.bits()) - 1;
  }

  // ---- services for the named selectors

  void need(Bound b) {
    if (b instanceof Bound.Reg r) {
      neededAsRegister.add(r.value().node());
    }
  }

  void needRegister(SdValue v) {
    neededAsRegister.add(v.node());
  }

  void cover(SdNode n) {
    covered.add(n);
  }

  void plan(SdNode n, Runnable emission) {
    plans.put(n, emission);
  }

  boolean isElided(SdNode copy) {
    return elidedCopies.contains(copy);
  }

  /** True if a node of the block reads {@code v} (one result, unlike {@link #useCount}). */
  boolean isRead(SdValue v) {
    return readValues.contains(v);
  }

  int useCount(SdNode n) {
    return useCounts.getOrDefault(n, 0);
  }

  /** The nodes of the block that read a result of {@code n}, each once. */
  List<SdNode> users(SdNode n) {
    return users.getOrDefault(n, List.of());
  }

  SmTarget target() {
    return target;
  }

  MachineFunction function() {
    return mf;
  }

  /** The register holding {@code v}, created on first request. */
  VReg def(SdValue v) {
    return vregs.computeIfAbsent(v, k -> mf.newVReg(regClass(k)));
  }

  /**
   * Makes {@code r} the register of {@code v}, unless {@code v} already has one (a value computed
   * into its cross-block register); true if it did.
   */
  boolean bind(SdValue v, VReg r) {
    return vregs.putIfAbsent(v, r) == null || vregs.get(v).equals(r);
  }

  /** A new register for a temporary of {@code type}. */
  VReg temp(Type type) {
    return mf.newVReg(LegalTypes.registerClass(type, target));
  }

  private RegisterClass regClass(SdValue v) {
    return LegalTypes.registerClass(v.type(), target);
  }

  MOperand reg(SdValue v) {
    return new MOperand.Reg(def(v));
  }

  MOperand operand(Bound b) {
    return b instanceof Bound.Imm i ? imm(i.constant()) : reg(((Bound.Reg) b).value());
  }

  /** A constant node as an immediate of its type. */
  static MOperand imm(SdNode constant) {
    Type t = constant.resultTypes().get(0);
    long bits = constant.attrs().bits();
    if (t == ScalarType.F32) {
      return new MOperand.Imm(bits & 0xFFFFFFFFL, MOperand.ImmKind.F32);
    } else if (t == ScalarType.F64) {
      return new MOperand.Imm(bits, MOperand.ImmKind.F64);
    } else if (t == ScalarType.F16 || t == ScalarType.BF16) {
      // a half constant is moved into its register as the bit pattern
      return new MOperand.Imm(bits & 0xFFFF, MOperand.ImmKind.INT);
    }
    int shift = 64 - t.bits();
    return new MOperand.Imm((bits << shift) >> shift, MOperand.ImmKind.INT);
  }

  void emit(MachineOpcode op, VReg def, List<MOperand> uses, int line) {
    block.add(MachineInstr.of(op, def == null ? List.of() : List.of(def), uses, line));
  }

  void emit(MachineOpcode op, VReg def, List<MOperand> uses) {
    emit(op, def, uses, 0);
  }

  void emit(MachineInstr i) {
    block.add(i);
  }
}
