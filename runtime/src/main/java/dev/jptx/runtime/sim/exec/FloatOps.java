package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.Approx;
import dev.jptx.runtime.sim.alu.Float32;
import dev.jptx.runtime.sim.alu.Float64;
import dev.jptx.runtime.sim.alu.Rounding;
import dev.jptx.runtime.sim.alu.TestpOp;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;
import java.util.Locale;

/**
 * The float-only instructions: {@code rcp sqrt rsqrt ex2 lg2 sin cos tanh copysign testp}, rounded
 * as their modifiers say or within the accuracy the ISA documents for {@code .approx}.
 */
final class FloatOps {
  private FloatOps() {}

  static Exec decode(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    if (in.opcode().equals("testp")) {
      TestpOp op = testp(in);
      int a = ops.src(o.get(1), pt);
      return pt == PtxType.F64
          ? th -> Arithmetic.next(th, d, Float64.testp(op, th.r[a]) ? 1 : 0)
          : th -> Arithmetic.next(th, d, Float32.testp(op, (int) th.r[a]) ? 1 : 0);
    }
    int a = ops.src(o.get(1), pt);
    boolean ftz = in.hasModifier("ftz");
    boolean approx = in.hasModifier("approx");
    Rounding rnd = Types.rounding(in);
    if (pt == PtxType.F64) {
      return f64(in, d, a, o.size() > 2 ? ops.src(o.get(2), pt) : -1, approx, ftz, rnd);
    }
    if (pt == PtxType.F16 || pt == PtxType.F16X2 || pt == PtxType.BF16 || pt == PtxType.BF16X2) {
      return half(in, d, a, pt);
    }
    switch (in.opcode()) {
      case "rcp":
        return approx
            ? th -> Arithmetic.next(th, d, Approx.rcp((int) th.r[a], ftz))
            : th -> Arithmetic.next(th, d, Float32.rcp((int) th.r[a], rnd, ftz));
      case "sqrt":
        return approx
            ? th -> Arithmetic.next(th, d, Approx.sqrt((int) th.r[a], ftz))
            : th -> Arithmetic.next(th, d, Float32.sqrt((int) th.r[a], rnd, ftz));
      case "rsqrt":
        return th -> Arithmetic.next(th, d, Approx.rsqrt((int) th.r[a], ftz));
      case "ex2":
        return th -> Arithmetic.next(th, d, Approx.ex2((int) th.r[a], ftz));
      case "lg2":
        return th -> Arithmetic.next(th, d, Approx.lg2((int) th.r[a], ftz));
      case "sin":
        return th -> Arithmetic.next(th, d, Approx.sin((int) th.r[a], ftz));
      case "cos":
        return th -> Arithmetic.next(th, d, Approx.cos((int) th.r[a], ftz));
      case "tanh":
        return th -> Arithmetic.next(th, d, Approx.tanh((int) th.r[a]));
      case "copysign":
        {
          int b = ops.src(o.get(2), pt);
          return th -> Arithmetic.next(th, d, Float32.copysign((int) th.r[a], (int) th.r[b]));
        }
      default:
        throw new SimulationError("unsupported " + in.text());
    }
  }

  private static Exec f64(
      Instruction in, int d, int a, int b, boolean approx, boolean ftz, Rounding rnd) {
    switch (in.opcode()) {
      case "rcp":
        return approx
            ? th -> Arithmetic.next(th, d, Approx.rcpFtz(th.r[a]))
            : th -> Arithmetic.next(th, d, Float64.rcp(th.r[a], rnd));
      case "sqrt":
        return th -> Arithmetic.next(th, d, Float64.sqrt(th.r[a], rnd));
      case "rsqrt":
        return th -> Arithmetic.next(th, d, Approx.rsqrt(th.r[a], ftz));
      case "copysign":
        return th -> Arithmetic.next(th, d, Float64.copysign(th.r[a], th.r[b]));
      default:
        throw new SimulationError("unsupported " + in.text());
    }
  }

  private static Exec half(Instruction in, int d, int a, PtxType pt) {
    boolean bf = pt == PtxType.BF16 || pt == PtxType.BF16X2;
    boolean x2 = pt == PtxType.F16X2 || pt == PtxType.BF16X2;
    switch (in.opcode()) {
      case "ex2":
        if (bf) {
          return x2
              ? th -> Arithmetic.next(th, d, Approx.ex2Bf16x2((int) th.r[a]))
              : th -> Arithmetic.next(th, d, Approx.ex2Bf16((int) th.r[a]));
        }
        return x2
            ? th -> Arithmetic.next(th, d, Approx.ex2F16x2((int) th.r[a]))
            : th -> Arithmetic.next(th, d, Approx.ex2F16((int) th.r[a]));
      case "tanh":
        if (bf) {
          return x2
              ? th -> Arithmetic.next(th, d, Approx.tanhBf16x2((int) th.r[a]))
              : th -> Arithmetic.next(th, d, Approx.tanhBf16((int) th.r[a]));
        }
        return x2
            ? th -> Arithmetic.next(th, d, Approx.tanhF16x2((int) th.r[a]))
            : th -> Arithmetic.next(th, d, Approx.tanhF16((int) th.r[a]));
      default:
        throw new SimulationError("unsupported " + in.text());
    }
  }

  private static TestpOp testp(Instruction in) {
    for (TestpOp op : TestpOp.values()) {
      if (in.hasModifier(op.name().toLowerCase(Locale.ROOT))) {
        return op;
      }
    }
    throw new SimulationError("testp without a test: " + in.text());
  }
}
