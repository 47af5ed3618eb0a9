package dev.jptx.compiler.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated statement: a list of parts, each a {@code String}, an {@link Expr} or a nested {@link
 * Block}, rendered one after the other. Immutable, so the reducer can try a smaller tree and keep
 * the original.
 */
final class Stmt {
  /** A line break inside a statement, indented one level deeper than the statement. */
  static final Object NL = new Object();

  /** A line break inside a statement, at the statement's own indentation. */
  static final Object NL0 = new Object();

  private final List<Object> parts;

  private Stmt(List<Object> parts) {
    this.parts = List.copyOf(parts);
  }

  /** A statement from its parts; a simple statement ends with its own {@code ;}. */
  static Stmt of(Object... parts) {
    return new Stmt(List.of(parts));
  }

  /**
   * A braced list of statements. The reducer leaves the statements of a {@code locked} block
   * together (a shared-memory exchange around its barrier).
   */
  record Block(List<Stmt> stmts, boolean locked) {
    Block {
      stmts = List.copyOf(stmts);
    }

    Block(List<Stmt> stmts) {
      this(stmts, false);
    }

    /** This block with {@code target} (a statement, block or expression) replaced anywhere. */
    Block replace(Object target, List<?> replacement) {
      List<Stmt> out = new ArrayList<>();
      boolean changed = false;
      for (Stmt s : stmts) {
        if (s == target) {
          for (Object r : replacement) {
            out.add((Stmt) r);
          }
          changed = true;
        } else {
          Stmt t = s.replace(target, replacement);
          changed |= t != s;
          out.add(t);
        }
      }
      return changed ? new Block(out, locked) : this;
    }

    void render(StringBuilder sb, int indent) {
      sb.append("{\n");
      for (Stmt s : stmts) {
        sb.append("  ".repeat(indent + 1));
        s.render(sb, indent + 1);
        sb.append('\n');
      }
      sb.append("  ".repeat(indent)).append('}');
    }

    /** Every block, statement and expression of the tree, outermost first. */
    void collect(List<Object> into) {
      into.add(this);
      for (Stmt s : stmts) {
        s.collect(into);
      }
    }
  }

  /**
   * This statement with {@code target} replaced: a statement of a nested block by the statements of
   * {@code replacement}, a block by the one block in it, an expression by the one expression.
   */
  Stmt replace(Object target, List<?> replacement) {
    List<Object> out = new ArrayList<>(parts.size());
    boolean changed = false;
    for (Object p : parts) {
      Object q = p;
      if (p == target) {
        q = replacement.get(0);
      } else if (p instanceof Block b) {
        q = b.replace(target, replacement);
      } else if (p instanceof Expr e) {
        q = e.rewrite(x -> x == target ? (Expr) replacement.get(0) : x);
      }
      changed |= q != p;
      out.add(q);
    }
    return changed ? new Stmt(out) : this;
  }

  /** The nested blocks, in order. */
  List<Block> blocks() {
    List<Block> out = new ArrayList<>();
    for (Object p : parts) {
      if (p instanceof Block b) {
        out.add(b);
      }
    }
    return out;
  }

  void collect(List<Object> into) {
    into.add(this);
    for (Object p : parts) {
      if (p instanceof Block b) {
        b.collect(into);
      } else if (p instanceof Expr e) {
        List<Expr> es = new ArrayList<>();
        e.collect(es);
        into.addAll(es);
      }
    }
  }

  void render(StringBuilder sb, int indent) {
    for (Object p : parts) {
      if (p instanceof Block b) {
        b.render(sb, indent);
      } else if (p instanceof Expr e) {
        e.render(sb);
      } else if (p == NL || p == NL0) {
        sb.append('\n').append("  ".repeat(p == NL ? indent + 1 : indent));
      } else {
        sb.append(p);
      }
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    render(sb, 0);
    return sb.toString();
  }
}
