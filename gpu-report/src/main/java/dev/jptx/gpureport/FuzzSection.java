package dev.jptx.gpureport;

import dev.jptx.gpureport.fuzz.FuzzCase;
import dev.jptx.gpureport.fuzz.FuzzCorpus;
import java.time.Duration;
import java.util.List;

/**
 * The fuzz corpus: random kernels generated, compiled and run on the JVM device where the bundle
 * was built; here each kernel's sm_90 and sm_75 PTX runs on the device and every array must come
 * back bit for bit as the JVM left it. A mismatch is listed with the command that reproduces it.
 */
final class FuzzSection implements Section {
  @Override
  public String title() {
    return "Fuzz kernels against the JVM";
  }

  @Override
  public String key() {
    return "fuzz";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(context.simMode() ? 40 : 100);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    FuzzCorpus corpus = FuzzCorpus.read(context.bundle().fuzzCorpus());
    List<FuzzCase> cases = corpus.cases();
    int limit = Math.min(cases.size(), context.fuzzLimit());
    out.linef(
        "%d kernels in the corpus, %d run here, each for %s. The corpus:",
        cases.size(), limit, Bundle.TARGETS);
    out.line("");
    out.line("```");
    out.line(corpus.description().strip());
    out.line("```");
    out.line("");
    int[] passed = new int[Bundle.TARGETS.size()];
    int[] failed = new int[Bundle.TARGETS.size()];
    // One case at a time: on the H200, eight threads were no faster (the driver's JIT, where the
    // time goes, serialises), and they found a race in the driver binding (fixed since). Every
    // kernel for sm_90 first, then for sm_75, so a run cut by its budget has covered the newest
    // target whole.
    for (int t = 0; t < Bundle.TARGETS.size(); t++) {
      for (int i = 0; i < limit; i++) {
        FuzzCase c = cases.get(i);
        FuzzCase.Result r = c.run(context.device(), Bundle.TARGETS.get(t));
        record(c, r, t, passed, failed, out);
        if (r.failures().stream().anyMatch(f -> f.contains(" is unusable: "))) {
          out.linef("- %s made the device unusable: the remaining kernels were not run", c.name());
          out.linef("- %s", summary(passed, failed));
          return;
        }
        if ((i + 1) % 250 == 0 && i + 1 < limit) {
          out.linef(
              "- %s, after %d kernels: %s", Bundle.TARGETS.get(t), i + 1, summary(passed, failed));
        }
      }
    }
    out.linef("- all %d kernels: %s", limit, summary(passed, failed));
  }

  private static void record(
      FuzzCase c, FuzzCase.Result r, int t, int[] passed, int[] failed, SectionResult out) {
    if (r.passed()) {
      passed[t]++;
    } else {
      failed[t]++;
      StringBuilder what = new StringBuilder(c.name() + " [" + r.target() + "]: ");
      r.failures().stream().limit(2).forEach(f -> what.append(f).append("; "));
      r.mismatches().stream().limit(3).forEach(m -> what.append(m).append("; "));
      if (r.differingElements() > 0) {
        what.append(r.differingElements()).append(" elements differ");
      }
      out.fail(what.toString());
    }
    out.put("passed " + Bundle.TARGETS.get(t), passed[t]);
    out.put("failed " + Bundle.TARGETS.get(t), failed[t]);
  }

  private static String summary(int[] passed, int[] failed) {
    StringBuilder s = new StringBuilder();
    for (int t = 0; t < passed.length; t++) {
      s.append(t == 0 ? "" : "; ")
          .append(Bundle.TARGETS.get(t))
          .append(" ")
          .append(passed[t])
          .append(" identical, ")
          .append(failed[t])
          .append(" failed");
    }
    return s.toString();
  }
}
