package dev.jptx.runtime.cuda;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.internal.KernelArguments;
import dev.jptx.spi.KernelAbi;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One launch's parameter values and transfers. Each PTX parameter becomes its value's little-endian
 * bytes, as {@code cuLaunchKernel} reads them: a primitive in its own width (a {@code boolean} one
 * byte, 0 or 1), an array its 8-byte device address, an array of arrays the addresses of its two
 * tables (row addresses, row lengths) and its row count. A Java array is copied into a fresh
 * allocation before the launch and, unless read-only, back after it; a {@link DeviceArray} is
 * passed by address. On a stream the copies are asynchronous through page-locked staging memory and
 * the copy into the Java array happens when the stream is synchronised.
 */
final class LaunchArguments {
  private record Transfer(Object host, long address, ByteBuffer staging, boolean copyBack) {}

  private final CudaDevice device;
  private final long stream;
  private final boolean async;
  private final List<byte[]> params = new ArrayList<>();
  private final List<Transfer> transfers = new ArrayList<>();

  /**
   * Arguments for a launch on {@code stream}.
   *
   * @param device the device
   * @param stream the stream handle, or 0 for a synchronous launch
   * @param async whether copies are queued on the stream
   */
  LaunchArguments(CudaDevice device, long stream, boolean async) {
    this.device = device;
    this.stream = stream;
    this.async = async;
  }

  /**
   * The kernel ABI of API.md: primitives by value, an array as its address then its length.
   *
   * @param readOnly for each argument, whether it is not copied back
   */
  void addKernelArguments(Object[] args, boolean[] readOnly) {
    for (KernelAbi.Slot slot : KernelArguments.slots(args)) {
      if (slot.address()) {
        addPointer(slot.value(), !readOnly[slot.argument()]);
      } else {
        addValue(slot.value());
      }
    }
  }

  /** An array parameter: its device address, copying a Java array in first. */
  void addPointer(Object array, boolean copyBack) {
    params.add(KernelAbi.encode(address(array, copyBack)));
  }

  private long address(Object array, boolean copyBack) {
    if (array instanceof KernelAbi.RowTable t) {
      // each distinct row is one buffer, shared with any argument that is the same array
      return address(t.table(row -> address(row, copyBack)), false);
    }
    if (array instanceof DeviceArray d) {
      return device.own(d).address();
    }
    for (Transfer t : transfers) {
      if (t.host() == array) {
        // one Java array is one buffer, as on the JVM: both parameters see each other's stores
        if (t.copyBack() != copyBack) {
          throw new IllegalArgumentException(
              "argument "
                  + params.size()
                  + " is the same array as an earlier one, once @ReadOnly and once written;"
                  + " pass a copy for the read-only parameter");
        }
        return t.address();
      }
    }
    long size = HostArrayBytes.byteSize(array);
    if (size == 0) {
      return 0; // cuMemAlloc refuses 0 bytes; an empty array is never dereferenced
    }
    CudaDriver driver = device.driver();
    long address = driver.allocate(size);
    if (async) {
      ByteBuffer staging;
      try {
        staging = driver.allocatePinned(size);
      } catch (CudaError e) {
        driver.free(address);
        throw e;
      }
      transfers.add(new Transfer(array, address, staging, copyBack));
      HostArrayBytes.write(array, staging);
      driver.copyToDeviceAsync(address, staging, stream);
    } else {
      transfers.add(new Transfer(array, address, null, copyBack));
      driver.copyToDevice(address, HostArrayBytes.of(array));
    }
    return address;
  }

  /** A boxed primitive by value. */
  void addValue(Object v) {
    params.add(KernelArguments.encode(params.size(), v));
  }

  /** The parameter values, one array of bytes per PTX parameter. */
  byte[][] params() {
    return params.toArray(new byte[0][]);
  }

  /** On a stream, after the launch is queued: queues the copies back into staging memory. */
  void queueCopyBack() {
    for (Transfer t : transfers) {
      if (t.copyBack()) {
        device.driver().copyToHostAsync(t.staging(), t.address(), stream);
      }
    }
  }

  /**
   * After the launch has finished: copies results into the Java arrays if {@code ok}, and frees the
   * temporary memory either way.
   */
  void finish(boolean ok) {
    CudaDriver driver = device.driver();
    RuntimeException failure = null;
    for (Transfer t : transfers) {
      try {
        if (ok && t.copyBack()) {
          if (t.staging() != null) {
            HostArrayBytes.read(t.staging(), t.host());
          } else {
            ByteBuffer b = HostArrayBytes.sized(t.host());
            driver.copyToHost(b, t.address());
            HostArrayBytes.read(b, t.host());
          }
        }
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
      // every temporary is freed, even after a failed copy
      driver.free(t.address());
      if (t.staging() != null) {
        driver.freePinned(t.staging());
      }
    }
    transfers.clear();
    if (failure != null) {
      throw failure;
    }
  }
}
