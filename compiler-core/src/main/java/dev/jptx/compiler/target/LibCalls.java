package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.List;

/**
 * The library calls of the operation action table ({@code LibCall} rows): which method of jptx's
 * device library ({@code dev.jptx.compiler.libdevice}, Java compiled by jptx itself) computes an
 * operation PTX has no instruction for. The front end pulls the method into the module where the
 * operation appears, dead-function removal keeps it while the operation does, and operation
 * legalization replaces the operation by a call of it.
 */
public final class LibCalls {
  /** The package of the device library's classes. */
  public static final String LIBRARY = "dev.jptx.compiler.libdevice.";

  /** One entry: {@code op} on {@code type} is {@code libraryClass.method descriptor}. */
  public record Row(
      DagOpcode op, Type type, String libraryClass, String method, String descriptor) {
    /** The method's name as functions carry it ({@code FunctionAttributes.javaName}). */
    public String javaName() {
      return LIBRARY + libraryClass + "." + method;
    }

    /** The class's internal name, for class-file lookup. */
    public String owner() {
      return (LIBRARY + libraryClass).replace('.', '/');
    }
  }

  private static final List<Row> ROWS =
      List.of(
          new Row(DagOpcode.FREM, ScalarType.F32, "Remainder", "frem", "(FF)F"),
          new Row(DagOpcode.FREM, ScalarType.F64, "Remainder", "drem", "(DD)D"));

  private LibCalls() {}

  /** The library method for {@code op} on {@code type}, or null. */
  public static Row of(DagOpcode op, Type type) {
    for (Row r : ROWS) {
      if (r.op() == op && r.type().equals(type)) {
        return r;
      }
    }
    return null;
  }

  /** All rows, for table tests. */
  public static List<Row> rows() {
    return ROWS;
  }
}
