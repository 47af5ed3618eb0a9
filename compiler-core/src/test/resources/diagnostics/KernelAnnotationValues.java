package diag;

import dev.jptx.Kernel;

public final class KernelAnnotationValues {
  @Kernel(maxThreadsPerBlock = 2048)
  public static void tooManyThreads(int[] out) {
    out[0] = 1; //! error: maxThreadsPerBlock = 2048 is out of range: allowed 1..1024
  }

  @Kernel(maxThreadsPerBlock = -1)
  public static void negativeThreads(int[] out) {
    out[0] = 1; //! error: maxThreadsPerBlock = -1 is out of range: allowed 1..1024
  }

  @Kernel(maxThreadsPerBlock = 128, minBlocksPerMultiprocessor = -2)
  public static void negativeBlocks(int[] out) {
    out[0] = 1; //! error: minBlocksPerMultiprocessor = -2 is out of range: allowed 1 or more
  }

  @Kernel(maxRegisters = 256)
  public static void tooManyRegisters(int[] out) {
    out[0] = 1; //! error: maxRegisters = 256 is out of range: allowed 1..255
  }

  @Kernel(maxRegisters = -3)
  public static void negativeRegisters(int[] out) {
    out[0] = 1; //! error: maxRegisters = -3 is out of range: allowed 1..255
  }

  @Kernel(maxThreadsPerBlock = 4096, maxRegisters = 1000)
  public static void everythingWrong(int[] out) {
    out[0] = 1; //! error: maxThreadsPerBlock = 4096 is out of range: allowed 1..1024 //! error: maxRegisters = 1000 is out of range: allowed 1..255
  }
}
