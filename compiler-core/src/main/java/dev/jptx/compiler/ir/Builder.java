package dev.jptx.compiler.ir;

import java.util.List;

/**
 * Appends instructions to a block, or inserts them before one, all with one Java line: the small
 * vocabulary lowerings and the front end use to spell out operations in IR.
 */
public final class Builder {
  private final Function f;
  private Block block;
  private Inst before;
  private final int line;

  private Builder(Function f, Block block, Inst before, int line) {
    this.f = f;
    this.block = block;
    this.before = before;
    this.line = line;
  }

  /** A builder appending to the end of {@code b}. */
  public static Builder atEnd(Function f, Block b, int line) {
    return new Builder(f, b, null, line);
  }

  /** A builder inserting before {@code i}. */
  public static Builder before(Function f, Inst i, int line) {
    return new Builder(f, f.blockOf(i), i, line);
  }

  /** The function. */
  public Function function() {
    return f;
  }

  /** Moves to the end of another block. */
  public void moveToEnd(Block b) {
    block = b;
    before = null;
  }

  /** Adds an instruction; returns its result (null for none). */
  public Value add(InstData d, Type resultType) {
    Inst i =
        before == null
            ? f.append(block, d, resultType, line)
            : f.insertBefore(before, d, resultType, line);
    return f.result(i);
  }

  /** Adds an instruction without a result. */
  public void addVoid(InstData d) {
    add(d, VoidType.VOID);
  }

  public Value binary(Opcode op, Value a, Value b) {
    return add(new InstData.Binary(op, a, b), f.type(a));
  }

  public Value icmp(CmpPredicate p, Value a, Value b) {
    return add(new InstData.Compare(Opcode.ICMP, p, a, b), ScalarType.I1);
  }

  public Value fcmp(CmpPredicate p, Value a, Value b) {
    return add(new InstData.Compare(Opcode.FCMP, p, a, b), ScalarType.I1);
  }

  public Value select(Value c, Value a, Value b) {
    return add(new InstData.Select(c, a, b), f.type(a));
  }

  public Value cast(Opcode op, Value v, Type to) {
    return add(new InstData.Cast(op, v), to);
  }

  /** {@code v}'s bits as the integer type of its width, or the reverse. */
  public Value bitcast(Value v, Type to) {
    return f.type(v).equals(to) ? v : cast(Opcode.BITCAST, v, to);
  }

  public Value intrinsic(Intrinsic in, Type result, Value... args) {
    return add(new InstData.IntrinsicCall(in, List.of(args)), result);
  }

  public Value load(Value address, Type t) {
    return add(new InstData.Load(address, false), t);
  }

  public void store(Value address, Value v) {
    addVoid(new InstData.Store(address, v));
  }

  public Value ptrAdd(Value base, Value offset) {
    return add(new InstData.PtrAdd(base, offset), f.type(base));
  }

  public void jump(Block target) {
    addVoid(new InstData.Jump(target));
  }

  public void branch(Value c, Block ifTrue, Block ifFalse) {
    addVoid(new InstData.Branch(c, ifTrue, ifFalse));
  }
}
