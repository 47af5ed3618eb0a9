package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.halfToFloat;
import static dev.jptx.Gpu.highHalf;
import static dev.jptx.Gpu.hmax2;
import static dev.jptx.Gpu.lowHalf;

import dev.jptx.Kernel;

/**
 * The high half of a value merged from branches, one of which loads a {@code char}, converted to
 * float: {@code ptxas} 13.0 -O3 miscompiles that when the high half is a shift or an unpack (the
 * fuzz kernel {@code 0x2a305e6d1cd68bac}, k0245 on an H200: NaN instead of 0.0), so the compiler
 * extracts it with {@code bfe} ({@code isel/HighHalfSelection}). Every kernel writes 0.0 for a
 * loaded {@code char}, whatever its bits.
 */
public final class HighHalves {
  private HighHalves() {}

  /** k0245 reduced: {@code highHalf} of a constant on one path, a {@code char} on the other. */
  @Kernel
  public static void ofMerge(byte[] sel, char[] in, int i, float[] out) {
    int gid = globalIdX();
    int v = sel[gid] == 0 ? 51719 : in[i];
    out[gid] = highHalf(v);
  }

  /** The same with k0245's index arithmetic on the load's path. */
  @Kernel
  public static void ofMergeIndexed(byte[] sel, char[] in, int i, float[] out) {
    int gid = globalIdX();
    int v = sel[gid] == 0 ? 51719 : in[((i % in.length) + in.length) % in.length];
    out[gid] = highHalf(v);
  }

  /** The high half as a {@code short} by hand, then {@code halfToFloat}. */
  @Kernel
  public static void shortOfShift(byte[] sel, char[] in, int i, float[] out) {
    int gid = globalIdX();
    int v = sel[gid] == 0 ? 51719 : in[i];
    out[gid] = halfToFloat((short) (v >>> 16));
  }

  /**
   * Lane 1 of a pair that {@code hmax2} widens per lane where the target has no {@code max.f16x2}
   * (sm_53 to sm_75): unpacked lanes converted to float.
   */
  @Kernel
  public static void maxOfMerge(byte[] sel, char[] in, int i, int w, float[] out) {
    int gid = globalIdX();
    int v = sel[gid] == 0 ? 51719 : in[i];
    int m = hmax2(v, w);
    out[2 * gid] = lowHalf(m);
    out[2 * gid + 1] = highHalf(m);
  }
}
