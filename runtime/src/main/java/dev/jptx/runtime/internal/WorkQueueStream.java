package dev.jptx.runtime.internal;

import dev.jptx.runtime.Stream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A stream of a device that runs its work on the host: one Java thread that runs queued launches
 * and copies in order. A failure is kept and rethrown by the next {@link #synchronize()}, as CUDA
 * reports an asynchronous error at the next synchronisation.
 */
public final class WorkQueueStream implements Stream {
  private final Object owner;
  private final java.util.function.Consumer<WorkQueueStream> onClose;
  private final ExecutorService queue;
  private RuntimeException failure;
  private boolean closed;

  /**
   * A stream of {@code owner}'s whose work runs in order on a thread named {@code threadName};
   * {@code onClose} hears when it is closed.
   */
  public WorkQueueStream(
      Object owner, String threadName, java.util.function.Consumer<WorkQueueStream> onClose) {
    this.owner = owner;
    this.onClose = onClose;
    this.queue =
        Executors.newSingleThreadExecutor(
            task -> {
              var thread = new Thread(task, threadName);
              thread.setDaemon(true);
              return thread;
            });
  }

  /** The device that made it. */
  public Object owner() {
    return owner;
  }

  /** Queues {@code work}; it runs after everything queued before it. */
  /** Queues {@code work}; a failure is rethrown by the next {@link #synchronize()}. */
  public synchronized void submit(Runnable work) {
    if (closed) {
      throw new IllegalStateException("the stream is closed");
    }
    queue.execute(
        () -> {
          try {
            work.run();
          } catch (RuntimeException | Error e) {
            recordFailure(
                e instanceof RuntimeException
                    ? (RuntimeException) e
                    : new IllegalStateException(e));
          }
        });
  }

  private synchronized void recordFailure(RuntimeException e) {
    if (failure == null) {
      failure = e;
    }
  }

  @Override
  public void synchronize() {
    Future<?> marker;
    synchronized (this) {
      if (closed) {
        return;
      }
      marker = queue.submit(() -> {});
    }
    boolean interrupted = false;
    while (true) {
      try {
        marker.get();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    RuntimeException first;
    synchronized (this) {
      first = failure;
      failure = null;
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public void close() {
    try {
      synchronize();
    } finally {
      synchronized (this) {
        closed = true;
        queue.shutdown();
      }
      onClose.accept(this);
    }
  }

  @Override
  public String toString() {
    return "Stream(" + owner + ")";
  }
}
