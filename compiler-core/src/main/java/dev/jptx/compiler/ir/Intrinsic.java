package dev.jptx.compiler.ir;

import java.util.List;

/**
 * Operations the IR names but does not spell out: reads of the thread-geometry registers, and
 * (later) barriers, warp operations and atomics. How each maps to PTX is the backend's business;
 * here an intrinsic carries only its signature and whether it has side effects.
 */
public enum Intrinsic {
  TID_X("tid.x", ScalarType.I32),
  TID_Y("tid.y", ScalarType.I32),
  TID_Z("tid.z", ScalarType.I32),
  NTID_X("ntid.x", ScalarType.I32),
  NTID_Y("ntid.y", ScalarType.I32),
  NTID_Z("ntid.z", ScalarType.I32),
  CTAID_X("ctaid.x", ScalarType.I32),
  CTAID_Y("ctaid.y", ScalarType.I32),
  CTAID_Z("ctaid.z", ScalarType.I32),
  NCTAID_X("nctaid.x", ScalarType.I32),
  NCTAID_Y("nctaid.y", ScalarType.I32),
  NCTAID_Z("nctaid.z", ScalarType.I32),
  LANEID("laneid", ScalarType.I32);

  private final String text;
  private final Type result;
  private final List<Type> params;
  private final boolean sideEffects;

  Intrinsic(String text, Type result, Type... params) {
    this(text, result, false, params);
  }

  Intrinsic(String text, Type result, boolean sideEffects, Type... params) {
    this.text = text;
    this.result = result;
    this.params = List.of(params);
    this.sideEffects = sideEffects;
  }

  /** The textual spelling. */
  public String text() {
    return text;
  }

  /** The result type ({@code void} for none). */
  public Type result() {
    return result;
  }

  /** The parameter types. */
  public List<Type> params() {
    return params;
  }

  /** True if the intrinsic may not be removed, duplicated or moved across other effects. */
  public boolean hasSideEffects() {
    return sideEffects;
  }

  /** Parses a spelling printed by {@link #text()}. */
  public static Intrinsic parse(String text) {
    for (Intrinsic i : values()) {
      if (i.text.equals(text)) {
        return i;
      }
    }
    throw new IllegalArgumentException("unknown intrinsic '" + text + "'");
  }
}
