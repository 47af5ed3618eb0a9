/**
 * The arithmetic of the PTX simulator: pure, allocation-free static functions on raw bit patterns,
 * one family per PTX instruction group.
 *
 * <h2>Conventions</h2>
 *
 * <ul>
 *   <li>Values travel as raw bits: {@code .f32} as {@code int} bits, {@code .f64} as {@code long}
 *       bits, {@code .f16}/{@code .bf16} as the low 16 bits of an {@code int} (the upper bits of an
 *       argument are ignored, results have them zero), {@code .f16x2}/{@code .bf16x2} packed in an
 *       {@code int} with element 0 in the low half.
 *   <li>Functions that take a {@link dev.jptx.runtime.sim.alu.NumType} read only the low {@code
 *       bits()} bits of each operand and return the result extended to 64 bits by the type's
 *       signedness: sign-extended for {@code .sN}, zero-extended for {@code .uN} and for the raw
 *       bits of floating-point types.
 *   <li>A floating-point result that is NaN is the canonical NaN of its format ({@code 0x7fffffff},
 *       {@code 0x7fffffffffffffffL}, {@code 0x7fff} for f16 and bf16), as NVIDIA hardware produces
 *       for f32; where an instruction only moves bits ({@code neg}, {@code abs}, {@code copysign},
 *       the one-NaN case of {@code min}/{@code max}) the payload is kept.
 *   <li>{@code ftz} flushes subnormal inputs and results to zero of the same sign; {@code sat}
 *       clamps to [+0.0, 1.0] and turns NaN and -0.0 into +0.0.
 * </ul>
 *
 * <p>Where the ISA leaves a result unspecified, each function's Javadoc states the choice made.
 */
package dev.jptx.runtime.sim.alu;
