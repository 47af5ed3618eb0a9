package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Signature;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.List;

/**
 * How the row tables of intrinsic nodes (legalization's lowerings, selection's rows) read an {@code
 * INTRINSIC} or {@code INTRINSIC_CHAIN} node: its intrinsic, its data operands, and the one type a
 * row is keyed by.
 */
public final class IntrinsicNodes {
  private IntrinsicNodes() {}

  /** The intrinsic of the node. */
  public static Intrinsic intrinsic(SdNode n) {
    return (Intrinsic) n.attrs().operation();
  }

  /** The data operands (after the chain of a chained intrinsic). */
  public static List<SdValue> arguments(SdNode n) {
    int skip = n.opcode() == DagOpcode.INTRINSIC_CHAIN ? 1 : 0;
    return n.operands().subList(skip, n.operands().size());
  }

  /**
   * The type rows are keyed by: the result type; the argument's type where the result type is fixed
   * whatever the argument ({@code ctpop} of an {@code i32} or an {@code i64}, both into an {@code
   * i32}); for a {@code void} intrinsic its first argument's type, or null without arguments.
   */
  public static Type keyType(SdNode n) {
    List<SdValue> args = arguments(n);
    if (intrinsic(n).signature() instanceof Signature.FromAny) {
      return args.get(0).type();
    }
    Type t = n.resultTypes().get(0);
    if (!(t instanceof VoidType)) {
      return t;
    }
    return args.isEmpty() ? null : args.get(0).type();
  }
}
