package dev.jptx.compiler.outliner;

/**
 * The edges of a suffix tree under construction: (node, first symbol of the edge) to child node.
 * One open-addressing table for the whole tree rather than a map per node, because a tree over 10^6
 * symbols has up to 2·10^6 nodes and a {@code HashMap<Integer, Node>} each would cost far more
 * memory than the tree itself. Linear probing, sized up front for the most edges the tree can have
 * (a tree knows that from its text), at most half full; entries are never removed (a split only
 * redirects an edge).
 */
final class EdgeTable {
  /** What {@link #get} answers for an edge that is not there. */
  static final int NONE = -1;

  private static final int MIN_CAPACITY = 16;
  private static final int MAX_CAPACITY = 1 << 30;
  private static final long MIX = 0x9E3779B97F4A7C15L;

  private final long[] keys;

  /** 64 less log2 of the capacity: the product's top bits pick the slot. */
  private final int shift;

  /** The child, plus one, so that the zero a new array holds reads as an empty slot. */
  private final int[] children;

  private int size;

  /** A table for up to {@code maxEdges} edges. */
  EdgeTable(int maxEdges) {
    int capacity = MIN_CAPACITY;
    while (capacity < 2 * (long) maxEdges) {
      if (capacity == MAX_CAPACITY) {
        throw new IllegalArgumentException(maxEdges + " edges are too many for one table");
      }
      capacity <<= 1;
    }
    keys = new long[capacity];
    children = new int[capacity];
    shift = Long.numberOfLeadingZeros(capacity) + 1;
  }

  /** The number of edges in the table. */
  int size() {
    return size;
  }

  /**
   * The child of {@code node} along the edge that starts with {@code symbol}, else {@link #NONE}.
   */
  int get(int node, int symbol) {
    long key = key(node, symbol);
    int mask = keys.length - 1;
    for (int slot = slot(key); children[slot] != 0; slot = (slot + 1) & mask) {
      if (keys[slot] == key) {
        return children[slot] - 1;
      }
    }
    return NONE;
  }

  /** Makes {@code child} the child of {@code node} along {@code symbol}, replacing any other. */
  void put(int node, int symbol, int child) {
    long key = key(node, symbol);
    int mask = keys.length - 1;
    int slot = slot(key);
    while (children[slot] != 0 && keys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    if (children[slot] == 0) {
      if (2 * (size + 1) > keys.length) {
        throw new IllegalStateException("more edges than the table was made for");
      }
      size++;
    }
    keys[slot] = key;
    children[slot] = child + 1;
  }

  /** The parent of the edge in slot {@code slot}, for a walk over all slots; unused slots: -1. */
  int parentAt(int slot) {
    return children[slot] == 0 ? NONE : (int) (keys[slot] >>> 32);
  }

  /** The child of the edge in slot {@code slot}; only for slots whose {@link #parentAt} is one. */
  int childAt(int slot) {
    return children[slot] - 1;
  }

  /** The number of slots, used or not, that {@link #parentAt} and {@link #childAt} take. */
  int slots() {
    return keys.length;
  }

  private static long key(int node, int symbol) {
    return ((long) node << 32) | (symbol & 0xFFFF_FFFFL);
  }

  /** Fibonacci hashing: the multiply spreads consecutive node numbers over the whole table. */
  private int slot(long key) {
    return (int) ((key * MIX) >>> shift);
  }
}
