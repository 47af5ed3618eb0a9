package dev.jptx.runtime;

/**
 * A PTX module loaded from text by {@link Device#loadPtx(String)}, for modules not made by jptx.
 */
public interface PtxModule extends AutoCloseable {
  /**
   * Launches one of the module's entries. Each argument is exactly one PTX parameter: a Java array
   * or {@link DeviceArray} becomes a device pointer (arrays are copied in before and back after), a
   * boxed primitive is passed by value.
   *
   * @param entryName the {@code .entry} name
   * @param launch the geometry
   * @param args the parameters, in order
   */
  void launch(String entryName, Launch launch, Object... args);

  /** Unloads the module. */
  @Override
  void close();
}
