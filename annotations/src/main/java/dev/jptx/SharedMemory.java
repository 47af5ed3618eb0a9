package dev.jptx;

import dev.jptx.spi.KernelContext;
import dev.jptx.spi.SharedSite;
import java.util.Set;

/**
 * The JVM side of {@code Gpu}'s shared-memory declarations: finds the call site, asks the context.
 */
final class SharedMemory {
  // Frames of the facade itself are skipped, so the site is the user's call of Gpu.sharedXxx.
  private static final Set<String> API_CLASSES =
      Set.of(Gpu.class.getName(), SharedMemory.class.getName());
  // getDescriptor() needs the class reference on JDK 22 and later (on 17 it works either way).
  private static final StackWalker WALKER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  private SharedMemory() {}

  static Object array(String caller, Class<?> elementType, int n) {
    var thread = KernelContext.current(caller);
    if (n < 0) {
      throw new IllegalArgumentException("Gpu." + caller + ": negative length " + n);
    }
    return thread.sharedArray(callSite(), elementType, n);
  }

  static Object dynamic(String caller, Class<?> elementType) {
    return KernelContext.current(caller).dynamicSharedArray(elementType);
  }

  /** The first frame outside the API: the class, method, descriptor and bytecode offset. */
  private static SharedSite callSite() {
    return WALKER.walk(
        frames ->
            frames
                .filter(f -> !API_CLASSES.contains(f.getClassName()))
                .findFirst()
                .map(
                    f ->
                        new SharedSite(
                            f.getClassName(),
                            f.getMethodName(),
                            f.getDescriptor(),
                            f.getByteCodeIndex()))
                .orElseThrow(() -> new IllegalStateException("no caller frame")));
  }
}
