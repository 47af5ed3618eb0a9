/**
 * The quality report of issue #7: jptx's bench kernels against nvcc's for one target, in two
 * pairings ({@link dev.jptx.bench.quality.Mode}), written into {@code docs/quality.md}.
 *
 * <p>{@link dev.jptx.bench.quality.QualityReport#main} reads top to bottom: per mode, {@link
 * dev.jptx.bench.quality.JptxSuite} and {@link dev.jptx.bench.quality.NvccSuite} compile the two
 * suites, {@link dev.jptx.bench.quality.PtxReport} compares ptxas's figures for them ({@link
 * dev.jptx.bench.quality.PtxComparison} reads its table back), {@link
 * dev.jptx.bench.quality.SimulatorCounts} runs the bench cases on the simulator ({@link
 * dev.jptx.bench.quality.DynamicComparison}); then {@link dev.jptx.bench.quality.QualityMarkdown}
 * renders the tables and {@link dev.jptx.bench.quality.GeneratedSection} puts them between the
 * markers of the file, keeping the hand-written analysis around them. {@code QualityTablesTest}
 * covers the parsing and rendering in the default build; the report runs under {@code -P quality}.
 *
 * <p>{@link dev.jptx.bench.quality.PtxReport} is the project's {@code ptx-report}, a port of the
 * reference design's tool (also a command-line tool, run by {@code benchmarks/ptx-report.sh}): per
 * module, {@link dev.jptx.bench.quality.PtxasFigures} runs {@code ptxas -v} and joins {@link
 * dev.jptx.bench.quality.PtxasVerboseParser} (resources), {@link dev.jptx.bench.quality.SassSizes}
 * on {@link dev.jptx.bench.quality.ElfSections} (SASS size from the cubin) and {@link
 * dev.jptx.bench.quality.PtxFunctionParser} (PTX statements); {@link
 * dev.jptx.bench.quality.PtxReportTable} pairs two suites and prints the table.
 */
package dev.jptx.bench.quality;
