package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The payload of an instruction, one record per {@link Format}. Payloads are immutable; a pass that
 * changes an instruction replaces its payload. The result type lives in the function's value table,
 * not here.
 */
public sealed interface InstData {

  /** The opcode; its format matches the record. */
  Opcode opcode();

  /** The SSA values read, in operand order. */
  List<Value> operands();

  /** This payload with each operand mapped through {@code f}. */
  InstData mapOperands(UnaryOperator<Value> f);

  /** The blocks control may flow to after a terminator; empty for other instructions. */
  default List<Block> successors() {
    return List.of();
  }

  /** This payload with each successor block (including phi predecessors) mapped through f. */
  default InstData mapBlocks(UnaryOperator<Block> f) {
    return this;
  }

  /** {@code add sub mul ... fdiv}: both operands and the result have one type. */
  record Binary(Opcode opcode, Value lhs, Value rhs) implements InstData {
    @Override
    public List<Value> operands() {
      return List.of(lhs, rhs);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Binary(opcode, f.apply(lhs), f.apply(rhs));
    }
  }

  /** {@code neg fneg}. */
  record Unary(Opcode opcode, Value operand) implements InstData {
    @Override
    public List<Value> operands() {
      return List.of(operand);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Unary(opcode, f.apply(operand));
    }
  }

  /** {@code icmp fcmp}: an {@code i1} result. */
  record Compare(Opcode opcode, CmpPredicate predicate, Value lhs, Value rhs) implements InstData {
    @Override
    public List<Value> operands() {
      return List.of(lhs, rhs);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Compare(opcode, predicate, f.apply(lhs), f.apply(rhs));
    }
  }

  /** Conversions; the target type is the result's type. */
  record Cast(Opcode opcode, Value operand) implements InstData {
    @Override
    public List<Value> operands() {
      return List.of(operand);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Cast(opcode, f.apply(operand));
    }
  }

