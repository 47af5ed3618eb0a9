package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.Approx;
import dev.jptx.runtime.sim.alu.Float32;
import dev.jptx.runtime.sim.alu.Float64;
import dev.jptx.runtime.sim.alu.IntOps;
import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.alu.Rounding;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;

/**
 * {@code add sub mul mad fma div rem abs neg min max} on integers and floats. The common forms
 * ({@code add.s32}, {@code mad.lo.s32}, {@code mul.wide.s32}, {@code fma.rn.f32}, ...) get
 * dedicated code; the rest go through the typed functions of the arithmetic library.
 */
final class Arithmetic {
  private Arithmetic() {}

  static Exec decode(Instruction in, Operands ops) {
    PtxType type = Types.type(in);
    if (type == PtxType.F16
        || type == PtxType.BF16
        || type == PtxType.F16X2
        || type == PtxType.BF16X2) {
      return HalfOps.decode(in, ops, type);
    }
    if (type == PtxType.F32) {
      return f32(in, ops);
    }
    if (type == PtxType.F64) {
      return f64(in, ops);
    }
    return integer(in, ops, Types.num(type));
  }

  // ---- integers

  private static Exec integer(Instruction in, Operands ops, NumType t) {
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    PtxType pt = Types.type(in);
    int a = ops.src(o.get(1), pt);
    int b = o.size() > 2 ? ops.src(o.get(2), pt) : -1;
    int c = o.size() > 3 ? ops.src(o.get(3), pt) : -1;
    boolean cc = in.hasModifier("cc");
    switch (in.opcode()) {
      case "add":
        if (cc) {
          return carrying(t, d, a, b, false);
        }
        if (in.hasModifier("sat")) {
          return th -> next(th, d, IntOps.addSatS32((int) th.r[a], (int) th.r[b]));
        }
        if (t.bits() == 32) {
          return th -> next(th, d, (int) th.r[a] + (int) th.r[b]);
        }
        if (t.bits() == 64) {
          return th -> next(th, d, th.r[a] + th.r[b]);
        }
        return th -> next(th, d, t.normalize(th.r[a] + th.r[b]));
      case "sub":
        if (cc) {
          return carrying(t, d, a, b, true);
        }
        if (in.hasModifier("sat")) {
          return th -> next(th, d, IntOps.subSatS32((int) th.r[a], (int) th.r[b]));
        }
        if (t.bits() == 32) {
          return th -> next(th, d, (int) th.r[a] - (int) th.r[b]);
        }
        if (t.bits() == 64) {
          return th -> next(th, d, th.r[a] - th.r[b]);
        }
        return th -> next(th, d, t.normalize(th.r[a] - th.r[b]));
      case "mul":
        return multiply(in, t, d, a, b);
      case "mad":
        return multiplyAdd(in, t, d, a, b, c);
      case "div":
        return th -> next(th, d, IntOps.div(t, th.r[a], th.r[b]));
      case "rem":
        return th -> next(th, d, IntOps.rem(t, th.r[a], th.r[b]));
      case "abs":
        return th -> next(th, d, IntOps.abs(t, th.r[a]));
      case "neg":
        return th -> next(th, d, IntOps.neg(t, th.r[a]));
      case "min":
        {
          boolean relu = in.hasModifier("relu");
          return th -> next(th, d, IntOps.min(t, th.r[a], th.r[b], relu));
        }
      case "max":
        {
          boolean relu = in.hasModifier("relu");
          return th -> next(th, d, IntOps.max(t, th.r[a], th.r[b], relu));
        }
      default:
        throw new SimulationError("unsupported integer " + in.text());
    }
  }

  private static Exec carrying(NumType t, int d, int a, int b, boolean subtract) {
    if (t.bits() == 64) {
      return subtract
          ? th -> {
            long x = th.r[a];
            long y = th.r[b];
            th.carry = Long.compareUnsigned(x, y) < 0 ? 1 : 0;
            return next(th, d, x - y);
          }
          : th -> {
            long x = th.r[a];
            long y = th.r[b];
            long s = x + y;
            th.carry = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
            return next(th, d, s);
          };
    }
    return subtract
        ? th -> {
          long x = th.r[a] & 0xFFFF_FFFFL;
          long y = th.r[b] & 0xFFFF_FFFFL;
          th.carry = x < y ? 1 : 0;
          return next(th, d, (int) (x - y));
        }
        : th -> {
          long s = (th.r[a] & 0xFFFF_FFFFL) + (th.r[b] & 0xFFFF_FFFFL);
          th.carry = (int) (s >>> 32) & 1;
          return next(th, d, (int) s);
        };
  }

  private static Exec multiply(Instruction in, NumType t, int d, int a, int b) {
    if (in.hasModifier("wide")) {
      if (t == NumType.S32) {
        return th -> next(th, d, (long) (int) th.r[a] * (int) th.r[b]);
      }
      if (t == NumType.U32) {
        return th -> next(th, d, (th.r[a] & 0xFFFF_FFFFL) * (th.r[b] & 0xFFFF_FFFFL));
      }
      return th -> next(th, d, IntOps.mulWide(t, th.r[a], th.r[b]));
    }
    if (in.hasModifier("hi")) {
      return th -> next(th, d, IntOps.mulHi(t, th.r[a], th.r[b]));
    }
    if (t.bits() == 32) {
      return th -> next(th, d, (int) th.r[a] * (int) th.r[b]);
    }
    if (t.bits() == 64) {
      return th -> next(th, d, th.r[a] * th.r[b]);
    }
    return th -> next(th, d, IntOps.mulLo(t, th.r[a], th.r[b]));
  }

