package dev.jptx.bench.quality;

import java.time.LocalDate;

/**
 * When and with what the report was made.
 *
 * @param date the day, UTC
 * @param arch the target, e.g. {@code sm_90}
 * @param nvcc the last two lines of {@code nvcc --version}
 * @param ptxas the last two lines of {@code ptxas --version}
 * @param jptxCommit {@code git describe --always --dirty} of the checkout, or {@code unknown}
 */
record Provenance(LocalDate date, String arch, String nvcc, String ptxas, String jptxCommit) {}
