package dev.jptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every {@link Gpu} method that reads the current GPU thread fails clearly outside a launch; the
 * pure ones (atomics on arrays, fences, half precision) work anywhere.
 */
class OutsideLaunchTest {
  private static final Set<String> PURE_PREFIXES =
      Set.of(
          "atomic",
          "threadFence",
          "half",
          "floatTo",
          "packHalf",
          "lowHalf",
          "highHalf",
          "h",
          "bf16");

  private static boolean isPure(String name) {
    return PURE_PREFIXES.stream().anyMatch(name::startsWith) && !name.equals("syncThreads");
  }

  private static Object defaultValue(Class<?> type) {
    if (type == boolean.class) {
      return false;
    } else if (type == int.class) {
      return 0;
    } else if (type == long.class) {
      return 0L;
    } else if (type == float.class) {
      return 0f;
    } else if (type == double.class) {
      return 0.0;
    } else if (type == short.class) {
      return (short) 0;
    } else if (type == String.class) {
      return "%d";
    } else if (type == Object[].class) {
      return new Object[] {1};
    } else if (type.isArray()) {
      return java.lang.reflect.Array.newInstance(type.getComponentType(), 1);
    }
    throw new AssertionError(type);
  }

  private static Object call(Method method) throws Throwable {
    Object[] args =
        Arrays.stream(method.getParameterTypes()).map(OutsideLaunchTest::defaultValue).toArray();
    try {
      return method.invoke(null, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  void contextMethods_throwIllegalStateOutsideALaunch() {
    Set<String> checked = new TreeSet<>();
    for (Method method : Gpu.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(method.getModifiers()) || isPure(method.getName())) {
        continue;
      }
      Throwable e = assertThrows(Throwable.class, () -> call(method), method.toString());
      assertInstanceOf(IllegalStateException.class, e, method.toString());
      assertTrue(
          e.getMessage().startsWith("Gpu." + method.getName() + "(")
              && e.getMessage().contains("called outside a kernel launch")
              && e.getMessage().contains("dev.jptx.runtime.Device"),
          e.getMessage());
      checked.add(method.getName());
    }
    // the indices, barriers, warp operations, shared memory and printf: 49 names
    assertTrue(
        checked.containsAll(
            Set.of(
                "threadIdxX",
                "globalIdZ",
                "globalSizeY",
                "laneId",
                "syncThreads",
                "syncThreadsCount",
                "syncThreadsAnd",
                "syncThreadsOr",
                "syncWarp",
                "sharedBooleans",
                "sharedDoubles",
                "dynamicSharedFloats",
                "shflSync",
                "shflUpSync",
                "shflDownSync",
                "shflXorSync",
                "ballotSync",
                "anySync",
                "allSync",
                "activeMask",
                "printf")),
        checked.toString());
    assertEquals(49, checked.size(), checked.toString());
  }

  @Test
  void pureMethods_workOutsideALaunch() throws Throwable {
    int count = 0;
    for (Method method : Gpu.class.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers()) && isPure(method.getName())) {
        call(method);
        count++;
      }
    }
    assertTrue(count >= 50, "pure methods: " + count);
  }
}
