package dev.jptx.runtime.jvm;

import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.KernelMethod;
import dev.jptx.runtime.Launch;
import dev.jptx.spi.KernelContext;
import java.lang.invoke.MethodHandle;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One launch on the JVM device. A few drivers (the calling thread and pooled threads) take blocks
 * in order and run each to completion; blocks are independent, so a few run at once. The first
 * exception of any GPU thread aborts the launch: every waiting thread is woken and unwinds, no
 * further block starts, and the exception is rethrown to the caller naming the thread and block.
 */
final class JvmLaunch {
  /** Java threads in flight across blocks are bounded by this, whatever the block size. */
  private static final int MAX_THREADS_IN_FLIGHT = 4096;

  final KernelMethod kernel;
  final Dim3 grid;
  final Dim3 block;
  final int sharedMemoryBytes;
  final ExecutorService pool;
  private final Duration timeout;
  private final MethodHandle invoker;
  private final Object[] args;
  private final long blocks;
  private final AtomicLong nextBlock = new AtomicLong();
  private final Set<BlockRun> running = ConcurrentHashMap.newKeySet();
  private volatile boolean aborted;
  private KernelException failure;

  JvmLaunch(
      KernelMethod kernel,
      MethodHandle invoker,
      Launch launch,
      Object[] args,
      ExecutorService pool) {
    this.kernel = kernel;
    this.invoker = invoker;
    this.grid = launch.grid();
    this.block = launch.block();
    this.sharedMemoryBytes = launch.sharedMemoryBytes();
    this.timeout = launch.timeout().orElse(null);
    this.args = args;
    this.pool = pool;
    this.blocks = grid.count();
  }

  /**
   * Runs every block; returns when all have finished, or throws the launch's first failure. The
   * blocks run on the pool while the calling thread waits, so that a timeout or an interrupt of the
   * caller can end the wait (see {@link #abandon}).
   */
  void run() {
    int cpus = Runtime.getRuntime().availableProcessors();
    // Blocks are independent: one driver per processor keeps every processor busy, bounded so
    // that blocks of 1024 threads do not put tens of thousands of Java threads in flight.
    long drivers =
        Math.max(1, Math.min(blocks, Math.min(cpus, MAX_THREADS_IN_FLIGHT / block.count())));
    var done = new Phaser(1);
    for (long i = 0; i < drivers; i++) {
      done.register();
      try {
        pool.execute(
            () -> {
              try {
                drive();
              } finally {
                done.arriveAndDeregister();
              }
            });
      } catch (RuntimeException e) {
        done.arriveAndDeregister();
        abort(new KernelException("the jvm device is closed", e));
        throw new IllegalStateException("the jvm device is closed", e);
      }
    }
    int phase = done.arrive();
    try {
      if (timeout == null) {
        done.awaitAdvanceInterruptibly(phase);
      } else {
        done.awaitAdvanceInterruptibly(phase, timeout.toNanos(), TimeUnit.NANOSECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller's to see
      throw abandon("was interrupted");
    } catch (TimeoutException e) {
      throw abandon("did not finish within " + timeout + " (Launch.timeout)");
    }
    synchronized (this) {
      if (failure != null) {
        throw new KernelException(failure.getMessage(), failure.getCause());
      }
    }
  }

  /**
   * Gives up waiting for the launch. Java code cannot be stopped from outside, so the threads of
   * the launch run on as daemon threads: those that reach a barrier or a warp operation unwind
   * there, the others when their kernel code returns, and until then they may still write the
   * launch's arrays.
   */
  private KernelException abandon(String reason) {
    KernelException e =
        new KernelException(
            "kernel "
                + kernel.displayName()
                + " "
                + reason
                + " on the jvm device, which abandoned the launch: the JVM cannot stop running"
                + " Java code, so its threads go on as daemon threads until they reach a barrier"
                + " or warp operation or their code returns (until then they may still write the"
                + " launch's arrays)",
            null);
    abort(e);
    return e;
  }

  private void drive() {
    var team = new Team(pool);
    try {
      while (!aborted) {
        long index = nextBlock.getAndIncrement();
        if (index >= blocks) {
          return;
        }
        var run = new BlockRun(this, team, index);
        running.add(run);
        try {
          run.run();
        } finally {
          running.remove(run);
        }
      }
    } finally {
      team.shutdown();
    }
  }

  boolean isAborted() {
    return aborted;
  }

  /** Runs one GPU thread's kernel body, recording its failure. */
  void invoke(JvmThread thread) {
    KernelContext.bind(thread);
    try {
      invoker.invokeExact(args);
    } catch (LaunchAborted e) {
      // the launch already failed in another thread; this one only unwinds
    } catch (Throwable e) {
      fail(thread, e);
    } finally {
      KernelContext.unbind();
    }
  }

  private void fail(JvmThread thread, Throwable cause) {
    abort(
        new KernelException(
            "kernel "
                + kernel.displayName()
                + " failed in thread "
                + thread.coordinates()
                + " of block "
                + thread.block.coordinates()
                + ": "
                + cause,
            cause));
  }

  /** A failure of a block as a whole, such as a deadlock. */
  void failBlock(IllegalStateException cause) {
    abort(
        new KernelException(
            "kernel " + kernel.displayName() + " failed: " + cause.getMessage(), cause));
  }

  private void abort(KernelException e) {
    synchronized (this) {
      if (failure == null) {
        failure = e;
      }
    }
    aborted = true;
    for (BlockRun run : running) {
      run.wakeAll();
    }
  }
}
