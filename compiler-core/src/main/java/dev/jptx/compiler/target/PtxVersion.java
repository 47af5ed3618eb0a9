package dev.jptx.compiler.target;

/** A PTX ISA version, as {@code .version major.minor} spells it. */
public record PtxVersion(int major, int minor) implements Comparable<PtxVersion> {
  /** Parses {@code 7.8}. */
  public static PtxVersion parse(String text) {
    int dot = text.indexOf('.');
    return new PtxVersion(
        Integer.parseInt(text.substring(0, dot)), Integer.parseInt(text.substring(dot + 1)));
  }

  @Override
  public int compareTo(PtxVersion o) {
    return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
  }

  /** The later of two versions. */
  public PtxVersion max(PtxVersion o) {
    return compareTo(o) >= 0 ? this : o;
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
