package dev.jptx.bench.quality;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code ptx-report --compare}: ptxas's figures per function for two suites of PTX, rows matched by
 * name, ratios A/B (A = ours, B = theirs). A port of the reference design's tool of that name,
 * limited to what the quality report and {@code benchmarks/ptx-report.sh} use: PTX inputs (a {@code
 * .ptx} file or a directory), the comparison, Markdown or aligned text, {@code --metrics} and
 * {@code --ptxas-opts}. Not ported: {@code .cu} inputs (compile them to PTX first), JSON, the
 * one-suite table, and the compile-time column.
 *
 * <p>Each module is assembled by {@link PtxasFigures}; a directory stands for every {@code .ptx}
 * below it, walked in sorted order (a directory's files before its subdirectories), where a module
 * named like a target ({@code META-INF/jptx/<class>/sm_90.ptx}) is taken only for {@code --arch}.
 * {@link PtxReportTable} prints the comparison.
 *
 * <pre>
 * java -cp benchmarks/target/test-classes dev.jptx.bench.quality.PtxReport \
 *     [--arch sm_90] [--markdown] [--metrics regs,sass,...] [--ptxas-opts "OPTS"] --compare A B
 * </pre>
 *
 * Exit status: 0 success; 1 an input failed (ptxas error, unreadable file); 2 usage error or no
 * {@code ptxas} on {@code PATH}.
 */
public final class PtxReport {
  /**
   * The columns of the quality report: ptxas's resources, shared memory, SASS and PTX sizes; no
   * timings, so that the table is the same on every run.
   */
  static final String METRICS = "regs,spill_st,spill_ld,stack,smem,sass,sassnp,ptx";

  /** The columns when {@code --metrics} is not given. */
  static final String DEFAULT_METRICS = "regs,spill_st,spill_ld,stack,sass,ptx";

  private static final Pattern ARCH = Pattern.compile("sm_\\d+[a-z]?");
  private static final Pattern TARGET_MODULE = Pattern.compile("sm_\\d+[a-z]?\\.ptx");

  private PtxReport() {}

  /**
   * Compares {@code ours} with {@code theirs} in the report's columns ({@link #METRICS}).
   *
   * @param directory the working directory; {@code ours} and {@code theirs} are relative to it, so
   *     that the paths the table's header quotes do not depend on the checkout
   * @param arch e.g. {@code sm_90}
   * @param ours a {@code META-INF/jptx} tree (A)
   * @param theirs nvcc's PTX (B)
   * @return the Markdown table and notes
   * @throws IllegalStateException if ptxas rejects a module
   */
  static String compare(Path directory, String arch, String ours, String theirs) {
    List<PtxMetric> metrics = PtxMetric.parseList(METRICS);
    return PtxReportTable.render(
        suite(directory, ours, arch, List.of()),
        suite(directory, theirs, arch, List.of()),
        metrics,
        true,
        ours,
        theirs);
  }

  /** The command line that {@link #compare} stands for, as the report quotes it. */
  static List<String> command(String tool, String arch, String ours, String theirs) {
    List<String> command = new ArrayList<>();
    command.addAll(List.of(tool, "--markdown", "--arch", arch, "--metrics", METRICS));
    command.addAll(List.of("--compare", ours, theirs));
    return command;
  }

  /**
   * The SASS instructions without padding ({@code sassNP}) of one kernel of a module, as {@code
   * ptxas -arch=arch} assembles it.
   *
   * @param ptx the module
   * @param kernel the entry's name
   * @param arch e.g. {@code sm_75}
   * @return the kernel's {@code sassNP}
   */
  public static long sassOf(Path ptx, String kernel, String arch) {
    try {
      Path scratch = Files.createTempDirectory("ptx-report-");
      for (KernelFigures k : PtxasFigures.measure(ptx, ptx.toString(), arch, List.of(), scratch)) {
        if (k.name().equals(kernel)) {
          return k.figure(PtxMetric.SASS_NP);
        }
      }
      throw new IllegalStateException(ptx + ": no kernel " + kernel);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Measures every module of one suite.
   *
   * @param directory what a relative {@code input} is relative to
   * @param input a {@code .ptx} file or a directory; the rows name files from it as given
   * @param arch e.g. {@code sm_90}
   * @param ptxasOptions more ptxas options
   * @return the rows of all modules, module by module
   */
  static List<KernelFigures> suite(
      Path directory, String input, String arch, List<String> ptxasOptions) {
    Path root = directory.resolve(input);
    List<String> modules = modules(root, input, arch);
    List<KernelFigures> rows = new ArrayList<>();
    Path scratch = null;
    try {
      scratch = Files.createTempDirectory("ptx-report-");
      for (String module : modules) {
        Path ptx = directory.resolve(module);
        if (!Files.isRegularFile(ptx)) {
          throw new IllegalStateException(module + ": no such file");
        }
        rows.addAll(PtxasFigures.measure(ptx, module, arch, ptxasOptions, scratch));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (scratch != null) {
        try {
          Files.deleteIfExists(scratch);
        } catch (IOException ignored) {
          // an empty temporary directory left behind is harmless
        }
      }
    }
  }

  /**
   * The modules of an input, named from {@code input}: itself if it is not a directory, else the
   * {@code .ptx} files below it in the walk's order.
   */
  static List<String> modules(Path root, String input, String arch) {
    if (!Files.isDirectory(root)) {
      if (!input.toLowerCase(Locale.ROOT).endsWith(".ptx")) {
        throw new IllegalStateException(
            input + ": unsupported input (expected .ptx or a directory; compile .cu to PTX first)");
      }
      return List.of(input);
    }
    List<String> found = new ArrayList<>();
    walk(root, Path.of(input), arch, found);
    if (found.isEmpty()) {
      System.err.println(
          "ptx-report: warning: " + input + ": directory has no .ptx files for " + arch);
    }
    return found;
  }

  private static void walk(Path dir, Path named, String arch, List<String> found) {
    List<Path> entries;
    try (Stream<Path> list = Files.list(dir)) {
      entries = list.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Path> subdirectories = new ArrayList<>();
    for (Path p : entries) {
      String name = p.getFileName().toString();
      if (Files.isDirectory(p)) {
        // a link to a directory is not followed, as in the reference tool's walk
        if (!Files.isSymbolicLink(p)) {
          subdirectories.add(p);
        }
        continue;
      }
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.endsWith(".cu")) {
        throw new IllegalStateException(
            named.resolve(name) + ": .cu inputs are not ported; compile them to PTX first");
      }
      if (!lower.endsWith(".ptx")
          || (TARGET_MODULE.matcher(name).matches() && !name.equals(arch + ".ptx"))) {
        continue;
      }
      found.add(named.resolve(name).toString());
    }
    for (Path d : subdirectories) {
      walk(d, named.resolve(d.getFileName().toString()), arch, found);
    }
  }

  /**
   * The command-line tool; see the class comment.
   *
   * @param args the options and {@code --compare A B}
   */
  public static void main(String[] args) {
    int status;
    try {
      System.out.print(run(args, Path.of("").toAbsolutePath()));
      status = 0;
    } catch (UsageException e) {
      System.err.println("ptx-report: error: " + e.getMessage());
      status = 2;
    } catch (IllegalStateException | UncheckedIOException e) {
      System.err.println("ptx-report: error: " + e.getMessage());
      status = 1;
    }
    System.out.flush();
    System.exit(status);
  }

  /** A command line the tool cannot run. */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /**
   * A parsed command line.
   *
   * @param arch the target
   * @param metrics the columns
   * @param ptxasOptions more ptxas options
   * @param markdown Markdown, else aligned text
   * @param ours suite A
   * @param theirs suite B
   */
  record Options(
      String arch,
      List<PtxMetric> metrics,
      List<String> ptxasOptions,
      boolean markdown,
      String ours,
      String theirs) {
    /** Copies the lists. */
    Options {
      metrics = List.copyOf(metrics);
      ptxasOptions = List.copyOf(ptxasOptions);
    }
  }

  /**
   * Runs the tool.
   *
   * @param args the command line
   * @param directory what relative inputs are relative to
   * @return what it prints on standard output
   * @throws UsageException for a bad command line, or without ptxas
   */
  static String run(String[] args, Path directory) {
    Options o = parse(args);
    if (!Commands.onPath("ptxas")) {
      throw new UsageException("ptxas not found on PATH");
    }
    return PtxReportTable.render(
        suite(directory, o.ours(), o.arch(), o.ptxasOptions()),
        suite(directory, o.theirs(), o.arch(), o.ptxasOptions()),
        o.metrics(),
        o.markdown(),
        o.ours(),
        o.theirs());
  }

  /**
   * Reads the command line: {@code --arch}, {@code --metrics} and {@code --ptxas-opts} take a value
   * as the next argument or after {@code =}; {@code --ptxas-opts}' value is split at blanks.
   *
   * @throws UsageException for an unknown or incomplete option, a bad target or metric, or no
   *     {@code --compare}
   */
  static Options parse(String[] args) {
    String arch = "sm_90";
    String metrics = DEFAULT_METRICS;
    String ptxasOptions = "";
    boolean markdown = false;
    List<String> suites = null;
    Deque<String> rest = new ArrayDeque<>(List.of(args));
    while (!rest.isEmpty()) {
      String arg = rest.removeFirst();
      int eq = arg.indexOf('=');
      String name = eq > 0 ? arg.substring(0, eq) : arg;
      if (arg.equals("--markdown")) {
        markdown = true;
      } else if (arg.equals("--compare")) {
        if (rest.size() < 2) {
          throw new UsageException("--compare takes two suites: --compare A B");
        }
        suites = List.of(rest.removeFirst(), rest.removeFirst());
      } else if (List.of("--arch", "--metrics", "--ptxas-opts").contains(name)) {
        if (eq < 0 && rest.isEmpty()) {
          throw new UsageException(name + " needs a value");
        }
        String value = eq > 0 ? arg.substring(eq + 1) : rest.removeFirst();
        if (name.equals("--arch")) {
          arch = value;
        } else if (name.equals("--metrics")) {
          metrics = value;
        } else {
          ptxasOptions = value;
        }
      } else {
        throw new UsageException(
            "unknown argument "
                + arg
                + " (usage: [--arch sm_90] [--markdown] [--metrics LIST] [--ptxas-opts OPTS]"
                + " --compare A B)");
      }
    }
    if (suites == null) {
      throw new UsageException("nothing to do: only --compare A B is ported");
    }
    if (!ARCH.matcher(arch).matches()) {
      throw new UsageException("--arch must look like sm_90 (got " + arch + ")");
    }
    try {
      return new Options(
          arch,
          PtxMetric.parseList(metrics),
          ptxasOptions.isBlank() ? List.of() : List.of(ptxasOptions.strip().split("\\s+")),
          markdown,
          suites.get(0),
          suites.get(1));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
