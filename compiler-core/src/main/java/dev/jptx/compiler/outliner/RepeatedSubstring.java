package dev.jptx.compiler.outliner;

import java.util.List;

/**
 * A substring that a {@link SuffixTree} found more than once: {@code length} symbols, at each of
 * {@code starts} (indices into the tree's string, ascending). To the outliner, one candidate
 * sequence of instructions and the places it could be replaced by a call.
 *
 * @param length the number of symbols, at least 1
 * @param starts where the substring begins, ascending (kept as an unmodifiable copy)
 */
public record RepeatedSubstring(int length, List<Integer> starts) {
  /** Checks the length and copies the starts, so that the answer cannot change under its user. */
  public RepeatedSubstring {
    if (length < 1) {
      throw new IllegalArgumentException("length " + length + " is below 1");
    }
    starts = List.copyOf(starts);
  }
}
