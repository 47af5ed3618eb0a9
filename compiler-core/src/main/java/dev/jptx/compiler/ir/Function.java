package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A function of the IR: a kernel entry or a device function. It owns the tables that its {@link
 * Value}, {@link Block} and {@link Inst} handles index, so handles are cheap and passes edit the
 * function only through its methods. Blocks are kept in a layout order; the first is the entry.
 */
public final class Function {

  /** Kernel entries and device functions. */
  public enum Kind {
    KERNEL,
    DEVICE
  }

  private record ValueInfo(Type type, ValueDef def) {}

  private static final class InstInfo {
    InstData data;
    // the block's instruction list it sits in, null once removed
    BlockInsts where;
    Value result;
    int line;
  }

  /**
   * A block's instructions. Instructions name their list, not their block, so that a split can hand
   * the longer part's list to whichever block gets it without touching each instruction.
   */
  private static final class BlockInsts {
    Block block;
    final List<Inst> list = new ArrayList<>();

    BlockInsts(Block block) {
      this.block = block;
    }
  }

  private record ConstantKey(Type type, long bits) {}

  private final String name;
  private final Kind kind;
  private final Type returnType;
  private FunctionAttributes attributes = FunctionAttributes.NONE;
  private final List<Value> params = new ArrayList<>();
  private final List<ParamFlags> paramFlags = new ArrayList<>();
  private final List<ValueInfo> values = new ArrayList<>();
  private final List<InstInfo> insts = new ArrayList<>();
  private final List<BlockInsts> blockInsts = new ArrayList<>();
  private final List<Block> layout = new ArrayList<>();
  private final Map<ConstantKey, Value> constants = new HashMap<>();
  // each value's readers (a superset: removed instructions stay listed), so that replacing a
  // value visits its readers instead of the whole function
  private final Map<Value, Set<Inst>> users = new HashMap<>();

  /** An empty function; add parameters, blocks and instructions next. */
  public Function(String name, Kind kind, Type returnType) {
    this.name = Objects.requireNonNull(name);
    this.kind = Objects.requireNonNull(kind);
    this.returnType = Objects.requireNonNull(returnType);
  }

  /** The symbol name (PTX entry or function name). */
  public String name() {
    return name;
  }

  /** Kernel or device function. */
  public Kind kind() {
    return kind;
  }

  /** The return type; {@code void} for kernels. */
  public Type returnType() {
    return returnType;
  }

  /** Launch bounds, promises and origin. */
  public FunctionAttributes attributes() {
    return attributes;
  }

  /** Replaces the attributes. */
  public void setAttributes(FunctionAttributes attributes) {
    this.attributes = Objects.requireNonNull(attributes);
  }

  // ---- values

  /** Adds a parameter with its promises. */
  public Value addParam(Type type, ParamFlags flags) {
    Value v = newValue(type, new ValueDef.Param(params.size()));
    params.add(v);
    paramFlags.add(Objects.requireNonNull(flags));
    return v;
  }

  /** Adds a parameter without promises. */
  public Value addParam(Type type) {
    return addParam(type, ParamFlags.NONE);
  }

  /** The parameters in order. */
  public List<Value> params() {
    return Collections.unmodifiableList(params);
  }

  /** The promises of the parameter at {@code index}. */
  public ParamFlags paramFlags(int index) {
    return paramFlags.get(index);
  }

  /** The constant of {@code type} with the given bit pattern (interned). */
  public Value constant(Type type, long bits) {
    long normalized = type.bits() >= 64 ? bits : bits & ((1L << type.bits()) - 1);
    return constants.computeIfAbsent(
        new ConstantKey(type, normalized), k -> newValue(type, new ValueDef.Constant(k.bits())));
  }

  /** An {@code i32} constant. */
  public Value i32(int v) {
    return constant(ScalarType.I32, v);
  }

  /** An {@code i64} constant. */
  public Value i64(long v) {
    return constant(ScalarType.I64, v);
  }

  /** The type of a value. */
  public Type type(Value v) {
    return values.get(v.id()).type();
  }

  /** Where a value comes from. */
  public ValueDef def(Value v) {
    return values.get(v.id()).def();
  }

  /** True if {@code v} is a constant. */
  public boolean isConstant(Value v) {
    return def(v) instanceof ValueDef.Constant;
  }

  /** The bit pattern of a constant. */
  public long constantBits(Value v) {
    if (def(v) instanceof ValueDef.Constant c) {
      return c.bits();
    }
    throw new IllegalArgumentException(v + " is not a constant");
  }

  /** The instruction that defines {@code v}, or null for parameters and constants. */
  public Inst definingInst(Value v) {
    return def(v) instanceof ValueDef.Result r ? r.inst() : null;
  }

