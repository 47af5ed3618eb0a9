/**
 * The quality report of issue #7: jptx's bench kernels against nvcc's for one target, in two
 * pairings ({@link dev.jptx.bench.quality.Mode}), written into {@code docs/quality.md}.
 *
 * <p>{@link dev.jptx.bench.quality.QualityReport#main} reads top to bottom: per mode, {@link
 * dev.jptx.bench.quality.JptxSuite} and {@link dev.jptx.bench.quality.NvccSuite} compile the two
 * suites, {@link dev.jptx.bench.quality.PtxReport} runs {@code ptx-report --compare} on them
 * ({@link dev.jptx.bench.quality.PtxComparison} reads its table back), {@link
 * dev.jptx.bench.quality.SimulatorCounts} runs the bench cases on the simulator ({@link
 * dev.jptx.bench.quality.DynamicComparison}); then {@link dev.jptx.bench.quality.QualityMarkdown}
 * renders the tables and {@link dev.jptx.bench.quality.GeneratedSection} puts them between the
 * markers of the file, keeping the hand-written analysis around them. {@code QualityTablesTest}
 * covers the parsing and rendering in the default build; the report runs under {@code -P quality}.
 */
package dev.jptx.bench.quality;
