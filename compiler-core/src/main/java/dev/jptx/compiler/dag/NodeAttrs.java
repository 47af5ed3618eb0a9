package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Type;

/**
 * The non-operand properties a DAG node may carry; each opcode uses the few it needs.
 *
 * @param bits a constant's bit pattern, a parameter's index, or a register's id
 * @param predicate the comparison of a {@code SETCC}
 * @param memType the type in memory of a {@code LOAD}, {@code STORE} or {@code LOAD_PARAM}, or the
 *     narrow type of a {@code SIGN_EXTEND_INREG}
 * @param space the state space of a memory access
 * @param invariant a load from memory nothing writes during the launch
 * @param extension how a {@code LOAD} widens a narrow value into its result
 * @param name a special register, or a parameter symbol
 * @param targets the blocks (layout indices) of {@code BR} and {@code BRCOND}
 * @param fastMath float arithmetic that may be contracted and approximated
 */
public record NodeAttrs(
    long bits,
    CmpPredicate predicate,
    Type memType,
    AddressSpace space,
    boolean invariant,
    LoadExtension extension,
    String name,
    java.util.List<Integer> targets,
    boolean fastMath) {

  /** No attributes. */
  public static final NodeAttrs NONE =
      new NodeAttrs(0, null, null, null, false, LoadExtension.NONE, null, null, false);

  /** How a load or parameter load widens a narrow memory value. */
  public enum LoadExtension {
    NONE,
    ZERO,
    SIGN,
    ANY
  }

  /** With a constant, index or register id. */
  public NodeAttrs withBits(long b) {
    return new NodeAttrs(
        b, predicate, memType, space, invariant, extension, name, targets, fastMath);
  }

  /** With a comparison. */
  public NodeAttrs withPredicate(CmpPredicate p) {
    return new NodeAttrs(bits, p, memType, space, invariant, extension, name, targets, fastMath);
  }

  /** With a memory access's type and space. */
  public NodeAttrs withMemory(Type t, AddressSpace s, boolean inv) {
    return new NodeAttrs(bits, predicate, t, s, inv, extension, name, targets, fastMath);
  }

  /** With a narrow type (SIGN_EXTEND_INREG). */
  public NodeAttrs withMemType(Type t) {
    return new NodeAttrs(bits, predicate, t, space, invariant, extension, name, targets, fastMath);
  }

  /** With a load extension. */
  public NodeAttrs withExtension(LoadExtension e) {
    return new NodeAttrs(bits, predicate, memType, space, invariant, e, name, targets, fastMath);
  }

  /** With a name. */
  public NodeAttrs withName(String n) {
    return new NodeAttrs(
        bits, predicate, memType, space, invariant, extension, n, targets, fastMath);
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
        java.util.List.of(t),
        fastMath);
  }

  /** With fast math on or off. */
  public NodeAttrs withFastMath(boolean f) {
    return new NodeAttrs(bits, predicate, memType, space, invariant, extension, name, targets, f);
  }
}
