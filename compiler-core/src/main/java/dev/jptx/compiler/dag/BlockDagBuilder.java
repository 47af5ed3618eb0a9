package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.LibCalls;
import dev.jptx.compiler.target.SpecialRegisters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds the DAG of one block for {@link DagBuilder}. */
final class BlockDagBuilder {
  private final DagBuilder fn;
  private final Function f;
  private final int index;
  private final SelectionDag dag;
  private final Map<Value, SdValue> local = new HashMap<>();
  private final boolean fastMath;
  private SdValue chain;

  BlockDagBuilder(DagBuilder fn, int index) {
    this.fn = fn;
    this.f = fn.function();
    this.index = index;
    this.dag = new SelectionDag(index);
    this.chain = dag.entryToken();
    this.fastMath = f.attributes().fastMath();
  }

  SelectionDag build() {
    List<Inst> insts = f.insts(fn.block(index));
    Inst terminator = null;
    for (Inst i : insts) {
      InstData d = f.data(i);
      dag.setLine(f.line(i));
      if (d.opcode().isTerminator()) {
        terminator = i;
      } else if (!(d instanceof InstData.Phi)) {
        instruction(i, d);
      }
    }
    exports();
    dag.setLine(f.line(terminator));
    dag.setRoot(terminator(f.data(terminator)));
    return dag;
  }

  // ---- operands

  private SdValue value(Value v) {
    SdValue known = local.get(v);
    if (known != null) {
      return known;
    }
    SdValue made;
    Type t = DagBuilder.dagType(f.type(v));
    ValueDef def = f.def(v);
    if (def instanceof ValueDef.Constant c) {
      DagOpcode op =
          t instanceof ScalarType s && s.isFloat() ? DagOpcode.CONSTANT_FP : DagOpcode.CONSTANT;
      made = dag.node(op, t, NodeAttrs.NONE.withBits(c.bits()));
    } else if (def instanceof ValueDef.Param p && index == fn.paramHome(v)) {
      made = loadParam(p.index(), t);
    } else {
      made = copyFromReg(fn.registerOf(v), t);
    }
    local.put(v, made);
    return made;
  }

  private SdValue loadParam(int paramIndex, Type t) {
    ParamSlot slot = fn.output().params().get(paramIndex);
    return dag.node(DagOpcode.LOAD_PARAM, t, NodeAttrs.loadParam(paramIndex, slot));
  }

  /**
   * A value read from the register that carries it between blocks, in the register's legal type: an
   * integer truncated, a float rounded (exactly: the register holds a value of the narrow type), a
   * vector carried as its bits cast back.
   */
  private SdValue copyFromReg(int reg, Type t) {
    if (fn.isExpanded(t)) {
      Type half = LegalTypes.action(t, fn.target()).into();
      return dag.node(
          DagOpcode.BUILD_PAIR,
          t,
          dag.node(DagOpcode.COPY_FROM_REG, half, NodeAttrs.NONE.withBits(reg)),
          dag.node(DagOpcode.COPY_FROM_REG, half, NodeAttrs.NONE.withBits(reg + 1)));
    }
    Type regType = LegalTypes.registerType(t, fn.target());
    SdValue r = dag.node(DagOpcode.COPY_FROM_REG, regType, NodeAttrs.NONE.withBits(reg));
    if (regType.equals(t)) {
      return r;
    } else if (t instanceof VectorType) {
      return dag.node(DagOpcode.BITCAST, t, r);
    } else if (t instanceof ScalarType s && s.isFloat()) {
      return dag.node(DagOpcode.FP_ROUND, t, NodeAttrs.NONE.withBits(NodeAttrs.EXACT), r);
    }
    return dag.node(DagOpcode.TRUNCATE, t, r);
  }

  private void copyToReg(int reg, SdValue v) {
    if (fn.isExpanded(v.type())) {
      Type half = LegalTypes.action(v.type(), fn.target()).into();
      for (int k = 0; k < 2; k++) {
        SdValue part =
            dag.node(DagOpcode.EXTRACT_ELEMENT, half, v, dag.constant(ScalarType.I32, k));
        chain =
            dag.node(
                    DagOpcode.COPY_TO_REG,
                    List.of(chain, part),
                    List.of(SelectionDag.CHAIN),
                    NodeAttrs.NONE.withBits(reg + k))
                .value();
      }
      return;
    }
    Type regType = LegalTypes.registerType(v.type(), fn.target());
    DagOpcode widen =
        v.type() instanceof VectorType
            ? DagOpcode.BITCAST
            : v.type() instanceof ScalarType s && s.isFloat()
                ? DagOpcode.FP_EXTEND
                : DagOpcode.ANY_EXTEND;
    SdValue widened = regType.equals(v.type()) ? v : dag.node(widen, regType, v);
    chain =
        dag.node(
                DagOpcode.COPY_TO_REG,
                List.of(chain, widened),
                List.of(SelectionDag.CHAIN),
                NodeAttrs.NONE.withBits(reg))
            .value();
  }

