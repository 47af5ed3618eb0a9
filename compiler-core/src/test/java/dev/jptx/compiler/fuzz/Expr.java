package dev.jptx.compiler.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A generated expression: its exact static Java type, whether evaluating it has side effects, and
 * its text as a list of parts, each a {@code String} or a sub-expression. Immutable; the reducer
 * rewrites trees by replacing nodes.
 */
final class Expr {
  final JType type;
  final boolean pure;

  /**
   * The reducer must not replace this node (its sub-expressions it may): a loop bound, a slot index
   * or a divisor guard whose removal would make the kernel run long, race or divide by zero.
   */
  final boolean locked;

  private final List<Object> parts;

  private Expr(JType type, boolean pure, boolean locked, List<Object> parts) {
    this.type = type;
    this.pure = pure;
    this.locked = locked;
    this.parts = List.copyOf(parts);
  }

  private Expr(JType type, boolean pure, List<Object> parts) {
    this(type, pure, false, parts);
  }

  /** This expression, locked against the reducer. */
  Expr lock() {
    return new Expr(type, pure, true, parts);
  }

  /** An expression without side effects of its own: pure if all its sub-expressions are. */
  static Expr of(JType type, Object... parts) {
    boolean pure = true;
    for (Object p : parts) {
      if (p instanceof Expr e && !e.pure) {
        pure = false;
      }
    }
    return new Expr(type, pure, List.of(parts));
  }

  /** An expression that assigns (an increment, an assignment expression). */
  static Expr impure(JType type, Object... parts) {
    return new Expr(type, false, List.of(parts));
  }

  /** A literal, a variable, anything without sub-expressions. */
  static Expr leaf(JType type, String text) {
    return new Expr(type, true, List.of(text));
  }

  /** The literal {@code 0} (or {@code false}) of a type: what the reducer puts in. */
  static Expr zero(JType type) {
    return leaf(type, Values.zeroLiteral(type));
  }

  List<Expr> children() {
    List<Expr> out = new ArrayList<>();
    for (Object p : parts) {
      if (p instanceof Expr e) {
        out.add(e);
      }
    }
    return out;
  }

  /** This tree with every node {@code f} maps to something else replaced, bottom-up. */
  Expr rewrite(UnaryOperator<Expr> f) {
    Expr mapped = f.apply(this);
    if (mapped != this) {
      return mapped;
    }
    List<Object> out = new ArrayList<>(parts.size());
    boolean changed = false;
    for (Object p : parts) {
      Object q = p instanceof Expr e ? e.rewrite(f) : p;
      changed |= q != p;
      out.add(q);
    }
    return changed ? new Expr(type, pure, locked, out) : this;
  }

  /** Every node of the tree, this one first. */
  void collect(List<Expr> into) {
    into.add(this);
    for (Object p : parts) {
      if (p instanceof Expr e) {
        e.collect(into);
      }
    }
  }

  /** The Java text. */
  String render() {
    StringBuilder sb = new StringBuilder();
    render(sb);
    return sb.toString();
  }

  void render(StringBuilder sb) {
    for (Object p : parts) {
      if (p instanceof Expr e) {
        e.render(sb);
      } else {
        sb.append(p);
      }
    }
  }

  @Override
  public String toString() {
    return render();
  }
}
