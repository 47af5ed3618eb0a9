package dev.jptx.compiler.outliner;

/**
 * The machine outliner's settings, read from its knobs.
 *
 * @param mode {@code enable-machine-outliner}
 * @param benefitThreshold {@code outliner-benefit-threshold}: the fewest PTX instructions a
 *     candidate must save
 * @param reruns {@code machine-outliner-reruns}: rounds after the first
 * @param leafDescendants {@code outliner-leaf-descendants}: every occurrence below a suffix tree
 *     node, not only its direct leaves
 */
public record OutlinerOptions(
    OutlinerMode mode, int benefitThreshold, int reruns, boolean leafDescendants) {
  /** The seed's defaults, with the mode given. */
  public static OutlinerOptions of(OutlinerMode mode) {
    return new OutlinerOptions(mode, 1, 0, true);
  }
}
