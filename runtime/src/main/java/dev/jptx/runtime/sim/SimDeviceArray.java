package dev.jptx.runtime.sim;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Stream;
import dev.jptx.runtime.internal.HostArrayShape;
import dev.jptx.runtime.sim.memory.Region;

/** A device array of the simulator: a region of its global memory. */
final class SimDeviceArray implements DeviceArray {
  private final SimDevice device;
  private final HostArrayShape shape;
  private volatile Region region;

  SimDeviceArray(SimDevice device, Class<?> elementType, int length, Region region) {
    this.device = device;
    this.shape = new HostArrayShape(elementType, length);
    this.region = region;
  }

  SimDevice device() {
    return device;
  }

  /** The region, while the array is open. */
  Region region() {
    Region r = region;
    if (r == null) {
      throw shape.closed();
    }
    return r;
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
    HostArrays.copyOut(region(), hostArray);
  }

  @Override
  public void copyFrom(Object hostArray) {
    shape.check(hostArray);
    HostArrays.copyIn(hostArray, region());
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
    Region r = region;
    if (r != null) {
      region = null;
      device.memory().free(r);
    }
  }

  @Override
  public String toString() {
    return "DeviceArray("
        + shape.elementType()
        + "["
        + shape.length()
        + "] at 0x"
        + (region == null ? "closed" : Long.toHexString(region.base()))
        + ")";
  }
}
