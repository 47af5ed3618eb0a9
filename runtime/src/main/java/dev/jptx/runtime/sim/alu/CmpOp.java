package dev.jptx.runtime.sim.alu;

/** The comparison operators of {@code setp}, {@code set} and friends. */
public enum CmpOp {
  /** {@code eq}: equal; false if either float operand is NaN. */
  EQ,
  /** {@code ne}: not equal; false if either float operand is NaN. */
  NE,
  /** {@code lt}: less than (signed for signed integer types); false on NaN. */
  LT,
  /** {@code le}: less or equal; false on NaN. */
  LE,
  /** {@code gt}: greater than; false on NaN. */
  GT,
  /** {@code ge}: greater or equal; false on NaN. */
  GE,
  /** {@code lo}: unsigned lower. */
  LO,
  /** {@code ls}: unsigned lower or same. */
  LS,
  /** {@code hi}: unsigned higher. */
  HI,
  /** {@code hs}: unsigned higher or same. */
  HS,
  /** {@code equ}: equal or unordered. */
  EQU,
  /** {@code neu}: not equal or unordered. */
  NEU,
  /** {@code ltu}: less than or unordered. */
  LTU,
  /** {@code leu}: less or equal or unordered. */
  LEU,
  /** {@code gtu}: greater than or unordered. */
  GTU,
  /** {@code geu}: greater or equal or unordered. */
  GEU,
  /** {@code num}: both operands are numbers (not NaN). */
  NUM,
  /** {@code nan}: at least one operand is NaN. */
  NAN
}
