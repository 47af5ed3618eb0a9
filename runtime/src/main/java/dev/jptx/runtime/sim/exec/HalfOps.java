package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.Half;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;

/** Arithmetic on {@code f16 bf16 f16x2 bf16x2}: each result rounded once to 16 bits. */
final class HalfOps {
  private HalfOps() {}

  /** A two-operand half operation. */
  private interface Op2 {
    int apply(int a, int b);
  }

  static Exec decode(Instruction in, Operands ops, PtxType type) {
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), type);
    int b = o.size() > 2 ? ops.src(o.get(2), type) : -1;
    int c = o.size() > 3 ? ops.src(o.get(3), type) : -1;
    boolean ftz = in.hasModifier("ftz");
    boolean sat = in.hasModifier("sat");
    boolean relu = in.hasModifier("relu");
    boolean nan = in.hasModifier("NaN");
    boolean xs = in.hasModifier("xorsign");
    boolean bf = type == PtxType.BF16 || type == PtxType.BF16X2;
    boolean x2 = type == PtxType.F16X2 || type == PtxType.BF16X2;
    switch (in.opcode()) {
      case "fma", "mad":
        if (bf) {
          return x2
              ? th -> Arithmetic.next(th, d, Half.fmaBf16x2(i(th, a), i(th, b), i(th, c), relu))
              : th -> Arithmetic.next(th, d, Half.fmaBf16(i(th, a), i(th, b), i(th, c), relu));
        }
        return x2
            ? th ->
                Arithmetic.next(th, d, Half.fmaF16x2(i(th, a), i(th, b), i(th, c), ftz, sat, relu))
            : th ->
                Arithmetic.next(th, d, Half.fmaF16(i(th, a), i(th, b), i(th, c), ftz, sat, relu));
      case "neg":
        return x2
            ? th -> Arithmetic.next(th, d, Half.negX2(i(th, a), ftz))
            : th -> Arithmetic.next(th, d, Half.neg(i(th, a), ftz));
      case "abs":
        return x2
            ? th -> Arithmetic.next(th, d, Half.absX2(i(th, a), ftz))
            : th -> Arithmetic.next(th, d, Half.abs(i(th, a), ftz));
      default:
        Op2 f = binary(in.opcode(), bf, x2, ftz, sat, nan, xs);
        return th -> Arithmetic.next(th, d, f.apply(i(th, a), i(th, b)));
    }
  }

  private static Op2 binary(
      String op, boolean bf, boolean x2, boolean ftz, boolean sat, boolean nan, boolean xs) {
    if (bf) {
      return switch (op) {
        case "add" -> x2 ? Half::addBf16x2 : Half::addBf16;
        case "sub" -> x2 ? Half::subBf16x2 : Half::subBf16;
        case "mul" -> x2 ? Half::mulBf16x2 : Half::mulBf16;
        case "min" ->
            x2 ? (a, b) -> Half.minBf16x2(a, b, nan, xs) : (a, b) -> Half.minBf16(a, b, nan, xs);
        case "max" ->
            x2 ? (a, b) -> Half.maxBf16x2(a, b, nan, xs) : (a, b) -> Half.maxBf16(a, b, nan, xs);
        default -> throw new SimulationError("unsupported bf16 operation " + op);
      };
    }
    return switch (op) {
      case "add" ->
          x2 ? (a, b) -> Half.addF16x2(a, b, ftz, sat) : (a, b) -> Half.addF16(a, b, ftz, sat);
      case "sub" ->
          x2 ? (a, b) -> Half.subF16x2(a, b, ftz, sat) : (a, b) -> Half.subF16(a, b, ftz, sat);
      case "mul" ->
          x2 ? (a, b) -> Half.mulF16x2(a, b, ftz, sat) : (a, b) -> Half.mulF16(a, b, ftz, sat);
      case "min" ->
          x2
              ? (a, b) -> Half.minF16x2(a, b, ftz, nan, xs)
              : (a, b) -> Half.minF16(a, b, ftz, nan, xs);
      case "max" ->
          x2
              ? (a, b) -> Half.maxF16x2(a, b, ftz, nan, xs)
              : (a, b) -> Half.maxF16(a, b, ftz, nan, xs);
      default -> throw new SimulationError("unsupported f16 operation " + op);
    };
  }

  private static int i(ThreadState th, int slot) {
    return (int) th.r[slot];
  }
}
