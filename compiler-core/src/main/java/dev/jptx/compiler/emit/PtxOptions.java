package dev.jptx.compiler.emit;

import dev.jptx.compiler.target.SmTarget;

/**
 * What the PTX printer needs to know besides the code.
 *
 * @param target the {@code .target}
 * @param lineInfo emit {@code .file} and {@code .loc} so profilers show Java lines
 * @param producer the tool and version named in the header comment
 */
public record PtxOptions(SmTarget target, boolean lineInfo, String producer) {}