  /** How many value handles exist (an upper bound for value ids). */
  public int valueCount() {
    return values.size();
  }

  private Value newValue(Type type, ValueDef def) {
    Value v = new Value(values.size());
    values.add(new ValueInfo(type, def));
    return v;
  }

  // ---- blocks

  /** Appends a new empty block to the layout. */
  public Block addBlock() {
    Block b = new Block(blockInsts.size());
    blockInsts.add(new BlockInsts(b));
    layout.add(b);
    return b;
  }

  /** Adds a new empty block right after {@code after} in the layout. */
  public Block addBlockAfter(Block after) {
    Block b = new Block(blockInsts.size());
    blockInsts.add(new BlockInsts(b));
    layout.add(layout.indexOf(after) + 1, b);
    return b;
  }

  /**
   * Splits the block of {@code at} in two: {@code at} and everything after it move to a new block
   * placed right after in the layout, and the phis of the moved terminator's successors now name
   * the new block as their predecessor. The old block is left without a terminator; the caller ends
   * it. Returns the new block.
   */
  public Block splitBlockBefore(Inst at) {
    Block b = blockOf(at);
    Block tail = addBlockAfter(b);
    BlockInsts whole = blockInsts.get(b.id());
    BlockInsts fresh = blockInsts.get(tail.id());
    int from = whole.list.indexOf(at);
    // the shorter part moves, instruction by instruction; the longer keeps its list, which goes to
    // its block (inlining a chain of calls split off the rest of the block once per call)
    boolean headMoves = from < whole.list.size() - from;
    List<Inst> part =
        headMoves ? whole.list.subList(0, from) : whole.list.subList(from, whole.list.size());
    for (Inst i : part) {
      insts.get(i.id()).where = fresh;
    }
    fresh.list.addAll(part);
    part.clear();
    if (headMoves) {
      whole.block = tail;
      fresh.block = b;
      blockInsts.set(b.id(), fresh);
      blockInsts.set(tail.id(), whole);
    }
    for (Block s : successors(tail)) {
      for (Inst i : insts(s)) {
        if (data(i) instanceof InstData.Phi) {
          setData(i, data(i).mapBlocks(x -> x.equals(b) ? tail : x));
        }
      }
    }
    return tail;
  }

  /** The blocks in layout order; the first is the entry. */
  public List<Block> blocks() {
    return Collections.unmodifiableList(layout);
  }

  /** The entry block. */
  public Block entry() {
    return layout.get(0);
  }

  /** Removes an unreachable, unreferenced block and its instructions. */
  public void removeBlock(Block b) {
    for (Inst i : new ArrayList<>(blockInsts.get(b.id()).list)) {
      remove(i);
    }
    layout.remove(b);
  }

  /** Reorders the layout; {@code order} must hold every block exactly once, entry first. */
  public void setLayout(List<Block> order) {
    if (order.size() != layout.size() || !order.containsAll(layout)) {
      throw new IllegalArgumentException("layout must be a permutation of the blocks");
    }
    layout.clear();
    layout.addAll(order);
  }

  /** The instructions of a block in order. */
  public List<Inst> insts(Block b) {
    return Collections.unmodifiableList(blockInsts.get(b.id()).list);
  }

  /** The last instruction of a block, or null if the block is empty. */
  public Inst terminator(Block b) {
    List<Inst> list = blockInsts.get(b.id()).list;
    if (list.isEmpty()) {
      return null;
    }
    Inst last = list.get(list.size() - 1);
    return data(last).opcode().isTerminator() ? last : null;
  }

  /** The successors of a block, from its terminator. */
  public List<Block> successors(Block b) {
    Inst t = terminator(b);
    return t == null ? List.of() : data(t).successors();
  }

  // ---- instructions

  /** Appends an instruction to a block; returns it. {@code resultType} may be {@code void}. */
  public Inst append(Block b, InstData data, Type resultType, int line) {
    Inst inst = create(b, data, resultType, line);
    blockInsts.get(b.id()).list.add(inst);
    return inst;
  }

  /** Inserts an instruction before {@code before}, in the same block; returns it. */
  public Inst insertBefore(Inst before, InstData data, Type resultType, int line) {
    Block b = blockOf(before);
    Inst inst = create(b, data, resultType, line);
    List<Inst> list = blockInsts.get(b.id()).list;
    list.add(list.indexOf(before), inst);
    return inst;
  }

  /** Inserts an instruction at the start of a block (after its phis if it is not a phi). */
  public Inst insertAtStart(Block b, InstData data, Type resultType, int line) {
    Inst inst = create(b, data, resultType, line);
    List<Inst> list = blockInsts.get(b.id()).list;
    int at = 0;
    if (data.opcode() != Opcode.PHI) {
      while (at < list.size() && data(list.get(at)).opcode() == Opcode.PHI) {
        at++;
      }
    }
    list.add(at, inst);
    return inst;
  }

