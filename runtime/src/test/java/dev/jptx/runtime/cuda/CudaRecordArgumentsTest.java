package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.Kernel;
import dev.jptx.runtime.Launch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cuda device passes a record kernel argument by value, one parameter per component in
 * declaration order (a nested record flattened in place), each in its primitive's width.
 */
class CudaRecordArgumentsTest {
  public record Pair(char c, long l) {}

  public record Triple(boolean z, Pair p, float f) {}

  @Kernel
  public static void takes(Triple t, float[] out) {
    out[0] = t.f();
  }

  @Test
  void launch_flattensARecordToItsComponents(@TempDir Path root) throws IOException {
    String owner = CudaRecordArgumentsTest.class.getName();
    Path dir = root.resolve("META-INF/jptx/" + owner.replace('.', '/'));
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("sm_75.ptx"),
        ".version 7.0\n.target sm_75\n.address_size 64\n"
            + TestModules.entry(
                "takes", ".u8 z", ".u16 c", ".s64 l", ".f32 f", ".u64 out", ".s32 outn"));
    String descriptor = "(L" + Triple.class.getName().replace('.', '/') + ";[F)V";
    Files.writeString(
        root.resolve("META-INF/jptx/kernels.list"),
        owner + " takes takes " + descriptor + " sm_75\n");
    FakeCudaDriver driver = new FakeCudaDriver();
    try (CudaDevice device = CudaDevice.open(driver, 0, List.of(root))) {
      device.launch(
          Launch.grid1d(1, 1),
          CudaRecordArgumentsTest::takes,
          new Triple(true, new Pair('B', -3L), 0.5f),
          new float[2]);
    }
    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertEquals(6, l.params().length, "z, c, l, f, then out and its length");
    assertArrayEquals(new byte[] {1}, l.params()[0]);
    assertArrayEquals(new byte[] {'B', 0}, l.params()[1]);
    assertEquals(-3L, l.param(2).getLong());
    assertEquals(0.5f, l.param(3).getFloat());
    assertArrayEquals(new byte[] {2, 0, 0, 0}, l.params()[5], "out.length");
  }
}
