package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Type;
import java.util.List;

/**
 * The non-operand properties a DAG node may carry; each opcode uses the few it needs.
 *
 * @param bits a constant's bit pattern, a parameter's index, a register's id, or {@link #EXACT} on
 *     an {@code FP_ROUND} whose operand is known to be a value of the narrow type
 * @param predicate the comparison of a {@code SETCC}
 * @param memType the type in memory of a {@code LOAD}, {@code STORE}, {@code ATOMIC} or {@code
 *     LOAD_PARAM}, or the narrow type of a {@code SIGN_EXTEND_INREG}
 * @param space the state space of a memory access, a symbol, or the source of an address cast
 * @param invariant a load from memory nothing writes during the launch
 * @param extension how a {@code LOAD} widens a narrow value into its result
 * @param name a special register, a parameter, variable or function symbol
 * @param targets the blocks (layout indices) of {@code BR} and {@code BRCOND}
 * @param fastMath float arithmetic that may be contracted and approximated
 * @param operation the {@code Intrinsic} of an {@code INTRINSIC} node, the {@code AtomicOp} of an
 *     {@code ATOMIC} node
 */
public record NodeAttrs(
    long bits,
    CmpPredicate predicate,
    Type memType,
    AddressSpace space,
    boolean invariant,
    LoadExtension extension,
    String name,
    List<Integer> targets,
    boolean fastMath,
    Enum<?> operation) {

  /**
   * The {@code bits} of an {@code FP_ROUND} that rounds nothing (LLVM's {@code FP_ROUND} "trunc"
   * flag): a promoted half carried between blocks in its {@code f32} register.
   */
  public static final long EXACT = 1;

  /** No attributes. */
  public static final NodeAttrs NONE =
      new NodeAttrs(0, null, null, null, false, LoadExtension.NONE, null, null, false, null);

  /** How a load or parameter load widens a narrow memory value. */
  public enum LoadExtension {
    NONE,
    ZERO,
    SIGN,
    ANY
  }

  /**
   * What a {@code LOAD_PARAM} of parameter {@code index} carries, all of it from the parameter: its
   * index and symbol, its type in memory (pointers are {@code i64}), and for a pointer the space it
   * points into (the selector converts a {@code global} one out of the generic window).
   */
  public static NodeAttrs loadParam(int index, ParamSlot slot) {
    AddressSpace space = slot.type() instanceof PointerType p ? p.space() : AddressSpace.PARAM;
    return NONE.withBits(index)
        .withName(slot.symbol())
        .withMemory(DagBuilder.dagType(slot.type()), space, true);
  }

  /** With a constant, index or register id. */
  public NodeAttrs withBits(long b) {
    return new NodeAttrs(
        b, predicate, memType, space, invariant, extension, name, targets, fastMath, operation);
  }

  /** With a comparison. */
  public NodeAttrs withPredicate(CmpPredicate p) {
    return new NodeAttrs(
        bits, p, memType, space, invariant, extension, name, targets, fastMath, operation);
  }

  /** With a memory access's type and space. */
  public NodeAttrs withMemory(Type t, AddressSpace s, boolean inv) {
    return new NodeAttrs(bits, predicate, t, s, inv, extension, name, targets, fastMath, operation);
  }

  /** With a narrow type (SIGN_EXTEND_INREG). */
  public NodeAttrs withMemType(Type t) {
    return new NodeAttrs(
        bits, predicate, t, space, invariant, extension, name, targets, fastMath, operation);
  }

  /** With a state space alone (symbols, address casts). */
  public NodeAttrs withSpace(AddressSpace s) {
    return new NodeAttrs(
        bits, predicate, memType, s, invariant, extension, name, targets, fastMath, operation);
  }

  /** With a load extension. */
  public NodeAttrs withExtension(LoadExtension e) {
    return new NodeAttrs(
        bits, predicate, memType, space, invariant, e, name, targets, fastMath, operation);
  }

  /** With a name. */
  public NodeAttrs withName(String n) {
    return new NodeAttrs(
        bits, predicate, memType, space, invariant, extension, n, targets, fastMath, operation);
  }

  /** With branch targets. */
  public NodeAttrs withTargets(Integer... t) {
    return new NodeAttrs(
        bits,
        predicate,
        memType,
        space,
        invariant,
        extension,
        name,
        List.of(t),
        fastMath,
        operation);
  }

  /** With fast math on or off. */
  public NodeAttrs withFastMath(boolean f) {
    return new NodeAttrs(
        bits, predicate, memType, space, invariant, extension, name, targets, f, operation);
  }

  /** With an intrinsic or atomic operation. */
  public NodeAttrs withOperation(Enum<?> op) {
    return new NodeAttrs(
        bits, predicate, memType, space, invariant, extension, name, targets, fastMath, op);
  }
}
