package dev.jptx.gpureport;

import dev.jptx.gpureport.fuzz.FuzzCase;
import dev.jptx.gpureport.fuzz.FuzzCorpus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
    return Duration.ofSeconds(60);
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
    // The driver's JIT compiles each module on the calling thread: several threads load and run
    // cases at once (a cuda device may be used from several threads). The simulator runs one.
    int threads = context.simMode() ? 1 : Math.min(8, Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<List<FuzzCase.Result>>> results = new ArrayList<>();
      for (int i = 0; i < limit; i++) {
        FuzzCase c = cases.get(i);
        results.add(
            pool.submit(
                () -> {
                  List<FuzzCase.Result> r = new ArrayList<>();
                  for (String target : Bundle.TARGETS) {
                    r.add(c.run(context.device(), target));
                  }
                  return r;
                }));
      }
      for (int i = 0; i < limit; i++) {
        List<FuzzCase.Result> r = results.get(i).get();
        for (int t = 0; t < r.size(); t++) {
          record(cases.get(i), r.get(t), t, passed, failed, out);
        }
        if ((i + 1) % 250 == 0 && i + 1 < limit) {
          out.linef("- after %d kernels: %s", i + 1, summary(passed, failed));
        }
      }
    } finally {
      pool.shutdownNow();
    }
    out.linef("- all %d kernels, %d at a time: %s", limit, threads, summary(passed, failed));
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
