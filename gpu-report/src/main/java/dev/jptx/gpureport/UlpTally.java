package dev.jptx.gpureport;

import java.util.stream.IntStream;

/**
 * What one variant of a function computed over one or more sweeps, against the references: the
 * largest error in ulps ({@link FloatUlps#ulps}) and the first input that reached it, and, in the
 * fast modes, how many results were explained by flush-to-zero instead.
 *
 * <p>Flush-to-zero counts in a column of its own, not as an error, where the variant may flush
 * (fast mode): a zero where the correctly rounded result is a subnormal, and a subnormal operand
 * read as zero (the result is then measured against the reference at the flushed operands, when
 * that is the closer one).
 *
 * @param maxUlps the largest error (infinity: a NaN, infinity or overflow that does not match)
 * @param worstFirst the first operand of the first input with that error
 * @param worstSecond its second operand (0 for one-argument functions)
 * @param flushed how many results were explained by flush-to-zero
 * @param inputs how many inputs were compared
 */
record UlpTally(double maxUlps, float worstFirst, float worstSecond, long flushed, long inputs) {
  private static final int CHUNK = 1 << 16;

  /** Nothing compared yet. */
  static final UlpTally EMPTY = new UlpTally(0, 0, 0, 0, 0);

  /**
   * Compares {@code got}, a variant's results of {@code sweep}, with its references.
   *
   * @param mayFlush true for the fast modes, whose flushed subnormals are counted, not errors
   */
  static UlpTally of(MathSweep sweep, float[] got, boolean mayFlush) {
    if (got.length < sweep.size()) {
      throw new IllegalArgumentException(got.length + " results for " + sweep.size() + " inputs");
    }
    int chunks = (sweep.size() + CHUNK - 1) / CHUNK;
    UlpTally[] parts = new UlpTally[chunks];
    IntStream.range(0, chunks)
        .parallel()
        .forEach(c -> parts[c] = chunk(sweep, got, mayFlush, c * CHUNK));
    // merged in input order, so that the worst input is the first one, whatever the threads did
    UlpTally all = EMPTY;
    for (UlpTally part : parts) {
      all = all.merge(part);
    }
    return all;
  }

  private static UlpTally chunk(MathSweep sweep, float[] got, boolean mayFlush, int from) {
    double max = 0;
    int worst = from;
    long flushed = 0;
    int end = Math.min(sweep.size(), from + CHUNK);
    for (int i = from; i < end; i++) {
      double exact = sweep.reference(i);
      double err = FloatUlps.ulps(got[i], exact);
      if (mayFlush && err > 0) {
        if (FloatUlps.flushedResult(got[i], exact)) {
          flushed++;
          continue;
        }
        float x = sweep.first()[i];
        float z = sweep.second()[i];
        if (FloatUlps.subnormal(x) || FloatUlps.subnormal(z)) {
          double atZero =
              FloatUlps.ulps(
                  got[i], sweep.function().reference(FloatUlps.flushed(x), FloatUlps.flushed(z)));
          if (atZero < err) {
            flushed++;
            err = atZero;
          }
        }
      }
      if (err > max) {
        max = err;
        worst = i;
      }
    }
    return new UlpTally(
        max,
        max > 0 ? sweep.first()[worst] : 0,
        max > 0 ? sweep.second()[worst] : 0,
        flushed,
        end - from);
  }

  /** This tally followed by {@code later}: on equal errors the earlier worst input stays. */
  UlpTally merge(UlpTally later) {
    boolean laterWorse = later.maxUlps > maxUlps;
    return new UlpTally(
        laterWorse ? later.maxUlps : maxUlps,
        laterWorse ? later.worstFirst : worstFirst,
        laterWorse ? later.worstSecond : worstSecond,
        flushed + later.flushed,
        inputs + later.inputs);
  }
}
