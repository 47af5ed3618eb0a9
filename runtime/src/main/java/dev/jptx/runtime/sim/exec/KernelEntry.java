package dev.jptx.runtime.sim.exec;

/** A kernel entry of a {@link Program}: what a launch needs to know about its parameters. */
public final class KernelEntry {
  final Code code;

  KernelEntry(Code code) {
    this.code = code;
  }

  /** The entry's name. */
  public String name() {
    return code.name;
  }

  /** How many {@code .param}s it declares. */
  public int paramCount() {
    return code.formalOffsets.length;
  }

  /** The byte offset of parameter {@code i} in the parameter buffer. */
  public int paramOffset(int i) {
    return code.formalOffsets[i];
  }

  /** The size in bytes of parameter {@code i}. */
  public int paramSize(int i) {
    return code.formalSizes[i];
  }

  /** The size of the whole parameter buffer. */
  public int paramBytes() {
    return code.paramBytes;
  }

  /** {@code .maxntid} or {@code .reqntid} as x, y, z, or null. */
  public int[] maxThreads() {
    return code.maxThreads == null ? null : code.maxThreads.clone();
  }
}