  private void exports() {
    for (Value v : fn.exportsOf(index)) {
      copyToReg(fn.registerOf(v), value(v));
    }
    for (DagBuilder.ConstantCopy c : fn.constantCopiesOf(index)) {
      copyToReg(c.reg(), value(c.value()));
    }
  }

  // ---- instructions

  private void instruction(Inst i, InstData d) {
    Value r = f.result(i);
    Type t = r == null ? null : DagBuilder.dagType(f.type(r));
    SdValue made;
    if (d instanceof InstData.Binary x) {
      // only float arithmetic has anything to contract or approximate
      NodeAttrs a = NodeAttrs.NONE.withFastMath(fastMath && x.opcode().isFloatArithmetic());
      LibCalls.Row lib = LibCalls.of(DagOpcodes.binary(x.opcode()), t);
      if (lib != null && fn.librarySymbol(lib.javaName()) != null) {
        a = a.withName(fn.librarySymbol(lib.javaName()));
      }
      made = dag.node(DagOpcodes.binary(x.opcode()), t, a, value(x.lhs()), value(x.rhs()));
    } else if (d instanceof InstData.Unary x) {
      DagOpcode op =
          x.opcode() == dev.jptx.compiler.ir.Opcode.FNEG ? DagOpcode.FNEG : DagOpcode.NEG;
      made = dag.node(op, t, value(x.operand()));
    } else if (d instanceof InstData.Compare x) {
      made =
          dag.node(
              DagOpcode.SETCC,
              t,
              NodeAttrs.NONE.withPredicate(x.predicate()),
              value(x.lhs()),
              value(x.rhs()));
    } else if (d instanceof InstData.Cast x && x.opcode() == Opcode.ADDRSPACECAST) {
      AddressSpace from = ((PointerType) f.type(x.operand())).space();
      SdValue address = value(x.operand());
      if (address.type() != t) {
        // cvta works on 64-bit addresses: a 32-bit .shared address is widened first, as LLVM does
        address = dag.node(DagOpcode.ZERO_EXTEND, t, address);
      }
      made = dag.node(DagOpcode.ADDRSPACE_CAST, t, NodeAttrs.NONE.withSpace(from), address);
    } else if (d instanceof InstData.Cast x) {
      made = dag.node(DagOpcodes.cast(x.opcode()), t, value(x.operand()));
    } else if (d instanceof InstData.Select x) {
      made =
          dag.node(
              DagOpcode.SELECT, t, value(x.condition()), value(x.ifTrue()), value(x.ifFalse()));
    } else if (d instanceof InstData.PtrAdd x) {
      SdValue offset = value(x.offset());
      if (offset.type() != t) {
        offset = ShortAddressArithmetic.low32(dag, offset);
      }
      made = dag.node(DagOpcode.ADD, t, value(x.base()), offset);
    } else if (d instanceof InstData.ExtractElement x) {
      made =
          dag.node(
              DagOpcode.EXTRACT_VECTOR_ELT,
              t,
              value(x.vector()),
              dag.constant(ScalarType.I32, x.lane()));
    } else if (d instanceof InstData.BuildVector x) {
      made =
          dag.node(
              DagOpcode.BUILD_VECTOR,
              t,
              x.lanes().stream().map(this::value).toArray(SdValue[]::new));
    } else if (d instanceof InstData.Load x) {
      made = load(x, t);
    } else if (d instanceof InstData.Store x) {
      store(x);
      return;
    } else if (d instanceof InstData.IntrinsicCall x) {
      made = intrinsic(x, t);
    } else if (d instanceof InstData.Atomic x) {
      made = atomic(x, t);
    } else if (d instanceof InstData.Call x) {
      made = call(x.callee(), x.args(), t);
    } else if (d instanceof InstData.Alloca x) {
      FrameSlot slot = fn.output().addFrameSlot(x.bytes(), x.align());
      made =
          dag.node(
              DagOpcode.FRAME_ADDR,
              t,
              NodeAttrs.NONE.withName(slot.symbol()).withSpace(AddressSpace.LOCAL));
    } else if (d instanceof InstData.GlobalAddress x) {
      AddressSpace space = ((PointerType) f.type(r)).space();
      made =
          dag.node(DagOpcode.GLOBAL_ADDR, t, NodeAttrs.NONE.withName(x.symbol()).withSpace(space));
    } else {
      throw new IllegalStateException("no DAG lowering for " + d.opcode().text());
    }
    if (r != null) {
      local.put(r, made);
    }
  }

