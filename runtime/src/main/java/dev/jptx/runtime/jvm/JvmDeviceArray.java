package dev.jptx.runtime.jvm;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import java.lang.reflect.Array;

/** A "device" array of the JVM device: a private Java array that launches use directly. */
final class JvmDeviceArray implements DeviceArray {
  private final JvmDevice device;
  private final Class<?> elementType;
  private final int length;
  private volatile Object data;

  JvmDeviceArray(JvmDevice device, Object data) {
    this.device = device;
    this.elementType = data.getClass().getComponentType();
    this.length = Array.getLength(data);
    this.data = data;
  }

  JvmDevice device() {
    return device;
  }

  /** The backing array, which a launch passes to the kernel itself. */
  Object data() {
    Object current = data;
    if (current == null) {
      throw new IllegalStateException(
          "the DeviceArray of " + elementType + "[" + length + "] is closed");
    }
    return current;
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
    System.arraycopy(data(), 0, hostArray, 0, length);
  }

  @Override
  public void copyFrom(Object hostArray) {
    check(hostArray);
    System.arraycopy(hostArray, 0, data(), 0, length);
  }

  @Override
  public void copyToAsync(Object hostArray, Stream stream) {
    check(hostArray);
    device.own(stream).submit(() -> copyTo(hostArray));
  }

  @Override
  public void copyFromAsync(Object hostArray, Stream stream) {
    check(hostArray);
    device.own(stream).submit(() -> copyFrom(hostArray));
  }

  private void check(Object hostArray) {
    if (hostArray == null
        || hostArray.getClass().getComponentType() != elementType
        || Array.getLength(hostArray) != length) {
      String got =
          hostArray == null
              ? "null"
              : hostArray.getClass().isArray()
                  ? hostArray.getClass().getComponentType() + "[" + Array.getLength(hostArray) + "]"
                  : hostArray.getClass().getName();
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
              + got);
    }
  }

  @Override
  public void close() {
    data = null;
  }

  @Override
  public String toString() {
    return "DeviceArray[" + elementType + "[" + length + "] on the jvm device]";
  }
}
