package dev.jptx.gpureport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code gpu-report.md} and {@code gpu-report.json} again after every section (each file
 * through a temporary name and a move), so that a run stopped at any point leaves a report of the
 * sections done.
 */
final class ReportWriter {
  /** How a section ended. */
  enum Status {
    PASSED,
    FAILED,
    TIMED_OUT,
    SKIPPED
  }

  private record Done(Section section, Status status, SectionResult result, long millis) {}

  private final Path out;
  private final Map<String, Object> header;
  private final List<Done> done = new ArrayList<>();

  ReportWriter(Path out, Map<String, Object> header) {
    this.out = out;
    this.header = new LinkedHashMap<>(header);
  }

  void section(Section section, Status status, SectionResult result, long millis) {
    done.add(new Done(section, status, result, millis));
    flush();
  }

  boolean allPassed() {
    return done.stream().allMatch(d -> d.status() == Status.PASSED);
  }

  void flush() {
    write(out.resolve("gpu-report.md"), markdown());
    write(out.resolve("gpu-report.json"), Json.write(json()));
  }

  private String markdown() {
    StringBuilder md = new StringBuilder("# jptx on a GPU\n\n");
    for (Map.Entry<String, Object> e : header.entrySet()) {
      md.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
    }
    md.append('\n');
    for (Done d : done) {
      md.append("## ")
          .append(d.section().title())
          .append(" — ")
          .append(d.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
          .append(String.format(java.util.Locale.ROOT, " (%.1f s)%n%n", d.millis() / 1000.0));
      md.append(d.result().markdown()).append('\n');
      List<String> failures = d.result().failures();
      if (!failures.isEmpty()) {
        md.append("Failures (").append(failures.size()).append("):\n\n");
        for (String f : failures.subList(0, Math.min(50, failures.size()))) {
          md.append("- ").append(f.replace("\n", "\n  ")).append('\n');
        }
        if (failures.size() > 50) {
          md.append("- ... and ").append(failures.size() - 50).append(" more\n");
        }
        md.append('\n');
      }
    }
    return md.toString();
  }

  private Map<String, Object> json() {
    Map<String, Object> root = new LinkedHashMap<>(header);
    Map<String, Object> sections = new LinkedHashMap<>();
    for (Done d : done) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("title", d.section().title());
      s.put("status", d.status().name().toLowerCase(java.util.Locale.ROOT));
      s.put("seconds", d.millis() / 1000.0);
      s.put("failures", d.result().failures());
      s.putAll(d.result().figures());
      sections.put(d.section().key(), s);
    }
    root.put("sections", sections);
    return root;
  }

  private static void write(Path file, String text) {
    try {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