  private static Exec multiplyAdd(Instruction in, NumType t, int d, int a, int b, int c) {
    if (in.hasModifier("cc") || in.opcode().equals("madc")) {
      throw new SimulationError("mad with carry is not supported by the simulator");
    }
    if (in.hasModifier("wide")) {
      if (t == NumType.S32) {
        return th -> next(th, d, (long) (int) th.r[a] * (int) th.r[b] + th.r[c]);
      }
      return th -> next(th, d, IntOps.madWide(t, th.r[a], th.r[b], th.r[c]));
    }
    if (in.hasModifier("hi")) {
      if (in.hasModifier("sat")) {
        return th -> next(th, d, IntOps.madHiSatS32((int) th.r[a], (int) th.r[b], (int) th.r[c]));
      }
      return th -> next(th, d, IntOps.madHi(t, th.r[a], th.r[b], th.r[c]));
    }
    if (t.bits() == 32) {
      return th -> next(th, d, (int) th.r[a] * (int) th.r[b] + (int) th.r[c]);
    }
    if (t.bits() == 64) {
      return th -> next(th, d, th.r[a] * th.r[b] + th.r[c]);
    }
    return th -> next(th, d, IntOps.madLo(t, th.r[a], th.r[b], th.r[c]));
  }

  // ---- f32

  private static Exec f32(Instruction in, Operands ops) {
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), PtxType.F32);
    int b = o.size() > 2 ? ops.src(o.get(2), PtxType.F32) : -1;
    int c = o.size() > 3 ? ops.src(o.get(3), PtxType.F32) : -1;
    Rounding rnd = Types.rounding(in);
    boolean ftz = in.hasModifier("ftz");
    boolean sat = in.hasModifier("sat");
    switch (in.opcode()) {
      case "add":
        return th -> next(th, d, Float32.add((int) th.r[a], (int) th.r[b], rnd, ftz, sat));
      case "sub":
        return th -> next(th, d, Float32.sub((int) th.r[a], (int) th.r[b], rnd, ftz, sat));
      case "mul":
        return th -> next(th, d, Float32.mul((int) th.r[a], (int) th.r[b], rnd, ftz, sat));
      case "fma", "mad":
        return th ->
            next(th, d, Float32.fma((int) th.r[a], (int) th.r[b], (int) th.r[c], rnd, ftz, sat));
      case "div":
        if (in.hasModifier("approx")) {
          return th -> next(th, d, Approx.div((int) th.r[a], (int) th.r[b], ftz));
        }
        if (in.hasModifier("full")) {
          return th -> next(th, d, Approx.divFull((int) th.r[a], (int) th.r[b], ftz));
        }
        return th -> next(th, d, Float32.div((int) th.r[a], (int) th.r[b], rnd, ftz));
      case "abs":
        return th -> next(th, d, Float32.abs((int) th.r[a], ftz));
      case "neg":
        return th -> next(th, d, Float32.neg((int) th.r[a], ftz));
      case "min":
        {
          boolean nan = in.hasModifier("NaN");
          boolean xs = in.hasModifier("xorsign");
          return th -> next(th, d, Float32.min((int) th.r[a], (int) th.r[b], ftz, nan, xs));
        }
      case "max":
        {
          boolean nan = in.hasModifier("NaN");
          boolean xs = in.hasModifier("xorsign");
          return th -> next(th, d, Float32.max((int) th.r[a], (int) th.r[b], ftz, nan, xs));
        }
      default:
        throw new SimulationError("unsupported f32 " + in.text());
    }
  }

  // ---- f64

  private static Exec f64(Instruction in, Operands ops) {
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), PtxType.F64);
    int b = o.size() > 2 ? ops.src(o.get(2), PtxType.F64) : -1;
    int c = o.size() > 3 ? ops.src(o.get(3), PtxType.F64) : -1;
    Rounding rnd = Types.rounding(in);
    switch (in.opcode()) {
      case "add":
        return th -> next(th, d, Float64.add(th.r[a], th.r[b], rnd));
      case "sub":
        return th -> next(th, d, Float64.sub(th.r[a], th.r[b], rnd));
      case "mul":
        return th -> next(th, d, Float64.mul(th.r[a], th.r[b], rnd));
      case "fma", "mad":
        return th -> next(th, d, Float64.fma(th.r[a], th.r[b], th.r[c], rnd));
      case "div":
        return th -> next(th, d, Float64.div(th.r[a], th.r[b], rnd));
      case "abs":
        return th -> next(th, d, Float64.abs(th.r[a]));
      case "neg":
        return th -> next(th, d, Float64.neg(th.r[a]));
      case "min":
        {
          boolean nan = in.hasModifier("NaN");
          return th -> next(th, d, Float64.min(th.r[a], th.r[b], nan));
        }
      case "max":
        {
          boolean nan = in.hasModifier("NaN");
          return th -> next(th, d, Float64.max(th.r[a], th.r[b], nan));
        }
      default:
        throw new SimulationError("unsupported f64 " + in.text());
    }
  }

  /** Writes {@code v} to slot {@code d} and continues with the next instruction. */
  static int next(ThreadState th, int d, long v) {
    th.r[d] = v;
    return th.pc + 1;
  }
}
