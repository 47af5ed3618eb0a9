package dev.jptx.runtime.jvm;

import dev.jptx.runtime.Stream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A stream of the JVM device: one Java thread that runs queued launches and copies in order. A
 * failure is kept and rethrown by the next {@link #synchronize()}, as CUDA reports an asynchronous
 * error at the next synchronisation.
 */
final class JvmStream implements Stream {
  private final JvmDevice device;
  private final ExecutorService queue;
  private RuntimeException failure;
  private boolean closed;

  JvmStream(JvmDevice device, int number) {
    this.device = device;
    this.queue =
        Executors.newSingleThreadExecutor(
            task -> {
              var thread = new Thread(task, "jptx-jvm-stream-" + number);
              thread.setDaemon(true);
              return thread;
            });
  }

  JvmDevice device() {
    return device;
  }

  /** Queues {@code work}; it runs after everything queued before it. */
  synchronized void submit(Runnable work) {
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
      device.forget(this);
    }
  }

  @Override
  public String toString() {
    return "JvmStream";
  }
}
