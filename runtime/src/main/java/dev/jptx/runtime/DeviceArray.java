package dev.jptx.runtime;

/**
 * An array in device memory, made by {@link Device#copyOf} or {@link Device#allocate}. Pass it
 * where a kernel takes an array through {@link Device#launch(Launch, Class, String, Object...)} or
 * {@link PtxModule#launch}; it is not copied around a launch, so data can stay on the device
 * between launches.
 *
 * <p>Host arrays given to the copy methods must have this array's element type and length. The
 * {@code ...Async} forms queue the copy on a stream: do not touch the host array until the stream
 * is synchronised.
 */
public interface DeviceArray extends AutoCloseable {
  /**
   * The element type.
   *
   * @return a primitive class such as {@code float.class}
   */
  Class<?> elementType();

  /**
   * The number of elements.
   *
   * @return the length
   */
  int length();

  /**
   * Copies this device array into {@code hostArray} (device to host).
   *
   * @param hostArray a primitive array of the same type and length
   */
  void copyTo(Object hostArray);

  /**
   * Copies {@code hostArray} into this device array (host to device).
   *
   * @param hostArray a primitive array of the same type and length
   */
  void copyFrom(Object hostArray);

  /**
   * Queues {@link #copyTo(Object)} on {@code stream}.
   *
   * @param hostArray a primitive array of the same type and length
   * @param stream a stream of this array's device
   */
  void copyToAsync(Object hostArray, Stream stream);

  /**
   * Queues {@link #copyFrom(Object)} on {@code stream}.
   *
   * @param hostArray a primitive array of the same type and length
   * @param stream a stream of this array's device
   */
  void copyFromAsync(Object hostArray, Stream stream);

  /** Frees the device memory; using the array afterwards is an {@link IllegalStateException}. */
  @Override
  void close();
}
