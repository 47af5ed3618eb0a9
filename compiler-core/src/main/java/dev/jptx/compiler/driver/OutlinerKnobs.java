package dev.jptx.compiler.driver;

import dev.jptx.compiler.outliner.OutlinerMode;
import dev.jptx.compiler.outliner.OutlinerOptions;
import java.util.Map;

/**
 * The knobs of the machine outliner (seed: machine-outliner.md's knob table, its names and
 * defaults), registered by {@link Knobs} in one call, and the pass's options read from them. The
 * seed's {@code enable-linkonceodr-outlining} is not registered: jptx has no linkonce functions
 * (every function of a module is defined once, in that module), so {@link Knobs#parse} rejects it
 * with that reason rather than accept a knob that could change nothing.
 */
final class OutlinerKnobs {
  /** The seed's knob jptx refuses, and why. */
  static final Map<String, String> REFUSED =
      Map.of(
          "enable-linkonceodr-outlining",
          "jptx has no linkonce_odr functions (each function of a module is defined once in it),"
              + " so there is nothing for it to switch on");

  private OutlinerKnobs() {}

  /** Adds the outliner's knobs to the registry {@code m}. */
  static void register(Map<String, Knob> m) {
    m.put(
        "enable-machine-outliner",
        new Knob(
            "enable-machine-outliner",
            Knob.Type.STRING,
            "disable",
            "The machine outliner (the 'machine-outliner' pass of the outliner stage): disable;"
                + " enable (outline repeated sequences where the expected cost of the calls leaves"
                + " a saving of outliner-benefit-threshold PTX instructions); guaranteed-beneficial"
                + " (only where the saving survives saving and restoring every register live"
                + " across each call). Off by default at -O1..-O3: a call costs a kernel"
                + " instructions it runs (parameter moves, the call and return), so outlining only"
                + " makes code smaller, never faster; it is for size."));
    m.put(
        "outliner-benefit-threshold",
        new Knob(
            "outliner-benefit-threshold",
            Knob.Type.INT,
            "1",
            "The fewest PTX instructions a candidate must save (the seed counts bytes: one PTX"
                + " instruction of allocated code is about one 16-byte SASS instruction) to be"
                + " outlined; higher values outline less."));
    m.put(
        "machine-outliner-reruns",
        new Knob(
            "machine-outliner-reruns",
            Knob.Type.INT,
            "0",
            "Rounds of outlining after the first, each over the code the previous one left"
                + " (outlined functions included); their functions are named"
                + " OUTLINED_FUNCTION_{round}_{index}."));
    m.put(
        "outliner-leaf-descendants",
        new Knob(
            "outliner-leaf-descendants",
            Knob.Type.BOOL,
            "true",
            "Take every occurrence below a suffix tree node as a candidate's, not only the node's"
                + " direct leaves; false finds fewer occurrences of each repeated sequence."));
  }

  /** The outliner's options as the knobs {@code k} set them. */
  static OutlinerOptions options(Knobs k) {
    return new OutlinerOptions(
        OutlinerMode.parse(k.string("enable-machine-outliner")),
        k.integer("outliner-benefit-threshold"),
        k.integer("machine-outliner-reruns"),
        k.flag("outliner-leaf-descendants"));
  }
}