  private Inst create(Block b, InstData data, Type resultType, int line) {
    Inst inst = new Inst(insts.size());
    InstInfo info = new InstInfo();
    info.data = Objects.requireNonNull(data);
    info.where = blockInsts.get(b.id());
    info.line = line;
    insts.add(info);
    addUses(inst, data);
    if (!(resultType instanceof VoidType)) {
      info.result = newValue(resultType, new ValueDef.Result(inst));
    }
    return inst;
  }

  /**
   * Moves a live instruction to just before {@code before} (which may be in another block), keeping
   * its result, payload and line. The caller keeps the function well formed: the moved instruction
   * must still be dominated by its operands and dominate its uses.
   */
  public void moveBefore(Inst inst, Inst before) {
    detach(inst);
    Block b = blockOf(before);
    List<Inst> list = blockInsts.get(b.id()).list;
    list.add(list.indexOf(before), inst);
    insts.get(inst.id()).where = blockInsts.get(b.id());
  }

  /** Moves a live instruction to the end of {@code b}; otherwise as {@link #moveBefore}. */
  public void moveToEnd(Inst inst, Block b) {
    detach(inst);
    blockInsts.get(b.id()).list.add(inst);
    insts.get(inst.id()).where = blockInsts.get(b.id());
  }

  private void detach(Inst inst) {
    InstInfo info = insts.get(inst.id());
    if (info.where == null) {
      throw new IllegalArgumentException(inst + " is not in a block");
    }
    info.where.list.remove(inst);
    info.where = null;
  }

  /** Removes an instruction from its block. Its result must have no remaining uses. */
  public void remove(Inst inst) {
    InstInfo info = insts.get(inst.id());
    if (info.where != null) {
      info.where.list.remove(inst);
      info.where = null;
    }
  }

  /** True while the instruction sits in a block. */
  public boolean isLive(Inst inst) {
    return insts.get(inst.id()).where != null;
  }

  /** The payload. */
  public InstData data(Inst inst) {
    return insts.get(inst.id()).data;
  }

  /** Replaces the payload; the format may change, the result type may not. */
  public void setData(Inst inst, InstData data) {
    InstInfo info = insts.get(inst.id());
    InstData old = info.data;
    info.data = Objects.requireNonNull(data);
    List<Value> now = data.operands();
    for (Value v : old.operands()) {
      if (v != null && !now.contains(v)) {
        Set<Inst> us = users.get(v);
        if (us != null) {
          us.remove(inst);
        }
      }
    }
    addUses(inst, data);
  }

  private void addUses(Inst inst, InstData data) {
    for (Value v : data.operands()) {
      if (v != null) {
        users.computeIfAbsent(v, k -> new HashSet<>()).add(inst);
      }
    }
  }

  /** The result value, or null if the instruction produces none. */
  public Value result(Inst inst) {
    return insts.get(inst.id()).result;
  }

  /** The block that holds the instruction, or null once removed. */
  public Block blockOf(Inst inst) {
    BlockInsts where = insts.get(inst.id()).where;
    return where == null ? null : where.block;
  }

  /** The Java source line, or 0 if unknown. */
  public int line(Inst inst) {
    return insts.get(inst.id()).line;
  }

  /** Sets the Java source line (0 if unknown). */
  public void setLine(Inst inst, int line) {
    insts.get(inst.id()).line = line;
  }

  /** Replaces every use of {@code from} by {@code to}, in every live instruction. */
  public void replaceAllUses(Value from, Value to) {
    Set<Inst> us = users.get(from);
    if (us == null || from.equals(to)) {
      return;
    }
    for (Inst i : List.copyOf(us)) {
      InstData d = data(i);
      if (isLive(i) && d.operands().contains(from)) {
        setData(i, d.mapOperands(v -> v.equals(from) ? to : v));
      }
    }
  }

  /**
   * The live instructions that read {@code v}, in the order they were made: found through the use
   * lists, so a pass can visit a value's readers without walking the function.
   */
  public List<Inst> readers(Value v) {
    Set<Inst> us = users.get(v);
    if (us == null) {
      return List.of();
    }
    List<Inst> out = new ArrayList<>();
    for (Inst i : us) {
      if (isLive(i) && data(i).operands().contains(v)) {
        out.add(i);
      }
    }
    out.sort(Comparator.comparingInt(Inst::id));
    return out;
  }

  /** All live instructions in layout order. */
  public List<Inst> allInsts() {
    List<Inst> all = new ArrayList<>();
    for (Block b : layout) {
      all.addAll(blockInsts.get(b.id()).list);
    }
    return all;
  }
}
