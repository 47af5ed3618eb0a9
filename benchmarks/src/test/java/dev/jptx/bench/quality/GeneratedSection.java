package dev.jptx.bench.quality;

/**
 * The part of {@code docs/quality.md} that the report rewrites: the text between two HTML-comment
 * markers. What lies outside them (the hand-written analysis) is kept as it is.
 */
final class GeneratedSection {
  static final String BEGIN =
      "<!-- BEGIN GENERATED: QualityReport rewrites everything down to the END marker -->";
  static final String END = "<!-- END GENERATED -->";

  private GeneratedSection() {}

  /**
   * {@code document} with the generated section replaced by {@code generated}; a document without
   * markers gets the section appended.
   *
   * @param document the current file's text, empty if there is none
   * @param generated the new section, without markers
   * @return the new file's text
   * @throws IllegalArgumentException if only one marker is there, or they are out of order
   */
  static String splice(String document, String generated) {
    return splice(document, generated, BEGIN, END);
  }

  /**
   * {@code document} with the section between {@code beginMarker} and {@code endMarker} replaced,
   * as {@link #splice(String, String)} does for the quality report's.
   */
  static String splice(String document, String generated, String beginMarker, String endMarker) {
    int begin = document.indexOf(beginMarker);
    int end = document.indexOf(endMarker);
    String section = beginMarker + "\n" + generated.strip() + "\n" + endMarker;
    if (begin < 0 && end < 0) {
      String head = document.isBlank() ? "" : document.stripTrailing() + "\n\n";
      return head + section + "\n";
    }
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException("docs/quality.md: the generated markers are broken");
    }
    return document.substring(0, begin) + section + document.substring(end + endMarker.length());
  }
}
