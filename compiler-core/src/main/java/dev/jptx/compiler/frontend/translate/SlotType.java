package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.AddressSpace;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.Value;

/**
 * What {@link TypeInterpreter} knows of a local or stack slot: its Java type, with {@code boolean
 * byte short char} widened to {@code int} as the JVM does, but arrays kept exact so that {@code
 * baload} knows a {@code boolean[]} from a {@code byte[]}.
 *
 * <p>For an array it also knows the state space the array lives in wherever the slot can come from:
 * a kernel parameter's global memory, a local array, a shared array, a constant table, or, where
 * several meet or a device function's parameter arrives, generic.
 *
 * @param type the Java type, or null for an uninitialized or conflicting slot
 * @param space the state space of an array, or null
 */
public record SlotType(Type type, AddressSpace space) implements Value {
  /** A slot of a type that is not an array. */
  public SlotType(Type type) {
    this(type, null);
  }

  /** An unusable slot (uninitialized, or merged from different types). */
  public static final SlotType UNUSABLE = new SlotType(null);

  /** The type of {@code null}. */
  public static final SlotType NULL = new SlotType(Type.getObjectType("null"));

  @Override
  public int getSize() {
    return type != null && (type.getSort() == Type.LONG || type.getSort() == Type.DOUBLE) ? 2 : 1;
  }

  /** True for object and array types (and null). */
  public boolean isReference() {
    return type != null && (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY);
  }
}
