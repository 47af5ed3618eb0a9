package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.BitOps;
import dev.jptx.runtime.sim.alu.IntOps;
import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.alu.PrmtMode;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;

/**
 * Bit and logic operations, 24-bit multiplies, {@code sad}, carries ({@code addc subc}) and dot
 * products. {@code and or xor not} on {@code .pred} work on the 0/1 values predicates hold.
 */
final class IntegerOps {
  private IntegerOps() {}

  static Exec decode(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), pt);
    int b = o.size() > 2 ? ops.src(o.get(2), pt) : -1;
    int c = o.size() > 3 ? ops.src(o.get(3), pt) : -1;
    int e = o.size() > 4 ? ops.src(o.get(4), PtxType.B32) : -1;
    boolean wide = pt.bits() == 64;
    switch (in.opcode()) {
      case "and":
        return th -> Arithmetic.next(th, d, th.r[a] & th.r[b]);
      case "or":
        return th -> Arithmetic.next(th, d, th.r[a] | th.r[b]);
      case "xor":
        return th -> Arithmetic.next(th, d, th.r[a] ^ th.r[b]);
      case "not":
        return pt == PtxType.PRED
            ? th -> Arithmetic.next(th, d, th.r[a] ^ 1)
            : th -> Arithmetic.next(th, d, ~th.r[a]);
      case "cnot":
        return th -> Arithmetic.next(th, d, BitOps.cnot(Types.read(th.r[a], pt.bits(), false)));
      case "shl":
        return wide
            ? th -> Arithmetic.next(th, d, BitOps.shl64(th.r[a], (int) th.r[b]))
            : shift32(pt, d, a, b, 0);
      case "shr":
        if (wide) {
          return pt.isSigned()
              ? th -> Arithmetic.next(th, d, BitOps.shrS64(th.r[a], (int) th.r[b]))
              : th -> Arithmetic.next(th, d, BitOps.shrU64(th.r[a], (int) th.r[b]));
        }
        return shift32(pt, d, a, b, pt.isSigned() ? 1 : 2);
      case "popc":
        return wide
            ? th -> Arithmetic.next(th, d, BitOps.popc(th.r[a]))
            : th -> Arithmetic.next(th, d, BitOps.popc((int) th.r[a]));
      case "clz":
        return wide
            ? th -> Arithmetic.next(th, d, BitOps.clz(th.r[a]))
            : th -> Arithmetic.next(th, d, BitOps.clz((int) th.r[a]));
      case "brev":
        return wide
            ? th -> Arithmetic.next(th, d, BitOps.brev(th.r[a]))
            : th -> Arithmetic.next(th, d, BitOps.brev((int) th.r[a]));
      case "bfind":
        {
          boolean signed = pt.isSigned();
          boolean shift = in.hasModifier("shiftamt");
          return wide
              ? th -> Arithmetic.next(th, d, BitOps.bfind(th.r[a], signed, shift) & 0xFFFF_FFFFL)
              : th ->
                  Arithmetic.next(th, d, BitOps.bfind((int) th.r[a], signed, shift) & 0xFFFF_FFFFL);
        }
      case "bfe":
        {
          boolean signed = pt.isSigned();
          return wide
              ? th ->
                  Arithmetic.next(th, d, BitOps.bfe(th.r[a], (int) th.r[b], (int) th.r[c], signed))
              : th ->
                  Arithmetic.next(
                      th, d, BitOps.bfe((int) th.r[a], (int) th.r[b], (int) th.r[c], signed));
        }
      case "bfi":
        return wide
            ? th ->
                Arithmetic.next(th, d, BitOps.bfi(th.r[a], th.r[b], (int) th.r[c], (int) th.r[e]))
            : th ->
                Arithmetic.next(
                    th, d, BitOps.bfi((int) th.r[a], (int) th.r[b], (int) th.r[c], (int) th.r[e]));
      case "prmt":
        {
          PrmtMode mode = prmtMode(in);
          return th ->
              Arithmetic.next(
                  th, d, BitOps.prmt((int) th.r[a], (int) th.r[b], (int) th.r[c], mode));
        }
      case "shf":
        {
          boolean clamp = in.hasModifier("clamp");
          return in.hasModifier("l")
              ? th ->
                  Arithmetic.next(
                      th, d, BitOps.shfL((int) th.r[a], (int) th.r[b], (int) th.r[c], clamp))
              : th ->
                  Arithmetic.next(
                      th, d, BitOps.shfR((int) th.r[a], (int) th.r[b], (int) th.r[c], clamp));
        }
      case "lop3":
        {
          int lut = (int) ops.immediate(o.get(4), PtxType.B32);
          return th ->
              Arithmetic.next(th, d, BitOps.lop3((int) th.r[a], (int) th.r[b], (int) th.r[c], lut));
        }
      default:
        return multiplyAndCarry(in, d, a, b, c, pt);
    }
  }

  private static Exec shift32(PtxType pt, int d, int a, int b, int kind) {
    int bits = pt.bits();
    if (bits == 16) {
      return th -> {
        int n = (int) Math.min(th.r[b] & 0xFFFF_FFFFL, 16);
        long x = Types.read(th.r[a], 16, kind == 1);
        long r = n >= 16 ? (kind == 1 && x < 0 ? -1 : 0) : kind == 0 ? x << n : x >> n;
        return Arithmetic.next(th, d, r & 0xFFFF);
      };
    }
    return switch (kind) {
      case 0 -> th -> Arithmetic.next(th, d, BitOps.shl32((int) th.r[a], (int) th.r[b]));
      case 1 -> th -> Arithmetic.next(th, d, BitOps.shrS32((int) th.r[a], (int) th.r[b]));
      default -> th -> Arithmetic.next(th, d, BitOps.shrU32((int) th.r[a], (int) th.r[b]));
    };
  }

  private static PrmtMode prmtMode(Instruction in) {
    for (PrmtMode m : PrmtMode.values()) {
      if (in.hasModifier(m.name().toLowerCase(java.util.Locale.ROOT))) {
        return m;
      }
    }
    return PrmtMode.GENERIC;
  }

  private static Exec multiplyAndCarry(Instruction in, int d, int a, int b, int c, PtxType pt) {
    NumType t = Types.num(pt);
    boolean signed = pt.isSigned();
    switch (in.opcode()) {
      case "mul24":
        return in.hasModifier("hi")
            ? th -> Arithmetic.next(th, d, IntOps.mul24Hi((int) th.r[a], (int) th.r[b], signed))
            : th -> Arithmetic.next(th, d, IntOps.mul24Lo((int) th.r[a], (int) th.r[b], signed));
      case "mad24":
        {
          boolean sat = in.hasModifier("sat");
          return in.hasModifier("hi")
              ? th ->
                  Arithmetic.next(
                      th,
                      d,
                      IntOps.mad24Hi((int) th.r[a], (int) th.r[b], (int) th.r[c], signed, sat))
              : th ->
                  Arithmetic.next(
                      th, d, IntOps.mad24Lo((int) th.r[a], (int) th.r[b], (int) th.r[c], signed));
        }
      case "sad":
        return th -> Arithmetic.next(th, d, IntOps.sad(t, th.r[a], th.r[b], th.r[c]));
      case "addc":
        {
          boolean cc = in.hasModifier("cc");
          if (pt.bits() == 64) {
            return th -> {
              long r = IntOps.addCarry64(th.r[a], th.r[b], th.carry);
              int out = IntOps.carryOut64(th.r[a], th.r[b], th.carry);
              if (cc) {
                th.carry = out;
              }
              return Arithmetic.next(th, d, r);
            };
          }
          return th -> {
            long s = IntOps.addCarry32((int) th.r[a], (int) th.r[b], th.carry);
            if (cc) {
              th.carry = (int) (s >>> 32) & 1;
            }
            return Arithmetic.next(th, d, (int) s);
          };
        }
      case "subc":
        {
          boolean cc = in.hasModifier("cc");
          if (pt.bits() == 64) {
            return th -> {
              long r = IntOps.subBorrow64(th.r[a], th.r[b], th.carry);
              int out = IntOps.borrowOut64(th.r[a], th.r[b], th.carry);
              if (cc) {
                th.carry = out;
              }
              return Arithmetic.next(th, d, r);
            };
          }
          return th -> {
            long s = IntOps.subBorrow32((int) th.r[a], (int) th.r[b], th.carry);
            if (cc) {
              th.carry = (int) (s >>> 32) & 1;
            }
            return Arithmetic.next(th, d, (int) s);
          };
        }
      case "dp4a":
        {
          boolean as = in.types().get(0).isSigned();
          boolean bs = in.types().get(1).isSigned();
          return th ->
              Arithmetic.next(
                  th, d, IntOps.dp4a((int) th.r[a], (int) th.r[b], (int) th.r[c], as, bs));
        }
      default:
        throw new SimulationError("unsupported " + in.text());
    }
  }
}
