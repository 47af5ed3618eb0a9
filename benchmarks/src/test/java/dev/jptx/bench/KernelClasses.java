package dev.jptx.bench;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

/** The jptx kernel classes of this module, and which one holds the kernel of a CUDA name. */
public final class KernelClasses {
  /** Every class of {@code dev.jptx.bench} that declares kernels. */
  public static final List<Class<?>> ALL =
      List.of(
          Elementwise.class,
          Loops.class,
          Physics.class,
          Stencils.class,
          Tiles.class,
          Reductions.class,
          Half2.class);

  private KernelClasses() {}

  /**
   * The class whose static method is named like the CUDA kernel {@code entry}.
   *
   * @param entry e.g. {@code saxpy}
   * @return the declaring class
   * @throws AssertionError if no class has it
   */
  public static Class<?> declaring(String entry) {
    for (Class<?> c : ALL) {
      for (Method m : c.getMethods()) {
        if (m.getName().equals(entry) && Modifier.isStatic(m.getModifiers())) {
          return c;
        }
      }
    }
    throw new AssertionError("no jptx kernel named " + entry);
  }
}
