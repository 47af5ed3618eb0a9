package dev.jptx.runtime.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Launch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An array of arrays on the cuda device over a fake driver: a table of row addresses, a table of
 * row lengths and the row count; one buffer per distinct row, shared with a one-dimensional
 * argument that is the same array; every row copied back; every temporary freed.
 */
class CudaArraysOfArraysTest {
  @TempDir Path root;
  private final FakeCudaDriver driver = new FakeCudaDriver();
  private CudaDevice device;

  @BeforeEach
  void open() {
    device = CudaDevice.open(driver, 0, List.of(TestModules.write(root, TestModules.TARGETS)));
  }

  private ByteBuffer memory(long address) {
    return ByteBuffer.wrap(driver.at(address)).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** On the fake: every element of every row becomes its row number plus ten times its index. */
  private void numberRows(FakeCudaDriver.Launched l) {
    ByteBuffer rows = memory(l.param(0).getLong());
    ByteBuffer lengths = memory(l.param(1).getLong());
    for (int k = 0; k < l.param(2).getInt(); k++) {
      long row = rows.getLong(k * 8);
      for (int j = 0; j < lengths.getInt(k * 4); j++) {
        memory(row).putFloat(j * 4, k + 10 * j);
      }
    }
  }

  @Test
  void launch_passesTablesAndCountAndCopiesEveryRowBack() {
    driver.kernelBody = this::numberRows;
    float[] shared = {1, 2};
    float[][] a = {{5, 6, 7}, shared, {}, shared};
    device.launch(Launch.grid1d(1, 1), CudaTestKernels::rows, a, shared);

    FakeCudaDriver.Launched l = driver.launches.get(0);
    assertEquals(5, l.params().length, "row table, length table, row count, b, b's length");
    assertEquals(4, l.param(2).getInt());
    var rows = ByteBuffer.wrap(l.memory().get(l.param(0).getLong())).order(ByteOrder.LITTLE_ENDIAN);
    var lengths =
        ByteBuffer.wrap(l.memory().get(l.param(1).getLong())).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(3, lengths.getInt(0));
    assertEquals(2, lengths.getInt(4));
    assertEquals(0, lengths.getInt(8));
    assertEquals(2, lengths.getInt(12));
    assertEquals(rows.getLong(8), rows.getLong(24), "one buffer for one row passed twice");
    assertEquals(rows.getLong(8), l.param(3).getLong(), "and for the same array as argument b");
    assertEquals(0, rows.getLong(16), "an empty row is a null address, as an empty array");
    // two distinct rows with elements, and the two tables
    assertEquals(4, driver.calls.stream().filter("cuMemAlloc"::equals).count());
    assertArrayEquals(new float[] {0, 10, 20}, a[0]);
    assertArrayEquals(new float[] {3, 13}, shared, "the later row's writes land last");
    assertTrue(driver.memory.isEmpty(), "temporary allocations freed: " + driver.memory.keySet());
  }
}
