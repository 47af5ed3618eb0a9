package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Value;
import org.objectweb.asm.Type;

/**
 * What a JVM stack or local slot holds during translation: one IR value, an array (its device
 * address and its length, the kernel ABI's two halves), or poison left by a construct already
 * reported as an error, so translation can go on and report the next one.
 */
public sealed interface Operand {
  /** A primitive value. */
  record Scalar(Value value) implements Operand {}

  /**
   * An array reference.
   *
   * @param address its {@code ptr.global} (or other space) base address
   * @param length its {@code i32} length
   * @param elementType the Java element type
   * @param readOnly true if it comes from a {@code @ReadOnly} parameter on every path
   */
  record ArrayRef(Value address, Value length, Type elementType, boolean readOnly)
      implements Operand {}

  /**
   * An array of arrays of primitives passed in (a kernel or device function parameter): a table of
   * row addresses, a table of row lengths, and the number of rows. Rows live in the space of the
   * tables ({@code rows}' pointer type).
   *
   * @param rows the address of {@code count} 64-bit row addresses
   * @param lengths the address of {@code count} {@code i32} row lengths
   * @param count the number of rows
   * @param elementType the Java element type of the rows
   */
  record RowTable(Value rows, Value lengths, Value count, Type elementType) implements Operand {}

  /**
   * A local {@code new T[rows][columns]}: one {@code .local} block, row {@code i} at {@code i *
   * columns} elements. The sizes are values so that a join can merge them, but they are constants.
   *
   * @param data the {@code ptr.local} address of row 0
   * @param columns the length of every row
   * @param count the number of rows
   * @param elementType the Java element type of the rows
   */
  record LocalRows(Value data, Value columns, Value count, Type elementType) implements Operand {}

  /**
   * A record of primitives as a value: one operand per component, in declaration order (a {@link
   * Scalar}, or a {@code RecordValue} for a nested record). No object of it exists at run time.
   *
   * @param type the record class
   * @param components its components' values
   */
  record RecordValue(Type type, java.util.List<Operand> components) implements Operand {
    /** Copies the component list. */
    public RecordValue {
      components = java.util.List.copyOf(components);
    }
  }

  /**
   * What {@code new R} pushes for a value record until its constructor call turns every copy of it
   * on the stack into a {@link RecordValue}; a class, so that two such {@code new}s stay apart.
   */
  final class Unconstructed implements Operand {
    final Type type;

    Unconstructed(Type type) {
      this.type = type;
    }
  }

  /** The result of a construct already reported; any use of it stays silent. */
  record Poison(SlotType type) implements Operand {}
}
