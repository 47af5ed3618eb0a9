package dev.jptx.runtime.jvm;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.HostArrayShape;
import java.lang.reflect.Array;

/** A "device" array of the JVM device: a private Java array that launches use directly. */
final class JvmDeviceArray implements DeviceArray {
  private final JvmDevice device;
  private final HostArrayShape shape;
  private volatile Object data;

  JvmDeviceArray(JvmDevice device, Object data) {
    this.device = device;
    this.shape = new HostArrayShape(data.getClass().getComponentType(), Array.getLength(data));
    this.data = data;
  }

  JvmDevice device() {
    return device;
  }

  /** The backing array, which a launch passes to the kernel itself. */
  Object data() {
    Object current = data;
    if (current == null) {
      throw shape.closed();
    }
    return current;
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
    System.arraycopy(data(), 0, hostArray, 0, shape.length());
  }

  @Override
  public void copyFrom(Object hostArray) {
    shape.check(hostArray);
    System.arraycopy(hostArray, 0, data(), 0, shape.length());
  }

  @Override
  public void copyToAsync(Object hostArray, Stream stream) {
    shape.check(hostArray);
    device.own(stream).submit(() -> copyTo(hostArray));
  }

  @Override
  public void copyFromAsync(Object hostArray, Stream stream) {
    shape.check(hostArray);
    device.own(stream).submit(() -> copyFrom(hostArray));
  }

  @Override
  public void close() {
    data = null;
  }

  @Override
  public String toString() {
    return "DeviceArray[" + shape.elementType() + "[" + shape.length() + "] on the jvm device]";
  }
}
