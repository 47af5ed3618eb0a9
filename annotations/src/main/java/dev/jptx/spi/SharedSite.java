package dev.jptx.spi;

/**
 * A call site of {@code Gpu.sharedInts(n)} and its siblings: one {@code __shared__} declaration.
 * Every thread of a block that reaches the same site gets the same array, however often it calls it
 * and from wherever the enclosing method was called.
 *
 * @param className the binary name of the class holding the call
 * @param methodName the name of the method holding the call
 * @param descriptor that method's JVM descriptor, telling overloads apart
 * @param bytecodeIndex the offset of the call instruction in that method's code
 */
public record SharedSite(
    String className, String methodName, String descriptor, int bytecodeIndex) {

  @Override
  public String toString() {
    return className + "." + methodName + descriptor + " @" + bytecodeIndex;
  }
}
