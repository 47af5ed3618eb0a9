package dev.jptx.runtime;

/**
 * An ordered queue of asynchronous work on one device (a CUDA stream). Launches ({@link
 * Launch#stream(Stream)}) and {@link DeviceArray} copies given a stream run in order, after the
 * call that queued them returns; {@link #synchronize()} waits for all of them.
 */
public interface Stream extends AutoCloseable {
  /**
   * Waits until all work queued so far has finished, and rethrows the first failure among it.
   *
   * @throws KernelException if a queued launch failed
   */
  void synchronize();

  /** Waits for queued work as {@link #synchronize()}, then releases the stream. */
  @Override
  void close();
}
