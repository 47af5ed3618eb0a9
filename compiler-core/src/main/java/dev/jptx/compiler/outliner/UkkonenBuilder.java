package dev.jptx.compiler.outliner;

/**
 * Ukkonen's online suffix tree construction ("On-line construction of suffix trees", 1995), in
 * linear time: the prefixes of the text are added one symbol at a time, and the suffixes of the
 * current prefix that are not yet explicit wait in the active point (node, first symbol, length)
 * until a mismatch forces their leaves in; suffix links carry the active point from one such suffix
 * to the next shorter one. Leaves end at the shared, growing end of the prefix, so extending every
 * leaf costs nothing. The same scheme as LLVM's {@code SuffixTree::extend}.
 *
 * <p>Nodes are numbers into parallel arrays, the root is node 0, and an edge's label is the text
 * from its child's {@code start} to its {@code end} (inclusive). The text must end with a symbol
 * found nowhere else, so that every suffix ends at a leaf when {@link #build} returns.
 */
final class UkkonenBuilder {
  /** The root's number. */
  static final int ROOT = 0;

  /** The end of every leaf: the last index of the text read so far. */
  static final int LEAF_END = -1;

  private final int[] text;
  private final int[] start;
  private final int[] end;
  private final int[] link;
  private final EdgeTable edges;
  private int nodes;

  /** The end index of the prefix built so far, where every leaf ends. */
  private int leafEnd;

  private int activeNode = ROOT;

  /** Where in the text the active point's pending string starts, when its length is not zero. */
  private int activeIndex;

  private int activeLength;

  private UkkonenBuilder(int[] text) {
    this.text = text;
    // a tree over n symbols has n leaves and at most n - 1 internal nodes besides the root
    int capacity = 2 * text.length + 1;
    start = new int[capacity];
    end = new int[capacity];
    link = new int[capacity];
    edges = new EdgeTable(2 * text.length);
    newNode(-1, -1);
  }

  /**
   * The suffix tree of {@code text}, whose last symbol occurs nowhere else in it. The arrays of the
   * answer are indexed by node; a leaf's {@code end} is the last index of {@code text}.
   */
  static Raw build(int[] text) {
    UkkonenBuilder b = new UkkonenBuilder(text);
    int pending = 0;
    for (int i = 0; i < text.length; i++) {
      pending++;
      b.leafEnd = i;
      pending = b.extend(i, pending);
    }
    if (pending != 0) {
      throw new IllegalStateException("the last symbol of the text is not unique");
    }
    for (int n = 0; n < b.nodes; n++) {
      if (b.end[n] == LEAF_END) {
        b.end[n] = text.length - 1;
      }
    }
    return new Raw(b.nodes, b.start, b.end, b.edges);
  }

  /**
   * The tree as built: {@code nodes} nodes, each node's edge label {@code start..end} (the root's
   * is empty), and the edges from each node to its children.
   */
  record Raw(int nodes, int[] start, int[] end, EdgeTable edges) {}

  /**
   * Adds the symbol at {@code i} to the {@code pending} suffixes not yet explicit; answers how many
   * remain implicit (the ones the symbol already continues in the tree).
   */
  private int extend(int i, int pending) {
    int needsLink = EdgeTable.NONE;
    while (pending > 0) {
      if (activeLength == 0) {
        activeIndex = i;
      }
      int first = text[activeIndex];
      int next = edges.get(activeNode, first);
      if (next == EdgeTable.NONE) {
        edges.put(activeNode, first, newNode(i, LEAF_END));
        linkWaiting(needsLink, activeNode);
        needsLink = EdgeTable.NONE;
      } else {
        int edgeLength = edgeLength(next);
        if (activeLength >= edgeLength) {
          // the pending string runs past this edge: walk down (skip/count, no symbol compares)
          activeIndex += edgeLength;
          activeLength -= edgeLength;
          activeNode = next;
          continue;
        }
        if (text[start[next] + activeLength] == text[i]) {
          // the suffix is already in the tree, and so are all shorter ones: the phase ends
          if (activeNode != ROOT) {
            linkWaiting(needsLink, activeNode);
            needsLink = EdgeTable.NONE;
          }
          activeLength++;
          break;
        }
        int middle = split(next, first, i);
        linkWaiting(needsLink, middle);
        needsLink = middle;
      }
      pending--;
      if (activeNode == ROOT) {
        if (activeLength > 0) {
          activeLength--;
          activeIndex = i - pending + 1;
        }
      } else {
        activeNode = link[activeNode];
      }
    }
    return pending;
  }

  /**
   * Splits the edge to {@code next} after the active length, hangs a leaf for the symbol at {@code
   * i} off the new node, and answers the new node.
   */
  private int split(int next, int first, int i) {
    int middle = newNode(start[next], start[next] + activeLength - 1);
    edges.put(activeNode, first, middle);
    edges.put(middle, text[i], newNode(i, LEAF_END));
    start[next] += activeLength;
    edges.put(middle, text[start[next]], next);
    return middle;
  }

  /** Points the internal node waiting for a suffix link, if any, at {@code target}. */
  private void linkWaiting(int waiting, int target) {
    if (waiting != EdgeTable.NONE) {
      link[waiting] = target;
    }
  }

  private int edgeLength(int node) {
    return (end[node] == LEAF_END ? leafEnd : end[node]) - start[node] + 1;
  }

  /** A new node with the edge label {@code from..to}; its suffix link starts at the root. */
  private int newNode(int from, int to) {
    start[nodes] = from;
    end[nodes] = to;
    link[nodes] = ROOT;
    return nodes++;
  }
}
