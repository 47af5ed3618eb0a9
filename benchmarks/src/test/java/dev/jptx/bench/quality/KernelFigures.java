package dev.jptx.bench.quality;

import java.util.EnumMap;
import java.util.Map;

/**
 * One row of {@link PtxReport}: a function of one PTX module with what ptxas, the cubin and the PTX
 * text say about it. A figure the function has not is absent: ptxas reports no registers, barriers
 * or shared memory for a non-entry {@code .func}, and in whole-program mode a {@code .func} has no
 * {@code .text} section of its own (its code is inlined into its callers').
 *
 * @param file the module, as the suite named it
 * @param name the function
 * @param entry whether it is an {@code .entry} kernel (else a {@code .func})
 * @param figures the figures known
 */
record KernelFigures(String file, String name, boolean entry, Map<PtxMetric, Long> figures) {
  /** Copies the figures. */
  KernelFigures {
    figures = figures.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(figures));
  }

  /** The figure, or {@code null} when the function has none. */
  Long figure(PtxMetric metric) {
    return figures.get(metric);
  }
}
