package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.WARP_SIZE;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockDimY;
import static dev.jptx.Gpu.blockDimZ;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.blockIdxY;
import static dev.jptx.Gpu.blockIdxZ;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalIdY;
import static dev.jptx.Gpu.globalIdZ;
import static dev.jptx.Gpu.globalSizeX;
import static dev.jptx.Gpu.globalSizeY;
import static dev.jptx.Gpu.globalSizeZ;
import static dev.jptx.Gpu.gridDimX;
import static dev.jptx.Gpu.gridDimY;
import static dev.jptx.Gpu.gridDimZ;
import static dev.jptx.Gpu.laneId;
import static dev.jptx.Gpu.threadIdxX;
import static dev.jptx.Gpu.threadIdxY;
import static dev.jptx.Gpu.threadIdxZ;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Thread, block and grid coordinates in 1D, 2D and 3D launches, and the lane id. */
public class IndicesTest {
  private static final int FIELDS = 19;
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  /** Each thread writes every index it can read into its own record. */
  @Kernel
  public static void indices(int[] out) {
    int t = threadIdxX() + threadIdxY() * blockDimX() + threadIdxZ() * blockDimX() * blockDimY();
    int b = blockIdxX() + blockIdxY() * gridDimX() + blockIdxZ() * gridDimX() * gridDimY();
    int base = (b * blockDimX() * blockDimY() * blockDimZ() + t) * FIELDS;
    out[base + 0] = threadIdxX();
    out[base + 1] = threadIdxY();
    out[base + 2] = threadIdxZ();
    out[base + 3] = blockIdxX();
    out[base + 4] = blockIdxY();
    out[base + 5] = blockIdxZ();
    out[base + 6] = blockDimX();
    out[base + 7] = blockDimY();
    out[base + 8] = blockDimZ();
    out[base + 9] = gridDimX();
    out[base + 10] = gridDimY();
    out[base + 11] = gridDimZ();
    out[base + 12] = globalIdX();
    out[base + 13] = globalIdY();
    out[base + 14] = globalIdZ();
    out[base + 15] = globalSizeX();
    out[base + 16] = globalSizeY();
    out[base + 17] = globalSizeZ();
    out[base + 18] = laneId();
  }

  private static void check(Dim3 grid, Dim3 block) {
    int threads = (int) (grid.count() * block.count());
    int[] out = new int[threads * FIELDS];
    GPU.launch(Launch.of(grid, block), IndicesTest::indices, out);
    int[] expected = new int[out.length];
    int record = 0;
    for (int bz = 0; bz < grid.z(); bz++) {
      for (int by = 0; by < grid.y(); by++) {
        for (int bx = 0; bx < grid.x(); bx++) {
          for (int tz = 0; tz < block.z(); tz++) {
            for (int ty = 0; ty < block.y(); ty++) {
              for (int tx = 0; tx < block.x(); tx++) {
                int linear = tx + ty * block.x() + tz * block.x() * block.y();
                int[] values = {
                  tx,
                  ty,
                  tz,
                  bx,
                  by,
                  bz,
                  block.x(),
                  block.y(),
                  block.z(),
                  grid.x(),
                  grid.y(),
                  grid.z(),
                  bx * block.x() + tx,
                  by * block.y() + ty,
                  bz * block.z() + tz,
                  grid.x() * block.x(),
                  grid.y() * block.y(),
                  grid.z() * block.z(),
                  linear % 32
                };
                System.arraycopy(values, 0, expected, record++ * FIELDS, FIELDS);
              }
            }
          }
        }
      }
    }
    assertArrayEquals(expected, out);
  }

  @Test
  void indices_oneDimensional() {
    check(Dim3.of(5), Dim3.of(70));
  }

  @Test
  void indices_twoDimensional() {
    check(Dim3.of(3, 2), Dim3.of(8, 5));
  }

  @Test
  void indices_threeDimensional() {
    check(Dim3.of(2, 3, 2), Dim3.of(4, 3, 5));
  }

  @Test
  void warpSize_isThirtyTwo() {
    assertEquals(32, WARP_SIZE);
  }
}
