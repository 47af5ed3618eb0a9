package dev.jptx.compiler.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.validate.ValidationMode;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import dev.jptx.spi.KernelIndexLine;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Names that reach the PTX and the index from a class file: a crafted {@code SourceFile}, class and
 * method names with spaces, line breaks and non-ASCII letters. The classes are compiled by javac
 * and then rewritten with ASM, as a hostile or unusual tool would leave them; each is compiled (and
 * checked by ptxas, line info on), found through its index line, and run on the simulator against
 * the JVM.
 */
class HostileNamesTest {
  @TempDir Path dir;

  private static final String TWICE =
      """
      package demo;

      import static dev.jptx.Gpu.globalIdX;

      import dev.jptx.Kernel;

      public final class %s {
        @Kernel(name = "%s")
        public static void %s(int[] a) {
          int i = globalIdX();
          if (i < a.length) {
            a[i] = 2 * a[i] + 1;
          }
        }
      }
      """;

  private static final Pattern ENTRY = Pattern.compile("(?m)^\\.visible \\.entry ");

  @Test
  void sourceFileAttribute_cannotInjectIntoTheModule() throws Exception {
    byte[] bytes = javac("Twice", "twice", "twice");
    String evil = "Twice.java\"\n.visible .entry injected()\n{\n\tret;\n}\n// \u00fc";
    byte[] crafted = rewrite(bytes, null, null, evil);
    Path root = Differential.build(crafted, options(), dir.resolve("out"));
    String ptx = Files.readString(root.resolve("META-INF/jptx/demo/Twice/sm_75.ptx"));
    assertEquals(1, ENTRY.matcher(ptx).results().count(), ptx);
    assertTrue(
        ptx.contains(
            "\t.file\t1 \"demo/Twice.java%22%0A.visible .entry injected()%0A{%0A%09ret;%0A}%0A// %C3%BC\""),
        ptx);
    runBoth(define("demo.Twice", crafted), "twice", root);
  }

  @Test
  void nonAsciiClassName_compilesWithLineInfoAndRuns() throws Exception {
    byte[] bytes = javac("Gr\u00f6\u00dfe", "scale", "scale");
    Path root = Differential.build(bytes, options(), dir.resolve("out"));
    Path module = root.resolve("META-INF/jptx/demo/Gr\u00f6\u00dfe/sm_75.ptx");
    assertTrue(Files.readString(module).contains("\t.file\t1 \"demo/Gr%C3%B6%C3%9Fe.java\""));
    String index = Files.readString(ModuleLayout.index(root), StandardCharsets.UTF_8);
    assertEquals("demo.Gr\\u00f6\\u00dfe scale scale ([I)V sm_75\n", index);
    Class<?> cls = define("demo.Gr\u00f6\u00dfe", bytes);
    runBoth(cls, "scale", root);
    // the same from a jar on the class path: the module path is quoted as a URI path
    try (URLClassLoader jar = jarLoader(root, "demo/Gr\u00f6\u00dfe.class", bytes)) {
      runFromClassPath(jar.loadClass("demo.Gr\u00f6\u00dfe"), "scale");
    }
  }

  @Test
  void spacesAndLineBreaksInNames_stayOneIndexLineAndRoundTrip() throws Exception {
    String cls = "demo/Odd Name\nForged #1?";
    String method = "my kernel\nForged k k ()V sm_90";
    byte[] bytes = rewrite(javac("Named", "spaced", "k"), cls, method, null);
    Path root = Differential.build(bytes, options(), dir.resolve("out"));
    List<String> lines = Files.readAllLines(ModuleLayout.index(root), StandardCharsets.UTF_8);
    assertEquals(1, lines.size(), lines::toString);
    KernelIndexLine line = KernelIndexLine.parse(lines.get(0));
    assertEquals(
        new KernelIndexLine(
            "demo.Odd Name\nForged #1?", method, "spaced", "([I)V", List.of("sm_75")),
        line);
    Class<?> c = define("demo.Odd Name\nForged #1?", bytes);
    runBoth(c, method, root);
    try (URLClassLoader jar = jarLoader(root, cls + ".class", bytes)) {
      runFromClassPath(jar.loadClass("demo.Odd Name\nForged #1?"), method);
    }
  }

