package dev.jptx.compiler.validate;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * No half-to-float conversion ({@code cvt.f32.f16}, {@code cvt.f64.f16}) reads the high 16 bits of
 * a wider value extracted by a shift or an unpack. {@code ptxas} -O3 of CUDA 13.0 (and the r580
 * driver's JIT) miscompiles {@code cvt.f32.f16 (cvt.u16.u32 (shr.u32 r, 16))} where {@code r} is
 * merged from several branches and one of them defines it by a zero-extended 16-bit load: it sinks
 * the shift into the other predecessors as {@code PRMT}, misses the load's, and converts the loaded
 * low half instead of 0 (k0245, seen on an H200 with driver 580.159.04). {@code and.b32 0xffff}
 * after the shift and {@code mov.b32 {lo, hi}} are miscompiled the same way; {@code bfe.u32 d, r,
 * 16, 16} is not, so the compiler extracts a high half that way ({@code isel/HighHalfSelection}).
 *
 * <p>Every definition of the conversion's source that reaches it is followed back through copies
 * ({@code mov} of a register), integer {@code cvt}s and {@code and}s; the module breaks the rule if
 * one of them is a {@code shr} by the immediate 16 or the second output of a {@code mov.b32 {lo,
 * hi}}. A definition met again while it is being followed (a copy around a loop) adds nothing.
 */
final class HighHalfF16Rule implements LintRule {
  private static final Set<String> INTEGER_TYPES =
      Set.of("b8", "s8", "u8", "b16", "s16", "u16", "b32", "s32", "u32", "b64", "s64", "u64");

  @Override
  public void check(PtxFunctionBody f, List<LintFinding> out) {
    for (PtxStatement s : f.statements()) {
      if (!isHalfWidening(s)) {
        continue;
      }
      PtxStatement offender = highHalf(f, s.operand(1), s, new HashSet<>());
      if (offender != null) {
        out.add(
            new LintFinding(
                f.name(), s.line(), s.text(), PtxLint.HIGH_HALF_F16, message(offender)));
      }
    }
  }

  /** {@code cvt.f32.f16}, {@code cvt.f64.f16}, with or without rounding or {@code .ftz}. */
  private static boolean isHalfWidening(PtxStatement s) {
    List<String> m = s.modifiers();
    return s.base().equals("cvt")
        && m.size() >= 2
        && m.get(m.size() - 1).equals("f16")
        && (m.get(m.size() - 2).equals("f32") || m.get(m.size() - 2).equals("f64"))
        && s.operands().size() == 2;
  }

  static String message(PtxStatement offender) {
    return "converts the high 16 bits extracted at line "
        + offender.line()
        + " ("
        + offender.text()
        + "): ptxas -O3 (CUDA 13.0, driver r580) sinks such a shift into the predecessors of a"
        + " merge as PRMT, misses one that ends in a zero-extended 16-bit load, and converts the"
        + " loaded low half instead; extract the high half with bfe.u32 d, a, 16, 16";
  }

  /** The shift or unpack that puts a high half into {@code register} at {@code at}, or null. */
  private static PtxStatement highHalf(
      PtxFunctionBody f, String register, PtxStatement at, Set<PtxStatement> visiting) {
    if (!isRegister(register)) {
      return null;
    }
    for (PtxStatement d : f.definitions(register, at)) {
      if (visiting.add(d)) {
        PtxStatement o = fromDefinition(f, d, register, visiting);
        if (o != null) {
          return o;
        }
      }
    }
    return null;
  }

  private static PtxStatement fromDefinition(
      PtxFunctionBody f, PtxStatement d, String register, Set<PtxStatement> visiting) {
    switch (d.base()) {
      case "shr" -> {
        OptionalLong count = PtxStatement.integer(d.operand(2));
        return count.isPresent() && count.getAsLong() == 16 ? d : null;
      }
      case "mov" -> {
        List<String> outs = PtxStatement.names(d.operand(0));
        if (d.operand(0).startsWith("{")) {
          // mov.b32 {lo, hi}, r: the second output is r's high half
          return d.modifiers().contains("b32") && outs.size() == 2 && outs.get(1).equals(register)
              ? d
              : null;
        }
        return highHalf(f, d.operand(1), d, visiting);
      }
      case "cvt" -> {
        return INTEGER_TYPES.containsAll(d.modifiers())
            ? highHalf(f, d.operand(1), d, visiting)
            : null;
      }
      case "and" -> {
        PtxStatement o = highHalf(f, d.operand(1), d, visiting);
        return o != null ? o : highHalf(f, d.operand(2), d, visiting);
      }
      default -> {
        return null;
      }
    }
  }

  /** A plain register name: not a literal, a vector, or an address. */
  private static boolean isRegister(String operand) {
    List<String> names = PtxStatement.names(operand);
    return names.size() == 1 && names.get(0).equals(operand) && operand.startsWith("%");
  }
}
