package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.internal.KernelArguments;

/**
 * A raw PTX module loaded into a CUDA context: each launch argument is exactly one {@code .param}
 * (an array or device array its device address, a boxed primitive its value in its own width).
 */
final class CudaPtxModule implements PtxModule {
  /** {@code CUDA_ERROR_NOT_FOUND}: no such entry. */
  private static final int NOT_FOUND = 500;

  private final CudaDevice device;
  private final long module;
  private final String ptx;
  private volatile boolean closed;

  CudaPtxModule(CudaDevice device, long module, String ptx) {
    this.device = device;
    this.module = module;
    this.ptx = ptx;
  }

  @Override
  public void launch(String entryName, Launch launch, Object... args) {
    if (closed) {
      throw new IllegalStateException("the PTX module is closed");
    }
    Object[] actual = args == null ? new Object[] {null} : args;
    device.bind();
    long function;
    try {
      function = device.driver().function(module, entryName);
    } catch (CudaError e) {
      if (e.code() == NOT_FOUND) {
        throw new IllegalArgumentException("the module has no entry " + entryName, e);
      }
      throw e;
    }
    var sizes = device.entryParams(ptx, entryName);
    device.run(
        launch,
        entryName,
        function,
        params -> sizes.ifPresent(s -> EntryParams.check(entryName, entryName, s, params)),
        a -> {
          for (Object arg : actual) {
            if (KernelArguments.isArray(arg)) {
              a.addPointer(arg, true);
            } else {
              a.addValue(arg);
            }
          }
        });
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      if (!device.isClosed() && !device.isUnusable()) {
        device.bind();
        device.driver().unloadModule(module);
      }
    }
  }
}