  /** {@code select}: {@code condition ? ifTrue : ifFalse}. */
  record Select(Value condition, Value ifTrue, Value ifFalse) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.SELECT;
    }

    @Override
    public List<Value> operands() {
      return List.of(condition, ifTrue, ifFalse);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Select(f.apply(condition), f.apply(ifTrue), f.apply(ifFalse));
    }
  }

  /**
   * {@code load}: reads the result type from {@code address}. {@code invariant} promises that the
   * memory does not change during the launch (a {@code @ReadOnly} array), so the backend may use
   * the non-coherent read-only path.
   */
  record Load(Value address, boolean invariant) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.LOAD;
    }

    @Override
    public List<Value> operands() {
      return List.of(address);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Load(f.apply(address), invariant);
    }
  }

  /** {@code store}: writes {@code value} to {@code address}. */
  record Store(Value address, Value value) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.STORE;
    }

    @Override
    public List<Value> operands() {
      return List.of(address, value);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Store(f.apply(address), f.apply(value));
    }
  }

  /** {@code ptradd}: a pointer plus an {@code i64} byte offset, in the same space. */
  record PtrAdd(Value base, Value offset) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.PTRADD;
    }

    @Override
    public List<Value> operands() {
      return List.of(base, offset);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new PtrAdd(f.apply(base), f.apply(offset));
    }
  }

  /** {@code extractelement}: lane {@code lane} (a constant) of {@code vector}. */
  record ExtractElement(Value vector, int lane) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.EXTRACTELEMENT;
    }

    @Override
    public List<Value> operands() {
      return List.of(vector);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new ExtractElement(f.apply(vector), lane);
    }
  }

  /** {@code buildvector}: a vector of {@code lanes}, lane 0 first. */
  record BuildVector(List<Value> lanes) implements InstData {
    /** Copies the lanes. */
    public BuildVector {
      lanes = List.copyOf(lanes);
    }

    @Override
    public Opcode opcode() {
      return Opcode.BUILDVECTOR;
    }

    @Override
    public List<Value> operands() {
      return lanes;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(lanes.size());
      lanes.forEach(v -> mapped.add(f.apply(v)));
      return new BuildVector(mapped);
    }
  }

  /**
   * {@code atomic}: a read-modify-write of the value at {@code address}, returning the old value;
   * {@code values} holds one operand ({@code cas}: expected, then desired).
   */
  record Atomic(AtomicOp op, Value address, List<Value> values) implements InstData {
    /** Copies the value list and checks its size. */
    public Atomic {
      values = List.copyOf(values);
      if (values.size() != op.valueCount()) {
        throw new IllegalArgumentException("atomic " + op.text() + " takes " + op.valueCount());
      }
    }

    @Override
    public Opcode opcode() {
      return Opcode.ATOMIC;
    }

    @Override
    public List<Value> operands() {
      List<Value> all = new ArrayList<>(values.size() + 1);
      all.add(address);
      all.addAll(values);
      return all;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(values.size());
      values.forEach(v -> mapped.add(f.apply(v)));
      return new Atomic(op, f.apply(address), mapped);
    }
  }

  /**
   * {@code alloca}: {@code bytes} of per-thread memory for the function's activation, aligned to
   * {@code align}; the result is a {@code ptr.local}. Its contents start undefined.
   */
  record Alloca(int bytes, int align) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.ALLOCA;
    }

    @Override
    public List<Value> operands() {
      return List.of();
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return this;
    }
  }

  /** {@code globaladdr}: the address of a module variable, in the variable's space. */
  record GlobalAddress(String symbol) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.GLOBALADDR;
    }

    @Override
    public List<Value> operands() {
      return List.of();
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return this;
    }
  }

  /** {@code phi}: the value that arrives from each predecessor, in matching order. */
  record Phi(List<Block> blocks, List<Value> values) implements InstData {
    /** Copies the lists and checks they match. */
    public Phi {
      blocks = List.copyOf(blocks);
      values = List.copyOf(values);
      if (blocks.size() != values.size()) {
        throw new IllegalArgumentException("phi blocks and values differ in number");
      }
    }

    @Override
    public Opcode opcode() {
      return Opcode.PHI;
    }

    @Override
    public List<Value> operands() {
      return values;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(values.size());
      values.forEach(v -> mapped.add(f.apply(v)));
      return new Phi(blocks, mapped);
    }

    @Override
    public InstData mapBlocks(UnaryOperator<Block> f) {
      List<Block> mapped = new ArrayList<>(blocks.size());
      blocks.forEach(b -> mapped.add(f.apply(b)));
      return new Phi(mapped, values);
    }

    /** The value arriving from {@code pred}. */
    public Value valueFrom(Block pred) {
      int i = blocks.indexOf(pred);
      if (i < 0) {
        throw new IllegalArgumentException("phi has no incoming value from " + pred);
      }
      return values.get(i);
    }
  }

  /** {@code call}: a direct call of a function of the module. */
  record Call(String callee, List<Value> args) implements InstData {
    /** Copies the argument list. */
    public Call {
      args = List.copyOf(args);
    }

    @Override
    public Opcode opcode() {
      return Opcode.CALL;
    }

    @Override
    public List<Value> operands() {
      return args;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(args.size());
      args.forEach(v -> mapped.add(f.apply(v)));
      return new Call(callee, mapped);
    }
  }

  /** {@code intrinsic}: an operation the backend knows by name. */
  record IntrinsicCall(Intrinsic intrinsic, List<Value> args) implements InstData {
    /** Copies the argument list. */
    public IntrinsicCall {
      args = List.copyOf(args);
    }

    @Override
    public Opcode opcode() {
      return Opcode.INTRINSIC;
    }

    @Override
    public List<Value> operands() {
      return args;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(args.size());
      args.forEach(v -> mapped.add(f.apply(v)));
      return new IntrinsicCall(intrinsic, mapped);
    }
  }

  /** {@code jump}: an unconditional branch. */
  record Jump(Block target) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.JUMP;
    }

    @Override
    public List<Value> operands() {
      return List.of();
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return this;
    }

    @Override
    public List<Block> successors() {
      return List.of(target);
    }

    @Override
    public InstData mapBlocks(UnaryOperator<Block> f) {
      return new Jump(f.apply(target));
    }
  }

  /** {@code br}: to {@code ifTrue} when the {@code i1} condition holds, else {@code ifFalse}. */
  record Branch(Value condition, Block ifTrue, Block ifFalse) implements InstData {
    @Override
    public Opcode opcode() {
      return Opcode.BR;
    }

    @Override
    public List<Value> operands() {
      return List.of(condition);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Branch(f.apply(condition), ifTrue, ifFalse);
    }

    @Override
    public List<Block> successors() {
      return List.of(ifTrue, ifFalse);
    }

    @Override
    public InstData mapBlocks(UnaryOperator<Block> f) {
      return new Branch(condition, f.apply(ifTrue), f.apply(ifFalse));
    }
  }

  /**
   * {@code switch}: to the target of the first key equal to the {@code i32} value, else to {@code
   * otherwise}. Several keys may share a target; keys are distinct.
   */
  record Switch(Value value, List<Long> keys, List<Block> targets, Block otherwise)
      implements InstData {
    /** Copies the lists and checks they match. */
    public Switch {
      keys = List.copyOf(keys);
      targets = List.copyOf(targets);
      if (keys.size() != targets.size()) {
        throw new IllegalArgumentException("switch keys and targets differ in number");
      }
    }

    @Override
    public Opcode opcode() {
      return Opcode.SWITCH;
    }

    @Override
    public List<Value> operands() {
      return List.of(value);
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      return new Switch(f.apply(value), keys, targets, otherwise);
    }

    @Override
    public List<Block> successors() {
      List<Block> all = new ArrayList<>(targets);
      all.add(otherwise);
      return all.stream().distinct().toList();
    }

    @Override
    public InstData mapBlocks(UnaryOperator<Block> f) {
      List<Block> mapped = new ArrayList<>(targets.size());
      targets.forEach(b -> mapped.add(f.apply(b)));
      return new Switch(value, keys, mapped, f.apply(otherwise));
    }
  }

  /** {@code ret}: leaves the function, with a value unless it returns {@code void}. */
  record Return(List<Value> values) implements InstData {
    /** Copies the value list (empty or one value). */
    public Return {
      values = List.copyOf(values);
    }

    @Override
    public Opcode opcode() {
      return Opcode.RET;
    }

    @Override
    public List<Value> operands() {
      return values;
    }

    @Override
    public InstData mapOperands(UnaryOperator<Value> f) {
      List<Value> mapped = new ArrayList<>(values.size());
      values.forEach(v -> mapped.add(f.apply(v)));
      return new Return(mapped);
    }
  }
}
