package dev.jptx.compiler.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Shrinks a failing kernel while it keeps failing the same way (greedy, in the spirit of delta
 * debugging): deletes runs of statements, replaces a statement by one of its nested blocks, and
 * replaces an expression by {@code 0} of its type or by a sub-expression of the same type. Every
 * candidate goes through the whole pipeline again, so the result is a real reproducer; locked nodes
 * (loop bounds, slot indices, divisor guards, shared-memory exchanges) are never removed, so no
 * candidate can hang, race or divide by zero.
 */
final class Reducer {
  private final Predicate<GeneratedKernel> stillFails;
  private final long deadline;
  private int tries;

  Reducer(Predicate<GeneratedKernel> stillFails, long budgetMillis) {
    this.stillFails = stillFails;
    this.deadline = System.currentTimeMillis() + budgetMillis;
  }

  /** Candidates tested so far. */
  int tries() {
    return tries;
  }

  GeneratedKernel reduce(GeneratedKernel k) {
    GeneratedKernel best = k;
    boolean progress = true;
    while (progress && !timeUp()) {
      GeneratedKernel before = best;
      best = pass(best, Edit.DELETE);
      best = pass(best, Edit.HOIST);
      best = pass(best, Edit.SIMPLIFY);
      progress = best != before;
    }
    return best;
  }

  private boolean timeUp() {
    return System.currentTimeMillis() > deadline;
  }

  private enum Edit {
    DELETE,
    HOIST,
    SIMPLIFY
  }

  /** Tries the edits of one kind in order; after a success the same position is tried again. */
  private GeneratedKernel pass(GeneratedKernel k, Edit edit) {
    int i = 0;
    while (!timeUp()) {
      List<Stmt.Block> candidates = candidates(k.root(), edit);
      if (i >= candidates.size()) {
        return k;
      }
      GeneratedKernel c = k.withRoot(candidates.get(i));
      tries++;
      if (stillFails.test(c)) {
        k = c;
      } else {
        i++;
      }
    }
    return k;
  }

  private static List<Stmt.Block> candidates(Stmt.Block root, Edit edit) {
    List<Object> nodes = new ArrayList<>();
    root.collect(nodes);
    List<Stmt.Block> out = new ArrayList<>();
    for (Object n : nodes) {
      switch (edit) {
        case DELETE:
          if (n instanceof Stmt.Block b && !b.locked()) {
            deletions(root, b, out);
          }
          break;
        case HOIST:
          if (n instanceof Stmt s) {
            for (Stmt.Block inner : s.blocks()) {
              if (!inner.locked()) {
                out.add(replace(root, s, inner.stmts()));
              }
            }
          }
          break;
        default:
          if (n instanceof Expr e && !e.locked) {
            simplifications(root, e, out);
          }
          break;
      }
    }
    return out;
  }

  /** Without halves, quarters, ... single statements of {@code b}. */
  private static void deletions(Stmt.Block root, Stmt.Block b, List<Stmt.Block> out) {
    int n = b.stmts().size();
    for (int size = Math.max(1, n / 2); ; size /= 2) {
      for (int start = 0; start + size <= n; start += size) {
        List<Stmt> kept = new ArrayList<>(b.stmts().subList(0, start));
        kept.addAll(b.stmts().subList(start + size, n));
        Stmt.Block smaller = new Stmt.Block(kept, b.locked());
        out.add(b == root ? smaller : replace(root, b, List.of(smaller)));
      }
      if (size == 1) {
        return;
      }
    }
  }

  private static void simplifications(Stmt.Block root, Expr e, List<Stmt.Block> out) {
    String zero = Values.zeroLiteral(e.type);
    if (!e.render().equals(zero)) {
      out.add(replace(root, e, List.of(Expr.zero(e.type))));
    }
    for (Expr c : e.children()) {
      if (c.type == e.type) {
        out.add(replace(root, e, List.of(c)));
      }
    }
  }

  private static Stmt.Block replace(Stmt.Block root, Object target, List<?> with) {
    return root.replace(target, with);
  }
}
