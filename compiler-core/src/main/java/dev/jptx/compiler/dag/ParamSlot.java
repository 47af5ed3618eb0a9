package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Type;

/**
 * A parameter as the backend passes it.
 *
 * @param symbol its PTX name
 * @param ptxType its declared PTX type
 * @param type its IR type
 */
public record ParamSlot(String symbol, String ptxType, Type type) {}
