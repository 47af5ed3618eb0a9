package dev.jptx.bench.quality;

/**
 * One module's figures in one build of the size report.
 *
 * @param ptx PTX instructions (statements) of all its functions, outlined ones included
 * @param sass SASS instructions without padding of all its functions, each in relocatable code
 *     ({@code ptxas -c}), so that a function called from several places counts once
 * @param registers the most registers any of its kernels uses
 * @param ptxasMillis ptxas's wall time for the module, the median of three runs
 * @param dynamic thread-instructions its kernels executed on {@code sim}
 */
record SizeFigures(long ptx, long sass, long registers, double ptxasMillis, long dynamic) {
  /** The figure a table shows, by its index in {@link SizeMarkdown#METRICS}. */
  double metric(int index) {
    return switch (index) {
      case 0 -> ptx;
      case 1 -> sass;
      case 2 -> registers;
      case 3 -> ptxasMillis;
      case 4 -> dynamic;
      default -> throw new IllegalArgumentException("no metric " + index);
    };
  }
}
