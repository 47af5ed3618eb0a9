package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Stream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A CUDA stream. Work queued on it leaves host-side steps for later (copying a staged result into a
 * Java array, freeing temporary buffers, reading a launch's events): they run in {@link
 * #synchronize()}, after the stream has finished, which is when the API lets the caller look at its
 * arrays again.
 */
final class CudaStream implements Stream {
  /** A host-side step of queued work; {@code ok} is false if the stream failed. */
  @FunctionalInterface
  interface Completion {
    void complete(boolean ok);
  }

  private final CudaDevice device;
  private final long handle;
  private final List<Completion> pending = new ArrayList<>();
  private final Set<String> kernels = new LinkedHashSet<>();
  private boolean closed;

  CudaStream(CudaDevice device, long handle) {
    this.device = device;
    this.handle = handle;
  }

  CudaDevice device() {
    return device;
  }

  long handle() {
    return handle;
  }

  /** Runs {@code c} at the next synchronisation; {@code kernel} names a launch for errors. */
  synchronized void onSynchronize(String kernel, Completion c) {
    if (closed) {
      throw new IllegalStateException("the stream is closed");
    }
    if (kernel != null) {
      kernels.add(kernel);
    }
    pending.add(c);
  }

  synchronized void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the stream is closed");
    }
  }

  @Override
  public synchronized void synchronize() {
    if (closed) {
      return;
    }
    device.bind();
    CudaError failure = null;
    try {
      device.driver().synchronizeStream(handle);
    } catch (CudaError e) {
      failure = e;
    }
    List<Completion> steps = new ArrayList<>(pending);
    String launched = String.join(", ", kernels);
    pending.clear();
    kernels.clear();
    for (Completion c : steps) {
      c.complete(failure == null);
    }
    if (failure != null) {
      throw CudaErrors.executionFailed(
          launched.isEmpty() ? "(none; a copy)" : launched, device.describe(), failure);
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    if (device.isUnusable()) {
      closed = true;
      device.forget(this);
      return;
    }
    try {
      synchronize();
    } finally {
      closed = true;
      device.bind();
      device.driver().destroyStream(handle);
      device.forget(this);
    }
  }

  @Override
  public String toString() {
    return "Stream(" + device.describe() + ")";
  }
}
