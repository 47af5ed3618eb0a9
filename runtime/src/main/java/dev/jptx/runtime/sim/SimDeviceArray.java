package dev.jptx.runtime.sim;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import java.lang.reflect.Array;

/** A device array of the simulator: a region of its global memory. */
final class SimDeviceArray implements DeviceArray {
  private final SimDevice device;
  private final Class<?> elementType;
  private final int length;
  private volatile Region region;

  SimDeviceArray(SimDevice device, Class<?> elementType, int length, Region region) {
    this.device = device;
    this.elementType = elementType;
    this.length = length;
    this.region = region;
  }

  SimDevice device() {
    return device;
  }

  /** The region, while the array is open. */
  Region region() {
    Region r = region;
    if (r == null) {
      throw new IllegalStateException(
          "the DeviceArray of " + elementType + "[" + length + "] is closed");
    }
    return r;
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
    HostArrays.copyOut(region(), hostArray);
  }

  @Override
  public void copyFrom(Object hostArray) {
    check(hostArray);
    HostArrays.copyIn(hostArray, region());
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
  public void close() {
    Region r = region;
    if (r != null) {
      region = null;
      device.memory().free(r);
    }
  }

  @Override
  public String toString() {
    return "DeviceArray("
        + elementType
        + "["
        + length
        + "] at 0x"
        + (region == null ? "closed" : Long.toHexString(region.base()))
        + ")";
  }
}
