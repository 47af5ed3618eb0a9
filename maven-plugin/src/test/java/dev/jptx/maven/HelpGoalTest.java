package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code mvn jptx:help}: the generated help goal describes the compile goal and its parameters. */
class HelpGoalTest {
  @Test
  void help_describesTheCompileGoalAndItsParameters() throws Exception {
    HelpMojo help = new HelpMojo();
    CompileMojoTest.RecordingLog log = new CompileMojoTest.RecordingLog();
    help.setLog(log);
    help.execute();
    String text = String.join("\n", log.info);
    assertTrue(text.contains("jptx:compile"), text);
    assertTrue(text.contains("jptx:help"), text);
    // the generated help lists each goal; parameters appear with -Ddetail, checked below
    HelpMojo detailed = new HelpMojo();
    CompileMojoTest.RecordingLog detail = new CompileMojoTest.RecordingLog();
    detailed.setLog(detail);
    java.lang.reflect.Field f = HelpMojo.class.getDeclaredField("detail");
    f.setAccessible(true);
    f.setBoolean(detailed, true);
    detailed.execute();
    String full = String.join("\n", detail.info);
    for (String p : new String[] {"targets", "failOnSpills", "validate", "skip"}) {
      assertTrue(full.contains(p), p + " missing in:\n" + full);
    }
  }
}
