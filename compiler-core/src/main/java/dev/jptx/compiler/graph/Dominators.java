package dev.jptx.compiler.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Immediate dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
 * Dominance Algorithm"), fast on the small control-flow graphs of kernels: nodes are numbered in
 * reverse post-order from the entry, and each node's idom is the intersection (walking up the
 * partial tree by that number) of its processed predecessors' idoms, until nothing changes.
 */
public final class Dominators {
  private Dominators() {}

  /**
   * The nodes reachable from {@code entry}, in reverse post-order of a depth-first walk that takes
   * successors in the order given.
   */
  public static int[] reversePostOrder(int entry, List<int[]> successors) {
    int n = successors.size();
    boolean[] seen = new boolean[n];
    List<Integer> post = new ArrayList<>();
    // an explicit stack of (node, next successor index): deep CFGs would overflow recursion
    int[] stackNode = new int[n];
    int[] stackNext = new int[n];
    int top = 0;
    stackNode[0] = entry;
    seen[entry] = true;
    while (top >= 0) {
      int v = stackNode[top];
      int[] succ = successors.get(v);
      if (stackNext[top] < succ.length) {
        int s = succ[stackNext[top]++];
        if (!seen[s]) {
          seen[s] = true;
          top++;
          stackNode[top] = s;
          stackNext[top] = 0;
        }
      } else {
        post.add(v);
        top--;
      }
    }
    int[] rpo = new int[post.size()];
    for (int i = 0; i < rpo.length; i++) {
      rpo[i] = post.get(post.size() - 1 - i);
    }
    return rpo;
  }

  /**
   * The immediate dominator of every node ({@code idom[entry] == entry}), -1 for nodes not in
   * {@code rpo} (unreachable); {@code rpo[0]} is the entry.
   */
  public static int[] immediateDominators(int[] rpo, List<int[]> predecessors) {
    int n = predecessors.size();
    int[] order = new int[n];
    Arrays.fill(order, -1);
    for (int i = 0; i < rpo.length; i++) {
      order[rpo[i]] = i;
    }
    int[] idom = new int[n];
    Arrays.fill(idom, -1);
    idom[rpo[0]] = rpo[0];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int k = 1; k < rpo.length; k++) {
        int b = rpo[k];
        int newIdom = -1;
        for (int p : predecessors.get(b)) {
          if (idom[p] >= 0) {
            newIdom = newIdom < 0 ? p : intersect(p, newIdom, idom, order);
          }
        }
        if (newIdom >= 0 && newIdom != idom[b]) {
          idom[b] = newIdom;
          changed = true;
        }
      }
    }
    return idom;
  }

  private static int intersect(int a, int b, int[] idom, int[] order) {
    while (a != b) {
      while (order[a] > order[b]) {
        a = idom[a];
      }
      while (order[b] > order[a]) {
        b = idom[b];
      }
    }
    return a;
  }

  /**
   * The dominator tree numbered depth-first (children in the order of {@code rpo}), each node with
   * the interval {@code [entry, exit]} of its subtree, so that a node dominates another exactly
   * when its interval holds the other's: two comparisons instead of a walk up the tree. Without
   * recursion, since a chain of blocks makes a tree as deep. Nodes not in {@code rpo} get -1.
   *
   * @param rpo the reachable nodes in reverse post-order, the root first
   * @param idom each node's immediate dominator, the root its own
   * @param n one more than the largest node number
   * @return {@code {entry, exit}}, each indexed by node
   */
  public static int[][] intervals(int[] rpo, int[] idom, int n) {
    int[] entry = new int[n];
    int[] exit = new int[n];
    Arrays.fill(entry, -1);
    Arrays.fill(exit, -1);
    if (rpo.length == 0) {
      return new int[][] {entry, exit};
    }
    List<List<Integer>> children = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      children.add(new ArrayList<>());
    }
    for (int v : rpo) {
      if (v != rpo[0]) {
        children.get(idom[v]).add(v);
      }
    }
    int clock = 0;
    int[] stack = new int[n + 1];
    int[] next = new int[n + 1];
    int top = 0;
    stack[0] = rpo[0];
    entry[rpo[0]] = clock++;
    while (top >= 0) {
      int v = stack[top];
      List<Integer> kids = children.get(v);
      if (next[top] < kids.size()) {
        int c = kids.get(next[top]++);
        entry[c] = clock++;
        top++;
        stack[top] = c;
        next[top] = 0;
      } else {
        exit[v] = clock++;
        top--;
      }
    }
    return new int[][] {entry, exit};
  }
}
