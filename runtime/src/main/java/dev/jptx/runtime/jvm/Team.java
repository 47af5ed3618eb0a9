package dev.jptx.runtime.jvm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;

/**
 * The workers of one driver, reused by every block the driver runs: a block with barriers needs one
 * Java thread per GPU thread, and creating those anew for each block would cost more than running
 * it.
 *
 * <p>On a JDK with virtual threads (21 and later) workers are virtual threads: a barrier then
 * switches continuations instead of OS threads, which is many times faster. Java 17 has none, so
 * they are found reflectively; {@code -Djptx.jvm.virtualThreads=false} turns them off.
 */
final class Team {
  private static final ThreadFactory VIRTUAL = virtualThreadFactory();

  private final ExecutorService pool;
  private final ArrayDeque<Worker> idle = new ArrayDeque<>();
  private final List<Worker> all = new ArrayList<>();

  Team(ExecutorService pool) {
    this.pool = pool;
  }

  /** Starts GPU thread {@code linear} of {@code run} on an idle worker, or on a new one. */
  void start(BlockRun run, int linear) {
    Worker worker;
    boolean created = false;
    synchronized (this) {
      worker = idle.poll();
      if (worker == null) {
        worker = new Worker(this);
        all.add(worker);
        created = true;
      }
    }
    worker.assign(run, linear);
    if (created) {
      try {
        if (VIRTUAL != null) {
          VIRTUAL.newThread(worker).start();
        } else {
          pool.execute(worker);
        }
      } catch (RejectedExecutionException e) {
        throw new IllegalStateException("the jvm device is closed", e);
      }
    }
  }

  /** {@code Thread.ofVirtual().name(...).factory()} where the JDK has it, else null. */
  private static ThreadFactory virtualThreadFactory() {
    if (!Boolean.parseBoolean(System.getProperty("jptx.jvm.virtualThreads", "true"))) {
      return null;
    }
    try {
      Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
      Class<?> type = Class.forName("java.lang.Thread$Builder");
      builder = type.getMethod("name", String.class, long.class).invoke(builder, "jptx-gpu-", 0L);
      return (ThreadFactory) type.getMethod("factory").invoke(builder);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // Java 17 to 20: platform threads from the device's pool
    }
  }

  synchronized void release(Worker worker) {
    idle.push(worker);
  }

  /** Ends every worker; called when the driver has no more blocks. */
  synchronized void shutdown() {
    for (Worker worker : all) {
      worker.stop();
    }
  }
}
