package dev.jptx.runtime.jvm;

import dev.jptx.spi.SharedSite;
import java.lang.reflect.Array;
import java.util.HashMap;
import java.util.Map;

/**
 * The shared memory of one block: one array per declaration site, created zeroed on first use (the
 * GPU leaves it uninitialised, so a kernel cannot tell), and the dynamic buffer sized by the
 * launch. Guarded by the block's lock.
 */
final class BlockSharedMemory {
  private final BlockRun block;
  private final Map<SharedSite, Object> arrays = new HashMap<>();
  private Object dynamic;

  BlockSharedMemory(BlockRun block) {
    this.block = block;
  }

  /** The array of a declaration site; its type and length never change. */
  Object array(SharedSite site, Class<?> elementType, int length) {
    block.lock.lock();
    try {
      Object array = arrays.get(site);
      if (array == null) {
        array = Array.newInstance(elementType, length);
        arrays.put(site, array);
      } else if (array.getClass().getComponentType() != elementType
          || Array.getLength(array) != length) {
        throw new IllegalStateException(
            "shared memory declared at "
                + site
                + " as "
                + describe(array)
                + " is requested as "
                + elementType.getName()
                + "["
                + length
                + "]: the length of a shared array must be a compile-time constant");
      }
      return array;
    } finally {
      block.lock.unlock();
    }
  }

  /** The dynamic shared memory as an array of one element type, fixed by its first use. */
  Object dynamic(Class<?> elementType) {
    block.lock.lock();
    try {
      if (dynamic == null) {
        dynamic =
            Array.newInstance(elementType, block.launch.sharedMemoryBytes / size(elementType));
      } else if (dynamic.getClass().getComponentType() != elementType) {
        throw new IllegalStateException(
            "dynamic shared memory is used both as "
                + describe(dynamic)
                + " and as "
                + elementType.getName()
                + "[]: a kernel uses it with one element type only");
      }
      return dynamic;
    } finally {
      block.lock.unlock();
    }
  }

  private static String describe(Object array) {
    return array.getClass().getComponentType().getName() + "[" + Array.getLength(array) + "]";
  }

  static int size(Class<?> type) {
    if (type == long.class || type == double.class) {
      return 8;
    } else if (type == int.class || type == float.class) {
      return 4;
    } else if (type == short.class || type == char.class) {
      return 2;
    }
    return 1;
  }
}
