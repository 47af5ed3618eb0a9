package dev.jptx.compiler.cli;

import static dev.jptx.compiler.cli.Cli.jptx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.cli.Cli.Run;
import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.testing.BrokenClassFiles;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import dev.jptx.compiler.testing.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JptxCommandTest {
  @TempDir Path dir;

  /** A machine pass with a bug: it throws on the kernel {@code demo.Boom.boom}. */
  private static final MachinePass THROWER =
      failingOn("test-thrower", "demo.Boom.boom", () -> new IllegalStateException("boom"));

  /** A machine pass that runs out of heap on the kernel {@code demo.Big.big}. */
  private static final MachinePass HOG =
      failingOn("test-hog", "demo.Big.big", () -> new OutOfMemoryError("Java heap space"));

  /** A machine pass named {@code name} that throws what {@code failure} makes on {@code kernel}. */
  private static MachinePass failingOn(
      String name, String kernel, java.util.function.Supplier<Throwable> failure) {
    return new MachinePass() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public boolean run(MachineFunction f) {
        if (f.info().javaName().equals(kernel)) {
          Throwable t = failure.get();
          if (t instanceof Error e) {
            throw e;
          }
          throw (RuntimeException) t;
        }
        return false;
      }
    };
  }

  private static void assertNoStackTrace(Run r) {
    assertFalse(r.out().contains("\tat ") || r.err().contains("\tat "), r.out() + r.err());
  }

  @Test
  void version_printsProducer() {
    Run r = jptx("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("jptx "), r.out());
  }

  @Test
  void help_listsTheCommands() {
    Run r = jptx("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("compile") && r.out().contains("list") && r.out().contains("dump"));
  }

  @Test
  void compile_writesModuleWithLaunchBounds() throws Exception {
    Tools.ptxas();
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    Run r = jptx("compile", "-t", "sm_90", "-o", out.toString(), classes.toString());
    assertEquals(0, r.code(), r.err());
    Path module = out.resolve("META-INF/jptx/demo/Saxpy/sm_90.ptx");
    String ptx = Files.readString(module);
    assertTrue(ptx.contains(".maxntid 256, 1, 1"), ptx);
    assertTrue(ptx.contains(".minnctapersm 2"), ptx);
    assertTrue(ptx.contains(".target sm_90"), ptx);
    Tools.assertAssembles(ptx, dev.jptx.compiler.target.SmTargets.get("sm_90"));
    assertEquals(
        "demo.Saxpy saxpy saxpy (IF[F[F)V sm_90\n",
        Files.readString(out.resolve("META-INF/jptx/kernels.list")));
    assertTrue(r.out().contains("jptx: demo.Saxpy.saxpy [sm_90]: "), r.out());
    assertTrue(
        r.out().contains(" registers, 0 B spill stores, 0 B spill loads, 0 B stack, "), r.out());
  }

  @Test
  void compile_verboseAddsOurPressureAndTheLineNamesARaisedBudget() throws Exception {
    Tools.ptxas();
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    Run plain =
        jptx("compile", "-t", "sm_90", "--max-registers", "16", "-o", out.toString(), "" + classes);
    assertEquals(0, plain.code(), plain.err());
    assertFalse(plain.out().contains("jptx pressure"), plain.out());
    assertTrue(
        plain
            .out()
            .contains("(maxRegisters 16 is below ptxas's lower bound; it allocates up to 24)"),
        plain.out());
    Path fresh = dir.resolve("out2");
    Run verbose = jptx("compile", "-t", "sm_90", "--verbose", "-o", fresh.toString(), "" + classes);
    assertEquals(0, verbose.code(), verbose.err());
    assertTrue(
        verbose
            .out()
            .matches("(?s).*; jptx pressure: \\d+ units \\(b32 \\d+.*\\), \\d+ predicates\n.*"),
        verbose.out());
    assertFalse(verbose.out().contains("lower bound"), verbose.out());
  }

  @Test
  void compile_reportsKernelErrorsInJavacFormat() {
    Path classes =
        JavaSources.compile(dir, Map.of("demo.Bad", Sources.BAD, "demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    Run r = jptx("compile", "-o", out.toString(), classes.toString());
    assertEquals(1, r.code());
    assertTrue(
        r.err()
            .contains(
                "demo/Bad.java:9: error: kernel demo.Bad.bad: object allocation (new java.util.ArrayList)"
                    + " is not supported in kernels"),
        r.err());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Bad")));
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
  }

  @Test
  void compile_brokenClassFiles_cleanErrorsAndTheGoodClassCompiles() {
    Path classes = BrokenClassFiles.create(dir);
    Path out = dir.resolve("out");
    Run r = jptx("compile", "--validate", "false", "-o", out.toString(), classes.toString());
    assertEquals(1, r.code(), r.err());
    assertEquals(String.join("\n", BrokenClassFiles.expectedErrors(classes)) + "\n", r.err());
    assertNoStackTrace(r);
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
  }

  @Test
  void list_brokenClassFiles_cleanErrorsAndTheGoodKernelsListed() {
    Path classes = BrokenClassFiles.create(dir);
    Run r = jptx("list", classes.toString());
    assertEquals(1, r.code(), r.err());
    assertEquals(String.join("\n", BrokenClassFiles.expectedErrors(classes)) + "\n", r.err());
    assertEquals("demo.Saxpy saxpy saxpy (IF[F[F)V\n", r.out());
  }

  @Test
  void dump_brokenClassFile_cleanError() {
    Path classes = BrokenClassFiles.create(dir);
    Run r = jptx("dump", "--after=ssa", "-cp", classes.toString(), "demo.Cut#saxpy");
    assertEquals(1, r.code(), r.err());
    assertEquals(
        "demo/Cut.class: error: cannot read class file: it is truncated or malformed\n", r.err());
  }

  @Test
  void compile_outOfMemory_namesTheKernelAndTheOptionWithoutStackTrace() {
    Path classes =
        JavaSources.compile(
            dir,
            Map.of(
                "demo.Saxpy",
                Sources.SAXPY,
                "demo.Big",
                Sources.SAXPY.replace("Saxpy", "Big").replace("saxpy", "big")));
    Path out = dir.resolve("out");
    Run r =
        jptx(
            p -> p.withExtraMachinePass(HOG),
            "compile",
            "--validate",
            "false",
            "-o",
            out.toString(),
            classes.toString());
    assertEquals(3, r.code(), r.err());
    assertEquals(
        "jptx: out of memory in pass 'test-hog' while compiling demo.Big.big (Java heap space):"
            + " give the compiler a larger Java heap with -Xmx (the CLI: java -Xmx4g -jar"
            + " jptx.jar ...; Maven: MAVEN_OPTS=-Xmx4g)\n",
        r.err());
    assertNoStackTrace(r);
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Big")));
  }

  @Test
  void compile_internalError_namesKernelAndPassWithoutStackTrace() {
    Path classes =
        JavaSources.compile(
            dir,
            Map.of(
                "demo.Saxpy",
                Sources.SAXPY,
                "demo.Boom",
                Sources.SAXPY.replace("Saxpy", "Boom").replace("saxpy", "boom")));
    Path out = dir.resolve("out");
    UnaryOperator<Pipeline> failing = p -> p.withExtraMachinePass(THROWER);
    Run r =
        jptx(failing, "compile", "--validate", "false", "-o", out.toString(), classes.toString());
    assertEquals(3, r.code(), r.err());
    assertEquals(
        "jptx: internal compiler error in pass 'test-thrower' while compiling demo.Boom.boom:"
            + " java.lang.IllegalStateException: boom\n",
        r.err());
    assertNoStackTrace(r);
    assertTrue(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Boom")));
    Run verbose =
        jptx(
            failing,
            "compile",
            "--verbose",
            "--validate",
            "false",
            "-o",
            out.toString(),
            classes.toString());
    assertEquals(3, verbose.code());
    assertTrue(verbose.err().contains("\tat "), verbose.err());
    assertTrue(verbose.err().contains("Caused by: java.lang.IllegalStateException: boom"));
  }

  @Test
  void list_printsEveryKernel() {
    Path classes =
        JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY, "demo.Plain", Sources.PLAIN));
    Run r = jptx("list", classes.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("demo.Saxpy saxpy saxpy (IF[F[F)V\n", r.out());
  }

  /**
   * On a build output, {@code --verbose} gives each target's figures from the resources files a
   * validated build wrote, with the occupancy of the build line; a target built unvalidated has
   * none.
   */
  @Test
  void list_verboseOnABuildOutput_givesFiguresAndOccupancyPerTarget() {
    Tools.ptxas();
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    String out = classes.toString();
    Run built = jptx("compile", "-t", "sm_75", "-t", "sm_90", "-o", out, out);
    assertEquals(0, built.code(), built.err());
    Run r = jptx("list", "--verbose", out);
    assertEquals(0, r.code(), r.err());
    String[] lines = r.out().split("\\n");
    assertEquals(3, lines.length, r.out());
    assertEquals("demo.Saxpy saxpy saxpy (IF[F[F)V", lines[0]);
    for (int k = 1; k <= 2; k++) {
      assertTrue(
          lines[k].matches(
              "  sm_(75|90): \\d+ registers, 0 B shared, 0 B spill stores, 0 B spill loads, 0 B"
                  + " stack, occupancy 100% \\(warps\\) at 256 threads"),
          r.out());
    }
    String line = built.out().lines().filter(l -> l.contains("[sm_90]")).findFirst().get();
    assertTrue(line.endsWith(", occupancy 100% (warps)"), line);
    Run unvalidated =
        jptx("compile", "-t", "sm_75", "-t", "sm_90", "--validate=false", "-o", out, out);
    assertEquals(0, unvalidated.code(), unvalidated.err());
    assertEquals(
        "demo.Saxpy saxpy saxpy (IF[F[F)V\n"
            + "  sm_75: not validated, occupancy unknown\n"
            + "  sm_90: not validated, occupancy unknown\n",
        jptx("list", "--verbose", out).out());
  }

  /** Names are escaped as in kernels.list, so that one kernel is one line of one-word fields. */
  @Test
  void list_escapesNamesAsTheIndexDoes() {
    String source = Sources.SAXPY.replace("class Saxpy", "class Gr\u00f6\u00dfe");
    Path classes =
        JavaSources.compile(
            dir, Map.of("demo.Gr\u00f6\u00dfe", source), List.of("-g", "-encoding", "UTF-8"));
    Run r = jptx("list", classes.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("demo.Gr\\u00f6\\u00dfe saxpy saxpy (IF[F[F)V\n", r.out());
  }

  @Test
  void compile_damagedIndexInTheOutput_isACleanErrorAndNothingIsWritten() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path out = dir.resolve("out");
    Path index = out.resolve("META-INF/jptx/kernels.list");
    Files.createDirectories(index.getParent());
    byte[] binary = {(byte) 0xff, 0, (byte) 0xfe, 10, 1, 2};
    Files.write(index, binary);
    Run r = jptx("compile", "-o", out.toString(), classes.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(
        r.err().startsWith(index + ": error: the kernel index is not text (a binary or damaged"),
        r.err());
    assertNoStackTrace(r);
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    org.junit.jupiter.api.Assertions.assertArrayEquals(binary, Files.readAllBytes(index));
    Files.writeString(index, "demo.Other k k ()V sm_75\nnot an index line\n");
    r = jptx("compile", "-o", out.toString(), classes.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(
        r.err()
            .startsWith(
                index
                    + ":2: error: this line of the kernel index is not '<class> <method> <entry>"
                    + " <descriptor> <targets>'"),
        r.err());
    assertFalse(Files.exists(out.resolve("META-INF/jptx/demo/Saxpy/sm_75.ptx")));
  }

  @Test
  void dump_printsTheStageOfOneKernel() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run r = jptx("dump", "--after=ssa", "-cp", classes.toString(), "demo.Saxpy#saxpy");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("// *** after ssa: demo.Saxpy ***"), r.out());
    assertTrue(r.out().contains("kernel @saxpy("), r.out());
    Run ptx =
        jptx("dump", "--after=ptx", "-t", "sm_90", "-cp", classes.toString(), "demo.Saxpy#saxpy");
    String text = ptx.out().substring(ptx.out().indexOf("//\n// Generated"));
    assertTrue(text.contains(".entry saxpy("), ptx.out());
    Tools.assertAssembles(text, dev.jptx.compiler.target.SmTargets.get("sm_90"));
  }

  @Test
  void badUsage_exitsWithTwo() throws java.io.IOException {
    assertEquals(2, jptx("compile").code());
    assertEquals(2, jptx("dump", "--after=nosuchstage", "a.B#c").code());
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run knob =
        jptx(
            "compile",
            "--knob",
            "no-such-knob",
            "-o",
            dir.resolve("o").toString(),
            classes.toString());
    assertEquals(2, knob.code());
    assertTrue(knob.err().contains("unknown knob 'no-such-knob'"), knob.err());
    Run checks = jptx("compile", "--checks", "-o", dir.resolve("c").toString(), classes.toString());
    assertEquals(0, checks.code(), checks.err());
    assertTrue(
        Files.readString(dir.resolve("c/META-INF/jptx/demo/Saxpy/sm_75.ptx")).contains("trap;"));
    Run target = jptx("compile", "-t", "sm_99", classes.toString());
    assertEquals(2, target.code());
    assertTrue(target.err().contains("unknown target 'sm_99'"), target.err());
  }

  @Test
  void compile_inputsThatAreNotClassRootsAreUsageErrorsNamingThem() throws Exception {
    Path notZip = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    Path classFile = Files.writeString(dir.resolve("Saxpy.class"), "\u00ca\u00fe");
    for (Path input : java.util.List.of(notZip, classFile)) {
      Run r = jptx("compile", "-o", dir.resolve("out").toString(), input.toString());
      assertEquals(2, r.code(), r.err());
      assertTrue(
          r.err().startsWith("jptx: " + input + " is neither a directory nor a jar file"), r.err());
      assertNoStackTrace(r);
    }
    assertFalse(Files.exists(dir.resolve("out")), "nothing written");
  }

  @Test
  void compile_outputThatIsAFileIsAUsageError() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path file = Files.writeString(dir.resolve("out.txt"), "x");
    Run r = jptx("compile", "-o", file.toString(), classes.toString());
    assertEquals(2, r.code(), r.err());
    assertEquals("jptx: the output " + file + " is not a directory\n", r.err());
  }

  @Test
  void compile_ptxasThatIsMissingOrFailsIsAUsageErrorNotASilentFallback() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path missing = dir.resolve("no-ptxas");
    Run r =
        jptx(
            "compile",
            "--ptxas",
            missing.toString(),
            "-o",
            dir.resolve("o1").toString(),
            classes.toString());
    assertEquals(2, r.code(), r.err());
    assertEquals("jptx: --ptxas " + missing + " is not an executable file\n", r.err());
    Path failing = dir.resolve("failing-ptxas");
    Files.writeString(failing, "#!/bin/sh\nexit 7\n");
    failing.toFile().setExecutable(true);
    Run f =
        jptx(
            "compile",
            "--ptxas",
            failing.toString(),
            "-o",
            dir.resolve("o2").toString(),
            classes.toString());
    assertEquals(2, f.code(), f.err());
    assertEquals("jptx: --ptxas " + failing + " failed (`--version` exited with 7)\n", f.err());
    assertFalse(Files.exists(dir.resolve("o2")), "nothing written");
  }

  @Test
  void dump_ofAMethodTheClassLacksIsAUsageError() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run r = jptx("dump", "--after=ptx", "-cp", classes.toString(), "demo.Saxpy#nosuch");
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals("jptx: class demo.Saxpy has no method nosuch\n", r.err());
    assertEquals("", r.out(), "no empty module printed");
  }

  @Test
  void compile_classFilesThatAreNotFilesAreCleanErrorsNamingThemNeverAHang() throws Exception {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Path demo = classes.resolve("demo");
    Files.createDirectory(demo.resolve("Folder.class"));
    Files.createSymbolicLink(demo.resolve("Dangling.class"), demo.resolve("nowhere"));
    boolean fifo = mkfifo(demo.resolve("Pipe.class"));
    String root = classes + java.io.File.separator + "demo" + java.io.File.separator;
    String expected =
        root
            + "Dangling.class: error: cannot read class file: it is a symbolic link to nothing\n"
            + root
            + "Folder.class: error: cannot read class file: it is a directory\n"
            + (fifo
                ? root + "Pipe.class: error: cannot read class file: it is not a regular file\n"
                : "");
    Run r =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(60),
            () -> jptx("compile", "-o", dir.resolve("out").toString(), classes.toString()));
    assertEquals(1, r.code(), r.err());
    assertEquals(expected, r.err());
    assertNoStackTrace(r);
    assertTrue(Files.exists(dir.resolve("out/META-INF/jptx/demo/Saxpy/sm_75.ptx")));
    Run l =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(60), () -> jptx("list", classes.toString()));
    assertEquals(1, l.code(), l.err());
    assertEquals(expected, l.err());
    assertEquals("demo.Saxpy saxpy saxpy (IF[F[F)V\n", l.out());
  }

  /** Makes a FIFO with {@code mkfifo}; false where there is no such tool. */
  private static boolean mkfifo(Path p) throws InterruptedException {
    try {
      Process m = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
      assertEquals(0, m.waitFor(), "mkfifo " + p);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