  private SdValue intrinsic(InstData.IntrinsicCall x, Type t) {
    Intrinsic in = x.intrinsic();
    String sreg = SpecialRegisters.of(in);
    if (sreg != null) {
      return dag.node(DagOpcode.SPECIAL_REG, t, NodeAttrs.NONE.withName(sreg));
    }
    if (in == Intrinsic.VPRINTF) {
      // CUDA's device runtime function, declared .extern by the printer
      return call("vprintf", x.args(), t);
    }
    DagOpcode generic = DagOpcodes.intrinsic(in);
    if (generic != null) {
      List<SdValue> ops = new ArrayList<>();
      x.args().forEach(v -> ops.add(value(v)));
      return dag.node(generic, ops, List.of(t), NodeAttrs.NONE.withFastMath(fastMath)).value();
    }
    NodeAttrs a = NodeAttrs.NONE.withOperation(in).withFastMath(fastMath);
    List<SdValue> args = new ArrayList<>();
    if (!in.hasSideEffects()) {
      x.args().forEach(v -> args.add(value(v)));
      return dag.node(DagOpcode.INTRINSIC, args, List.of(t), a).value();
    }
    args.add(chain);
    x.args().forEach(v -> args.add(value(v)));
    return chained(DagOpcode.INTRINSIC_CHAIN, args, t, a);
  }

  /** A node with a chain: its chain becomes the block's; returns its value (or null). */
  private SdValue chained(DagOpcode op, List<SdValue> operands, Type t, NodeAttrs a) {
    List<Type> results = t == null ? List.of(SelectionDag.CHAIN) : List.of(t, SelectionDag.CHAIN);
    SdNode n = dag.node(op, operands, results, a);
    chain = n.value(results.size() - 1);
    return t == null ? null : n.value(0);
  }

  private SdValue atomic(InstData.Atomic x, Type t) {
    PointerType p = (PointerType) f.type(x.address());
    List<SdValue> ops = new ArrayList<>();
    ops.add(chain);
    ops.add(value(x.address()));
    x.values().forEach(v -> ops.add(value(v)));
    NodeAttrs a = NodeAttrs.NONE.withMemory(t, p.space(), false).withOperation(x.op());
    return chained(DagOpcode.ATOMIC, ops, t, a);
  }

  private SdValue call(String callee, List<Value> args, Type t) {
    List<SdValue> ops = new ArrayList<>();
    ops.add(chain);
    args.forEach(v -> ops.add(value(v)));
    return chained(DagOpcode.CALL, ops, t, NodeAttrs.NONE.withName(callee));
  }

  private SdValue load(InstData.Load x, Type t) {
    PointerType p = (PointerType) f.type(x.address());
    SdNode n =
        dag.node(
            DagOpcode.LOAD,
            List.of(chain, value(x.address())),
            List.of(t, SelectionDag.CHAIN),
            NodeAttrs.NONE.withMemory(t, p.space(), x.invariant()));
    chain = n.value(1);
    return n.value(0);
  }

  private void store(InstData.Store x) {
    PointerType p = (PointerType) f.type(x.address());
    SdValue v = value(x.value());
    chain =
        dag.node(
                DagOpcode.STORE,
                List.of(chain, v, value(x.address())),
                List.of(SelectionDag.CHAIN),
                NodeAttrs.NONE.withMemory(v.type(), p.space(), false))
            .value();
  }

  private SdValue terminator(InstData d) {
    if (d instanceof InstData.Jump j) {
      return dag.node(
              DagOpcode.BR,
              List.of(chain),
              List.of(SelectionDag.CHAIN),
              NodeAttrs.NONE.withTargets(fn.layoutIndex(j.target())))
          .value();
    } else if (d instanceof InstData.Branch b) {
      return dag.node(
              DagOpcode.BRCOND,
              List.of(chain, value(b.condition())),
              List.of(SelectionDag.CHAIN),
              NodeAttrs.NONE.withTargets(fn.layoutIndex(b.ifTrue()), fn.layoutIndex(b.ifFalse())))
          .value();
    }
    List<SdValue> ops = new ArrayList<>();
    ops.add(chain);
    ((InstData.Return) d).values().forEach(v -> ops.add(value(v)));
    return dag.node(DagOpcode.RET, ops, List.of(SelectionDag.CHAIN), NodeAttrs.NONE).value();
  }
}
