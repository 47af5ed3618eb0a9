package dev.jptx.runtime.sim.alu;

/** The properties {@code testp} can test. */
public enum TestpOp {
  /** {@code .finite}: neither infinite nor NaN. */
  FINITE,
  /** {@code .infinite}: plus or minus infinity. */
  INFINITE,
  /** {@code .number}: not NaN. */
  NUMBER,
  /** {@code .notanumber}: NaN. */
  NOTANUMBER,
  /** {@code .normal}: a normal number or a zero (the ISA counts both zeros as normal). */
  NORMAL,
  /** {@code .subnormal}: a subnormal number. */
  SUBNORMAL
}
