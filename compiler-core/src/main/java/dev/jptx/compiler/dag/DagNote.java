package dev.jptx.compiler.dag;

import java.util.List;

/**
 * A remark printed after a block's nodes as a {@code ;} comment: plain text (as read back from DAG
 * text), or what the type legalizer put in one of its maps for a value, printed with the block's
 * node numbering ({@code ; ExpandedIntegers: add i128 -> t8 t11}).
 */
public sealed interface DagNote {
  /** A remark as written. */
  record Text(String text) implements DagNote {}

  /**
   * The legal values standing for {@code from} (described by its opcode and type, since the node
   * itself is gone) in the map named {@code map}; parts no longer in the DAG print as {@code -}.
   */
  record Legalized(String map, String from, List<SdValue> parts) implements DagNote {
    /** Copies the list. */
    public Legalized {
      parts = List.copyOf(parts);
    }
  }
}
