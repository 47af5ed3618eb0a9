package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.List;

/**
 * Prints a table as Markdown or as aligned text: the first columns left-aligned, the rest
 * right-aligned. Text tables separate columns by two spaces, underline the header with dashes and
 * strip trailing blanks.
 */
final class TextTable {
  private TextTable() {}

  /**
   * Renders the table.
   *
   * @param headers the column titles
   * @param body the rows, each with a cell per column
   * @param markdown Markdown, else aligned text
   * @param leftColumns how many columns, from the first, are left-aligned
   * @return the lines, joined by newlines, without a final one
   */
  static String render(
      List<String> headers, List<List<String>> body, boolean markdown, int leftColumns) {
    List<String> lines = new ArrayList<>();
    if (markdown) {
      lines.add("| " + String.join(" | ", headers) + " |");
      StringBuilder align = new StringBuilder("|");
      for (int i = 0; i < headers.size(); i++) {
        align.append(i < leftColumns ? ":---" : "---:").append('|');
      }
      lines.add(align.toString());
      for (List<String> row : body) {
        lines.add("| " + String.join(" | ", row) + " |");
      }
      return String.join("\n", lines);
    }
    int[] width = new int[headers.size()];
    List<String> dashes = new ArrayList<>();
    for (int i = 0; i < headers.size(); i++) {
      width[i] = headers.get(i).length();
      for (List<String> row : body) {
        width[i] = Math.max(width[i], row.get(i).length());
      }
      dashes.add("-".repeat(width[i]));
    }
    lines.add(line(headers, width, leftColumns));
    lines.add(line(dashes, width, leftColumns));
    for (List<String> row : body) {
      lines.add(line(row, width, leftColumns));
    }
    return String.join("\n", lines);
  }

  private static String line(List<String> cells, int[] width, int leftColumns) {
    List<String> padded = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      String fill = " ".repeat(width[i] - c.length());
      padded.add(i < leftColumns ? c + fill : fill + c);
    }
    return String.join("  ", padded).stripTrailing();
  }
}
