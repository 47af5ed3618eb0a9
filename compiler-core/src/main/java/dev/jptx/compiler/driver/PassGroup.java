package dev.jptx.compiler.driver;

import java.util.List;

/**
 * A named list of passes and groups, in the one namespace they share: the stages of API.md §4
 * ({@code opt}, {@code mir}, {@code ra}, ...) are groups, and so are the clean-ups that run only
 * after a pass that makes work for them.
 *
 * @param name its name, for {@code --print-after} and {@code run-pass}
 * @param members the passes and groups it runs, in order
 * @param gate the pass whose condition decides whether the group runs at all, or empty for always
 * @param description what it is for
 */
public record PassGroup(String name, List<String> members, String gate, String description) {
  /** Copies the members. */
  public PassGroup {
    members = List.copyOf(members);
  }
}
