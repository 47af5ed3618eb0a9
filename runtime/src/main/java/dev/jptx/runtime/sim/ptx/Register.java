package dev.jptx.runtime.sim.ptx;

/**
 * A declared register; {@code .reg .b32 %r<3>;} declares three: {@code %r0 %r1 %r2}.
 *
 * @param type the type
 * @param vectorWidth 1, or 2/4/8 for {@code .reg .v4 .f32 %v;}
 * @param name the unique name within the function
 */
public record Register(PtxType type, int vectorWidth, String name) {}
