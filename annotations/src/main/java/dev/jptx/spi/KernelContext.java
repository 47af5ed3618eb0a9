package dev.jptx.spi;

/**
 * Binds the current GPU thread to the Java thread that runs it. A runtime calls {@link #bind}
 * before it invokes the kernel method for one GPU thread and {@link #unbind} after it returns (in a
 * {@code finally}); {@code dev.jptx.Gpu} calls {@link #current} from inside.
 *
 * <p>Call order, per Java thread: {@code (bind unbind)*}. Binding twice without unbinding is an
 * error, so that a runtime cannot leak one thread's context into the next.
 */
public final class KernelContext {
  private static final ThreadLocal<KernelThread> CURRENT = new ThreadLocal<>();

  private KernelContext() {}

  /**
   * Makes {@code thread} the context of the calling Java thread.
   *
   * @param thread the GPU thread about to run here
   * @throws IllegalStateException if another context is already bound
   */
  public static void bind(KernelThread thread) {
    if (thread == null) {
      throw new NullPointerException("thread");
    }
    if (CURRENT.get() != null) {
      throw new IllegalStateException("a GPU thread is already bound to " + Thread.currentThread());
    }
    CURRENT.set(thread);
  }

  /** Removes the calling Java thread's context; does nothing if none is bound. */
  public static void unbind() {
    CURRENT.remove();
  }

  /**
   * Whether the calling Java thread runs a GPU thread.
   *
   * @return true between {@link #bind} and {@link #unbind}
   */
  public static boolean isBound() {
    return CURRENT.get() != null;
  }

  /**
   * The context of the calling Java thread.
   *
   * @param caller the {@code Gpu} method asking, for the error message, e.g. {@code "threadIdxX()"}
   * @return the bound GPU thread
   * @throws IllegalStateException if called outside a kernel launch
   */
  public static KernelThread current(String caller) {
    KernelThread thread = CURRENT.get();
    if (thread == null) {
      throw new IllegalStateException(
          "Gpu."
              + caller
              + " called outside a kernel launch: run the kernel through a"
              + " dev.jptx.runtime.Device");
    }
    return thread;
  }
}
