package dev.jptx.runtime.internal;

import java.lang.reflect.Array;

/**
 * The element type and length a {@link dev.jptx.runtime.DeviceArray} copies to and from, the one
 * check every device's arrays make before a copy, and the error of a closed array.
 */
public record HostArrayShape(Class<?> elementType, int length) {
  /** Throws unless {@code hostArray} is an array of this element type and length. */
  public void check(Object hostArray) {
    if (hostArray == null
        || hostArray.getClass().getComponentType() != elementType
        || Array.getLength(hostArray) != length) {
      throw new IllegalArgumentException(
          "a DeviceArray of "
              + this
              + " copies to and from "
              + this
              + ", not "
              + (hostArray == null ? "null" : hostArray.getClass().getSimpleName()));
    }
  }

  /** The error of using the array after {@code close()}. */
  public IllegalStateException closed() {
    return new IllegalStateException("the DeviceArray of " + this + " is closed");
  }

  @Override
  public String toString() {
    return elementType + "[" + length + "]";
  }
}