  /** A device function WARP.SZ would be the PTX symbol WARP_SZ, which PTX predefines. */
  @Test
  void deviceFunctionNamedLikeAPredefinedIdentifier_getsAnotherSymbol() throws Exception {
    String warp =
        """
        package demo;

        import dev.jptx.NoInline;

        public final class WARP {
          @NoInline
          public static int SZ(int x) {
            return x * 3;
          }
        }
        """;
    String user =
        """
        package demo;

        import static dev.jptx.Gpu.globalIdX;

        import dev.jptx.Kernel;

        public final class UsesWarp {
          @Kernel
          public static void triple(int[] a) {
            int i = globalIdX();
            if (i < a.length) {
              a[i] = WARP.SZ(a[i]);
            }
          }
        }
        """;
    Path classes =
        JavaSources.compile(dir.resolve("src"), Map.of("demo.WARP", warp, "demo.UsesWarp", user));
    Path root = dir.resolve("warp-out");
    BuildReport report =
        Build.run(
            new BuildRequest(
                List.of(classes), List.of(), root, options(), ValidationMode.AUTO, null),
            DumpSink.NONE);
    assertTrue(!report.failed(), () -> report.diagnostics() + " " + report.internalErrors());
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, HostileNamesTest.class.getClassLoader())) {
      Class<?> c = loader.loadClass("demo.UsesWarp");
      String ptx = Files.readString(root.resolve("META-INF/jptx/demo/UsesWarp/sm_75.ptx"));
      Tools.assertAssembles(ptx, SmTargets.get("sm_75"));
      assertTrue(
          ptx.contains(".func  (.param .b32 func_retval0) WARP_SZ_(") || ptx.contains("WARP_SZ_("),
          ptx);
      assertTrue(!Pattern.compile("\\bWARP_SZ\\(").matcher(ptx).find(), ptx);
      runBoth(c, "triple", root);
    }
  }

  private static dev.jptx.compiler.driver.CompilerOptions options() {
    return Configurations.options("-O3 sm_75").withLineInfo(true);
  }

  private byte[] javac(String simpleName, String entry, String method) throws IOException {
    Path classes =
        JavaSources.compile(
            dir.resolve("javac-" + Math.abs(simpleName.hashCode())),
            Map.of("demo." + simpleName, TWICE.formatted(simpleName, entry, method)),
            List.of("-g", "-encoding", "UTF-8"));
    try (Stream<Path> s = Files.walk(classes)) {
      Path file = s.filter(p -> p.toString().endsWith(".class")).findFirst().orElseThrow();
      return Files.readAllBytes(file);
    }
  }

  /** The class renamed, its one kernel method renamed, its SourceFile replaced (nulls: kept). */
  private static byte[] rewrite(byte[] bytes, String className, String method, String sourceFile) {
    ClassWriter w = new ClassWriter(0);
    new ClassReader(bytes)
        .accept(
            new ClassVisitor(Opcodes.ASM9, w) {
              @Override
              public void visit(
                  int version, int access, String name, String sig, String sup, String[] ifs) {
                super.visit(version, access, className != null ? className : name, sig, sup, ifs);
              }

              @Override
              public void visitSource(String source, String debug) {
                super.visitSource(sourceFile != null ? sourceFile : source, debug);
              }

              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String sig, String[] exceptions) {
                boolean kernel = (access & Opcodes.ACC_STATIC) != 0 && !name.startsWith("<");
                String renamed = kernel && method != null ? method : name;
                return super.visitMethod(access, renamed, desc, sig, exceptions);
              }
            },
            0);
    return w.toByteArray();
  }

  private static Class<?> define(String name, byte[] bytes) {
    return new ClassLoader(HostileNamesTest.class.getClassLoader()) {
      Class<?> load() {
        return defineClass(name, bytes, 0, bytes.length);
      }
    }.load();
  }

  private static void runBoth(Class<?> cls, String method, Path root) {
    try (Device jvm = Device.jvm();
        Device sim = SimDevice.withModuleRoots(List.of(root))) {
      Differential.compare(
          jvm,
          sim,
          new Differential.Case(cls, method, Launch.grid1d(40, 64), 0, (Object) ramp(40)));
    }
  }

  /** Runs a kernel of {@link #TWICE}'s shape found through the class path's index. */
  private static void runFromClassPath(Class<?> cls, String method) {
    int[] a = ramp(40);
    try (Device sim = Device.simulator()) {
      sim.launch(Launch.grid1d(40, 64), cls, method, (Object) a);
    }
    int[] expected = ramp(40);
    for (int i = 0; i < expected.length; i++) {
      expected[i] = 2 * expected[i] + 1; // what TWICE computes
    }
    assertArrayEquals(expected, a);
  }

  private static int[] ramp(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i * 7 - 30;
    }
    return a;
  }

  /** A jar holding the class and everything under {@code root}, and a loader over it alone. */
  private URLClassLoader jarLoader(Path root, String classEntry, byte[] classBytes)
      throws IOException {
    Path jar = dir.resolve("app-" + System.nanoTime() + ".jar");
    try (OutputStream out = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
      zip.putNextEntry(new ZipEntry(classEntry));
      zip.write(classBytes);
      try (Stream<Path> s = Files.walk(root)) {
        for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
          zip.putNextEntry(new ZipEntry(root.relativize(p).toString()));
          zip.write(Files.readAllBytes(p));
        }
      }
    }
    return new URLClassLoader(
        new URL[] {jar.toUri().toURL()}, HostileNamesTest.class.getClassLoader());
  }
}
