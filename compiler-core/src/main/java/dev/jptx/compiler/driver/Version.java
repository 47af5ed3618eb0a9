package dev.jptx.compiler.driver;

/** The compiler's version, from its jar's manifest, for {@code --version} and PTX headers. */
public final class Version {
  private Version() {}

  /** {@code 0.1.0-SNAPSHOT}, or {@code dev} when not run from a jar. */
  public static String get() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  /** The producer line of PTX headers. */
  public static String producer() {
    return "jptx " + get();
  }
}
