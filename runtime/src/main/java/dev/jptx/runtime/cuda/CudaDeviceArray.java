package dev.jptx.runtime.cuda;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;

/**
 * An array in CUDA device memory. An empty array owns no memory (address 0), since {@code
 * cuMemAlloc} refuses zero bytes. Asynchronous copies go through page-locked staging memory; a copy
 * to the host fills the Java array when the stream is synchronised.
 */
final class CudaDeviceArray implements DeviceArray {
  private final CudaDevice device;
  private final Class<?> elementType;
  private final int length;
  private volatile long address;
  private volatile boolean closed;

  CudaDeviceArray(CudaDevice device, Class<?> elementType, int length, long address) {
    this.device = device;
    this.elementType = elementType;
    this.length = length;
    this.address = address;
  }

  CudaDevice device() {
    return device;
  }

  /** The device address, while the array is open. */
  long address() {
    if (closed) {
      throw new IllegalStateException(
          "the DeviceArray of " + elementType + "[" + length + "] is closed");
    }
    return address;
  }

  @Override
  public Class<?> elementType() {
    return elementType;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public void copyTo(Object hostArray) {
    check(hostArray);
    long a = address();
    if (length > 0) {
      ByteBuffer b = HostBytes.sized(hostArray);
      device.bind();
      try {
        device.driver().copyToHost(b, a);
      } catch (CudaError e) {
        throw CudaErrors.memoryFailed("copying a " + this + " to the host", device.describe(), e);
      }
      HostBytes.read(b, hostArray);
    }
  }

  @Override
  public void copyFrom(Object hostArray) {
    check(hostArray);
    long a = address();
    if (length > 0) {
      device.bind();
      try {
        device.driver().copyToDevice(a, HostBytes.of(hostArray));
      } catch (CudaError e) {
        throw CudaErrors.memoryFailed("copying into a " + this, device.describe(), e);
      }
    }
  }

  @Override
  public void copyToAsync(Object hostArray, Stream stream) {
    check(hostArray);
    CudaStream s = device.own(stream);
    long a = address();
    if (length == 0) {
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
            HostBytes.read(staging, hostArray);
          }
          driver.freePinned(staging);
        });
  }

  @Override
  public void copyFromAsync(Object hostArray, Stream stream) {
    check(hostArray);
    CudaStream s = device.own(stream);
    long a = address();
    if (length == 0) {
      return;
    }
    device.bind();
    CudaDriver driver = device.driver();
    ByteBuffer staging = stage(hostArray);
    HostBytes.write(hostArray, staging);
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
      return device.driver().allocatePinned(HostBytes.byteSize(hostArray));
    } catch (CudaError e) {
      throw CudaErrors.memoryFailed(
          "allocating page-locked memory for a copy of a " + this, device.describe(), e);
    }
  }

  private void check(Object hostArray) {
    if (hostArray == null
        || hostArray.getClass().getComponentType() != elementType
        || Array.getLength(hostArray) != length) {
      throw new IllegalArgumentException(
          "a DeviceArray of "
              + elementType
              + "["
              + length
              + "] copies to and from "
              + elementType
              + "["
              + length
              + "], not "
              + (hostArray == null ? "null" : hostArray.getClass().getSimpleName()));
    }
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      // closing the device has freed all its memory with its context
      if (address != 0 && !device.isClosed()) {
        device.bind();
        device.driver().free(address);
      }
    }
  }

  @Override
  public String toString() {
    return "DeviceArray("
        + elementType
        + "["
        + length
        + "] at 0x"
        + (closed ? "closed" : Long.toHexString(address))
        + ")";
  }
}
