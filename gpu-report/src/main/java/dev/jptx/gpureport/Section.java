package dev.jptx.gpureport;

import java.time.Duration;

/** One part of the GPU report, run with a time budget of its own. */
interface Section {
  /** The heading in the report. */
  String title();

  /** The key of its object in the JSON file. */
  String key();

  /** How long it may run before the runner writes what it has and moves on. */
  Duration budget(ReportContext context);

  /**
   * Measures and checks, writing into {@code out} as it goes.
   *
   * @throws Exception anything unexpected: the section is reported as failed with the message
   */
  void run(ReportContext context, SectionResult out) throws Exception;
}
