package dev.jptx.gpureport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one section found: Markdown for the report, figures for the JSON file, and its failures.
 * Sections write into it as they go, so that a section stopped by its time budget still leaves what
 * it had measured; every method is synchronized for that reason (the runner reads it from another
 * thread).
 */
public final class SectionResult {
  private final StringBuilder markdown = new StringBuilder();
  private final Map<String, Object> figures = new LinkedHashMap<>();
  private final List<String> failures = new ArrayList<>();

  /** Appends a line of Markdown. */
  public synchronized void line(String text) {
    markdown.append(text).append('\n');
  }

  /** Appends a formatted line of Markdown. */
  public synchronized void linef(String format, Object... args) {
    line(String.format(java.util.Locale.ROOT, format, args));
  }

  /** Sets a figure of the JSON file. */
  public synchronized void put(String key, Object value) {
    figures.put(key, value);
  }

  /** Adds {@code value} to the JSON list {@code key}. */
  @SuppressWarnings("unchecked")
  public synchronized void add(String key, Object value) {
    ((List<Object>) figures.computeIfAbsent(key, k -> new ArrayList<>())).add(value);
  }

  /** Records a failed check (also shown in the Markdown). */
  public synchronized void fail(String what) {
    failures.add(what);
  }

  synchronized String markdown() {
    return markdown.toString();
  }

  synchronized Map<String, Object> figures() {
    return new LinkedHashMap<>(figures);
  }

  synchronized List<String> failures() {
    return List.copyOf(failures);
  }
}
