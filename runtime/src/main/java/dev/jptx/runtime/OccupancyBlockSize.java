package dev.jptx.runtime;

import dev.jptx.Kernel;
import dev.jptx.spi.ModuleResources;
import dev.jptx.spi.Occupancy;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link Launch#forOccupancy}: the block size that maximises a kernel's occupancy. */
final class OccupancyBlockSize {
  /** The block size without recorded figures, as the build's occupancy assumes. */
  static final int DEFAULT = Occupancy.DEFAULT_BLOCK;

  private OccupancyBlockSize() {}

  /**
   * The largest block size, a multiple of 32 up to the kernel's maximum, whose occupancy is the
   * highest; {@link #DEFAULT} (or the kernel's maximum if lower) without figures.
   */
  static int of(Device device, KernelMethod kernel) {
    int limit = kernel.maxThreadsPerBlock() > 0 ? kernel.maxThreadsPerBlock() : 1024;
    Optional<ModuleResources> figures =
        device instanceof AbstractDevice a ? a.occupancyFigures(kernel) : Optional.empty();
    if (figures.isEmpty() || limit < 32) {
      return Math.min(limit, DEFAULT);
    }
    Occupancy.Limits limits = Occupancy.limits(((AbstractDevice) device).occupancyCapability());
    int best = 32;
    int bestWarps = -1;
    for (int block = limit / 32 * 32; block >= 32; block -= 32) {
      int warps =
          Occupancy.of(limits, block, figures.get().registers(), figures.get().sharedBytes())
              .warps();
      if (warps > bestWarps) {
        bestWarps = warps;
        best = block;
      }
    }
    return best;
  }

  /** The one {@code @Kernel} method of {@code c} named {@code name}. */
  static KernelMethod find(Class<?> c, String name) {
    List<Method> found = new ArrayList<>();
    for (Method m : c.getMethods()) {
      if (m.getName().equals(name)
          && Modifier.isStatic(m.getModifiers())
          && m.isAnnotationPresent(Kernel.class)) {
        found.add(m);
      }
    }
    if (found.size() != 1) {
      throw new IllegalArgumentException(
          c.getName()
              + " has "
              + (found.isEmpty() ? "no" : found.size())
              + " public static @Kernel methods named "
              + name
              + (found.isEmpty() ? "" : "; pass a method reference to choose one"));
    }
    return KernelMethod.of(found.get(0));
  }
}
