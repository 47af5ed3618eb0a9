package dev.jptx.runtime.sim;

import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.sim.memory.Region;
import java.lang.reflect.Array;

/**
 * Copies between Java primitive arrays and simulated memory, little-endian as on the GPU; a {@code
 * boolean} is one byte, 0 or 1. A flat region is copied in place; a paged one through a buffer of
 * one page at a time.
 */
final class HostArrays {

  private HostArrays() {}

  static void copyIn(Object array, Region r) {
    int n = Array.getLength(array);
    if (r.isFlat()) {
      HostArrayBytes.encode(array, 0, n, r.bytes(), 0);
      return;
    }
    int es = HostArrayBytes.elementSize(array.getClass().getComponentType());
    byte[] buffer = new byte[Region.PAGE];
    int per = Region.PAGE / es;
    for (int i = 0; i < n; i += per) {
      int k = Math.min(per, n - i);
      HostArrayBytes.encode(array, i, k, buffer, 0);
      r.write((long) i * es, buffer, 0, k * es);
    }
  }

  static void copyOut(Region r, Object array) {
    int n = Array.getLength(array);
    if (r.isFlat()) {
      HostArrayBytes.decode(r.bytes(), 0, array, 0, n);
      return;
    }
    int es = HostArrayBytes.elementSize(array.getClass().getComponentType());
    byte[] buffer = new byte[Region.PAGE];
    int per = Region.PAGE / es;
    for (int i = 0; i < n; i += per) {
      int k = Math.min(per, n - i);
      r.read((long) i * es, buffer, 0, k * es);
      HostArrayBytes.decode(buffer, 0, array, i, k);
    }
  }
}
