package dev.jptx.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.KernelMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a kernel's module: two different builds of one kernel, and a corrupt index. */
class JptxModulesTest {
  @TempDir Path dir;

  /** A kernel to look up. */
  public static final class K {
    private K() {}

    @Kernel
    public static void k(int[] a) {}
  }

  private static final String LINE = K.class.getName() + " k k ([I)V sm_75\n";

  private static KernelMethod kernel() throws NoSuchMethodException {
    return KernelMethod.of(K.class.getMethod("k", int[].class));
  }

  private Path root(String name, String index, String ptx) throws Exception {
    Path root = dir.resolve(name);
    Path module =
        root.resolve("META-INF/jptx/" + K.class.getName().replace('.', '/') + "/sm_75.ptx");
    Files.createDirectories(module.getParent());
    Files.writeString(root.resolve("META-INF/jptx/kernels.list"), index);
    Files.writeString(module, ptx);
    return root;
  }

  private static JptxModules.Located locate(List<Path> roots) throws Exception {
    return JptxModules.locate(kernel(), roots, (k, targets) -> targets.get(0));
  }

  @Test
  void locate_twoDifferentBuildsOfOneKernelAreRefusedNamingBoth() throws Exception {
    Path app = root("app", LINE, "// the old build\n");
    Path lib = root("lib", LINE, "// the new build\n");
    var e = assertThrows(IllegalArgumentException.class, () -> locate(List.of(app, lib)));
    assertTrue(e.getMessage().startsWith("kernel "), e.getMessage());
    assertTrue(
        e.getMessage().contains(" has two different builds on the classpath: "), e.getMessage());
    assertTrue(e.getMessage().contains(app.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(lib.toString()), e.getMessage());
  }

  @Test
  void locate_identicalCopiesAreFine() throws Exception {
    Path a = root("a", LINE, "// one build\n");
    Path b = root("b", LINE, "// one build\n");
    assertEquals("// one build\n", locate(List.of(a, b)).ptx());
  }

  @Test
  void locate_aCorruptIndexNamesItsRootAndLine() throws Exception {
    Path bad = root("bad", "dev.x.Y y\u0000 garbage\n", "// x\n");
    var e = assertThrows(IllegalArgumentException.class, () -> locate(List.of(bad)));
    assertTrue(
        e.getMessage()
            .endsWith(
                ": META-INF/jptx/kernels.list line 1 is not '<class> <method> <entry> <descriptor>"
                    + " <targets>': the index is corrupt (rebuild it with the jptx Maven plugin or"
                    + " 'jptx compile')"),
        e.getMessage());
    assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
  }

  @Test
  void simulator_aTruncatedModuleIsALaunchErrorNamingIt() throws Exception {
    String whole =
        ".version 7.8\n.target sm_75\n.address_size 64\n\n.visible .entry k(\n"
            + "  .param .u64 k_param_0,\n  .param .u32 k_param_1\n)\n{\n  ret;\n}\n";
    Path cut = root("cut", LINE, whole.substring(0, whole.length() / 2));
    try (var device = dev.jptx.runtime.sim.SimDevice.withModuleRoots(List.of(cut))) {
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () -> device.launch(dev.jptx.runtime.Launch.grid1d(1, 1), K::k, new int[1]));
      String resource = "META-INF/jptx/" + K.class.getName().replace('.', '/') + "/sm_75.ptx";
      assertTrue(
          e.getMessage().startsWith("the module " + resource + " in " + cut + " of kernel "),
          e.getMessage());
      assertTrue(e.getMessage().contains(" cannot be loaded: line "), e.getMessage());
      assertTrue(
          e.getMessage()
              .endsWith(
                  " (is it cut short or damaged? rebuild it"
                      + " with the jptx Maven plugin or 'jptx compile')"),
          e.getMessage());
    }
  }
}
