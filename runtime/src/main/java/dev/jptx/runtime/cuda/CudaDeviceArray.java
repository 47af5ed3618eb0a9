package dev.jptx.runtime.cuda;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.HostArrayBytes;
import dev.jptx.runtime.internal.HostArrayShape;
import java.nio.ByteBuffer;

/**
 * An array in CUDA device memory. An empty array owns no memory (address 0), since {@code
 * cuMemAlloc} refuses zero bytes. Asynchronous copies go through page-locked staging memory; a copy
 * to the host fills the Java array when the stream is synchronised.
 */
final class CudaDeviceArray implements DeviceArray {
  private final CudaDevice device;
  private final HostArrayShape shape;
  private volatile long address;
  private volatile boolean closed;

  CudaDeviceArray(CudaDevice device, Class<?> elementType, int length, long address) {
    this.device = device;
    this.shape = new HostArrayShape(elementType, length);
    this.address = address;
  }

  CudaDevice device() {
    return device;
  }

  /** The device address, while the array is open. */
  long address() {
    if (closed) {
      throw shape.closed();
    }
    return address;
  }

  @Override
  public Class<?> elementType() {
    return shape.elementType();
  }

  @Override
  public int length() {
    return shape.length();
  }

  @Override
  public void copyTo(Object hostArray) {
    shape.check(hostArray);
    long a = address();
    if (shape.length() > 0) {
      ByteBuffer b = HostArrayBytes.sized(hostArray);
      device.bind();
      try {
        device.driver().copyToHost(b, a);
      } catch (CudaError e) {
        throw CudaErrors.memoryFailed("copying a " + this + " to the host", device.describe(), e);
      }
      HostArrayBytes.read(b, hostArray);
    }
  }

  @Override
  public void copyFrom(Object hostArray) {
    shape.check(hostArray);
    long a = address();
    if (shape.length() > 0) {
      device.bind();
      try {
        device.driver().copyToDevice(a, HostArrayBytes.of(hostArray));
      } catch (CudaError e) {
        throw CudaErrors.memoryFailed("copying into a " + this, device.describe(), e);
      }
    }
  }

  @Override
  public void copyToAsync(Object hostArray, Stream stream) {
    shape.check(hostArray);
    CudaStream s = device.own(stream);
    long a = address();
    if (shape.length() == 0) {
      return;
    }
    device.bind();
    CudaDriver driver = device.driver();
    ByteBuffer staging = stage(hostArray);
    try {
      driver.copyToHostAsync(staging, a, s.handle());
    } catch (CudaError e) {
      driver.freePinned(staging);
      throw CudaErrors.memoryFailed(
          "queueing a copy of a " + this + " to the host", device.describe(), e);
    }
    s.onSynchronize(
        null,
        ok -> {
          if (ok) {
            HostArrayBytes.read(staging, hostArray);
          }
          driver.freePinned(staging);
        });
  }

  @Override
  public void copyFromAsync(Object hostArray, Stream stream) {
    shape.check(hostArray);
    CudaStream s = device.own(stream);
    long a = address();
    if (shape.length() == 0) {
      return;
    }
    device.bind();
    CudaDriver driver = device.driver();
    ByteBuffer staging = stage(hostArray);
    HostArrayBytes.write(hostArray, staging);
    try {
      driver.copyToDeviceAsync(a, staging, s.handle());
    } catch (CudaError e) {
      driver.freePinned(staging);
      throw CudaErrors.memoryFailed("queueing a copy into a " + this, device.describe(), e);
    }
    s.onSynchronize(null, ok -> driver.freePinned(staging));
  }

  /** Page-locked memory for an asynchronous copy of {@code hostArray}. */
  private ByteBuffer stage(Object hostArray) {
    try {
      return device.driver().allocatePinned(HostArrayBytes.byteSize(hostArray));
    } catch (CudaError e) {
      throw CudaErrors.memoryFailed(
          "allocating page-locked memory for a copy of a " + this, device.describe(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      // closing the device has freed all its memory with its context, and a dead context is
      // released as a whole
      if (address != 0 && !device.isClosed() && !device.isUnusable()) {
        device.bind();
        device.driver().free(address);
      }
    }
  }

  @Override
  public String toString() {
    return "DeviceArray("
        + shape.elementType()
        + "["
        + shape.length()
        + "] at 0x"
        + (closed ? "closed" : Long.toHexString(address))
        + ")";
  }
}
