package dev.jptx.compiler.diag;

import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The pass families whose optimization remarks reach the user: the compiler option {@code remarks}
 * (CLI {@code --remarks=pipeliner,outliner}, plugin parameter {@code remarks}), as API.md §5 fixes
 * it. Passes report every remark; this decides which are printed.
 *
 * @param families the enabled families, each one of {@link #FAMILIES}
 */
public record RemarkFamilies(SortedSet<String> families) {
  /** The families that report remarks, as {@link Remark#pass()} names them. */
  public static final List<String> FAMILIES = List.of("pipeliner", "outliner");

  /** The name that enables every family. */
  public static final String ALL = "all";

  /** No remarks printed: the default. */
  public static final RemarkFamilies NONE = new RemarkFamilies(new TreeSet<>());

  /** Checks the names and copies the set. */
  public RemarkFamilies {
    for (String f : families) {
      if (!FAMILIES.contains(f)) {
        throw unknown(f);
      }
    }
    families = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(families));
  }

  /**
   * The families these names enable; each name may itself be a comma-separated list ({@code
   * pipeliner,outliner}), blanks are ignored, {@code all} enables every family.
   *
   * @throws IllegalArgumentException for an unknown name, listing the valid ones
   */
  public static RemarkFamilies parse(Collection<String> names) {
    SortedSet<String> enabled = new TreeSet<>();
    for (String n : names) {
      for (String part : n == null ? new String[0] : n.split(",")) {
        String f = part.strip();
        if (f.equals(ALL)) {
          enabled.addAll(FAMILIES);
        } else if (!f.isEmpty()) {
          if (!FAMILIES.contains(f)) {
            throw unknown(f);
          }
          enabled.add(f);
        }
      }
    }
    return new RemarkFamilies(enabled);
  }

  /** True if {@code r}'s family is enabled. */
  public boolean enables(Remark r) {
    return families.contains(r.pass());
  }

  /** True if no family is enabled. */
  public boolean isEmpty() {
    return families.isEmpty();
  }

  /** The names joined with commas, as the option takes them back. */
  @Override
  public String toString() {
    return String.join(",", families);
  }

  private static IllegalArgumentException unknown(String name) {
    return new IllegalArgumentException(
        "unknown remark family '" + name + "'; valid: " + String.join(", ", FAMILIES) + ", " + ALL);
  }
}
