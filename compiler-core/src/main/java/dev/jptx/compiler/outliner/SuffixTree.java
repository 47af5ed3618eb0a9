package dev.jptx.compiler.outliner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The suffix tree of an instruction mapping, from which the machine outliner (issue #23, seed
 * "Suffix Tree Algorithm") takes its repeated instruction sequences: every internal node is a
 * substring that occurs at least twice and is followed by different symbols (or by the end of the
 * string) in at least two places. Built by Ukkonen's algorithm ({@link UkkonenBuilder}) in time
 * linear in the string, and walked without recursion, so strings of millions of symbols need no
 * deep Java stack. The same design as LLVM's {@code llvm/lib/Support/SuffixTree.cpp}.
 *
 * <p><b>The string.</b> Each legal instruction is a non-negative id; each illegal instruction is a
 * negative number that occurs nowhere else in the string, so that no repeat can span it. The
 * constructor checks that, and appends a terminator of its own: callers pass the bare mapping, with
 * no end marker (one of theirs, unique like any illegal symbol, does no harm). The terminator is
 * one less than the smallest symbol and below {@code -1}, so the string may not hold {@link
 * Integer#MIN_VALUE}.
 *
 * <p><b>Order.</b> {@link #repeatedSubstrings} lists its answers by length, longest first, then by
 * first start, lowest first (no two answers tie), with each answer's starts ascending: the same
 * string always gives the same list, whatever the hashing inside.
 */
public final class SuffixTree {
  /** Longest first, then the lowest first start. */
  private static final Comparator<RepeatedSubstring> ORDER =
      Comparator.comparingInt(RepeatedSubstring::length)
          .reversed()
          .thenComparingInt(r -> r.starts().get(0));

  /** The caller's string length, plus one for the terminator. */
  private final int textLength;

  private final int nodes;

  /** Each node's string depth: the length of the string from the root to its end. */
  private final int[] depth;

  /** The children of node {@code n} are {@code children[childStart[n] .. childStart[n + 1])}. */
  private final int[] childStart;

  private final int[] children;

  /**
   * The suffixes of the leaves in depth-first order; the leaves below node {@code n} are the {@code
   * leafCount[n]} entries from {@code leafFirst[n]}.
   */
  private final int[] leafSuffixes;

  private final int[] leafFirst;
  private final int[] leafCount;

  /**
   * Builds the tree of {@code string} (the caller's array is not kept).
   *
   * @throws IllegalArgumentException if a negative symbol occurs twice, or the string holds {@link
   *     Integer#MIN_VALUE}
   */
  public SuffixTree(int[] string) {
    int[] text = Arrays.copyOf(string, string.length + 1);
    text[string.length] = terminator(string);
    UkkonenBuilder.Raw raw = UkkonenBuilder.build(text);
    textLength = text.length;
    nodes = raw.nodes();
    depth = new int[nodes];
    childStart = new int[nodes + 1];
    children = new int[raw.edges().size()];
    collectChildren(raw.edges());
    int[] preorder = preorder(raw);
    leafFirst = new int[nodes];
    leafCount = new int[nodes];
    leafSuffixes = new int[textLength];
    numberLeaves(preorder);
  }

  /**
   * The repeated substrings of at least {@code minLength} symbols, with leaf descendants (LLVM's
   * {@code outliner-leaf-descendants}, on by default there too): each start of each answer.
   */
  public List<RepeatedSubstring> repeatedSubstrings(int minLength) {
    return repeatedSubstrings(minLength, true);
  }

  /**
   * One answer per internal node of string depth {@code minLength} or more with two or more starts,
   * in the order the class comment gives. With {@code leafDescendants}, an answer's starts are
   * every leaf below its node: every place the substring occurs. Without, they are only the leaves
   * hanging directly off the node: the occurrences not also counted by a longer repeat that extends
   * them, as the outliner did before leaf descendants; a node with fewer than two such leaves gives
   * nothing. No answer holds a negative (illegal) symbol, as each occurs once.
   *
   * @param minLength the shortest length worth reporting, at least 1 (the outliner uses 2)
   */
  public List<RepeatedSubstring> repeatedSubstrings(int minLength, boolean leafDescendants) {
    if (minLength < 1) {
      throw new IllegalArgumentException("minLength " + minLength + " is below 1");
    }
    List<RepeatedSubstring> out = new ArrayList<>();
    for (int node = UkkonenBuilder.ROOT + 1; node < nodes; node++) {
      if (isLeaf(node) || depth[node] < minLength) {
        continue;
      }
      int[] starts = leafDescendants ? descendantStarts(node) : childStarts(node);
      if (starts.length >= 2) {
        Arrays.sort(starts);
        out.add(new RepeatedSubstring(depth[node], Arrays.stream(starts).boxed().toList()));
      }
    }
    out.sort(ORDER);
    return out;
  }

  private int[] descendantStarts(int node) {
    return Arrays.copyOfRange(leafSuffixes, leafFirst[node], leafFirst[node] + leafCount[node]);
  }

  private int[] childStarts(int node) {
    int[] starts = new int[childStart[node + 1] - childStart[node]];
    int count = 0;
    for (int k = childStart[node]; k < childStart[node + 1]; k++) {
      if (isLeaf(children[k])) {
        starts[count++] = suffixOf(children[k]);
      }
    }
    return Arrays.copyOf(starts, count);
  }

  private boolean isLeaf(int node) {
    return childStart[node] == childStart[node + 1];
  }

  /** The start of a leaf's suffix: its string runs to the end of the text. */
  private int suffixOf(int leaf) {
    return textLength - depth[leaf];
  }

  /** Lays the edge table out as arrays of children per node (counting sort by parent). */
  private void collectChildren(EdgeTable edges) {
    for (int slot = 0; slot < edges.slots(); slot++) {
      int parent = edges.parentAt(slot);
      if (parent != EdgeTable.NONE) {
        childStart[parent + 1]++;
      }
    }
    for (int n = 0; n < nodes; n++) {
      childStart[n + 1] += childStart[n];
    }
    int[] next = Arrays.copyOf(childStart, nodes);
    for (int slot = 0; slot < edges.slots(); slot++) {
      int parent = edges.parentAt(slot);
      if (parent != EdgeTable.NONE) {
        children[next[parent]++] = edges.childAt(slot);
      }
    }
  }

  /** The nodes, parents before children, with each node's string depth filled in on the way. */
  private int[] preorder(UkkonenBuilder.Raw raw) {
    int[] order = new int[nodes];
    int[] stack = new int[nodes];
    int top = 0;
    int visited = 0;
    stack[top++] = UkkonenBuilder.ROOT;
    while (top > 0) {
      int node = stack[--top];
      order[visited++] = node;
      for (int k = childStart[node]; k < childStart[node + 1]; k++) {
        int child = children[k];
        depth[child] = depth[node] + raw.end()[child] - raw.start()[child] + 1;
        stack[top++] = child;
      }
    }
    return order;
  }

  /**
   * Gives each node its range of leaves: counts bottom-up (reverse preorder meets children before
   * their parent), then hands each child the next slice of its parent's range top-down.
   */
  private void numberLeaves(int[] preorder) {
    for (int i = nodes - 1; i >= 0; i--) {
      int node = preorder[i];
      if (isLeaf(node)) {
        leafCount[node] = 1;
      }
      for (int k = childStart[node]; k < childStart[node + 1]; k++) {
        leafCount[node] += leafCount[children[k]];
      }
    }
    for (int node : preorder) {
      int next = leafFirst[node];
      for (int k = childStart[node]; k < childStart[node + 1]; k++) {
        leafFirst[children[k]] = next;
        next += leafCount[children[k]];
      }
      if (isLeaf(node)) {
        leafSuffixes[leafFirst[node]] = suffixOf(node);
      }
    }
  }

  /**
   * A symbol below every symbol of {@code string} and below -1, after checking that each negative
   * symbol occurs once: were one to repeat, repeats could span the illegal instruction it stands
   * for.
   */
  private static int terminator(int[] string) {
    Map<Integer, Integer> negatives = new HashMap<>();
    int smallest = -1;
    for (int i = 0; i < string.length; i++) {
      int symbol = string[i];
      if (symbol == Integer.MIN_VALUE) {
        throw new IllegalArgumentException(
            "symbol " + symbol + " at " + i + " leaves no terminator");
      }
      if (symbol < 0) {
        Integer first = negatives.putIfAbsent(symbol, i);
        if (first != null) {
          throw new IllegalArgumentException(
              "illegal symbol " + symbol + " occurs twice, at " + first + " and " + i);
        }
        smallest = Math.min(smallest, symbol);
      }
    }
    return smallest - 1;
  }
}
