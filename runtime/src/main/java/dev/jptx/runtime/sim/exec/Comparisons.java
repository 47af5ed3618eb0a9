package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.CmpOp;
import dev.jptx.runtime.sim.alu.Compare;
import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.Pair;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;
import java.util.Locale;

/**
 * {@code setp} (with its optional {@code .and/.or/.xor} combination and {@code p|q} destination
 * pair), {@code set}, {@code selp} and {@code slct}.
 */
final class Comparisons {
  private Comparisons() {}

  /** A comparison fixed at decode time. */
  private interface Test {
    boolean test(long a, long b);
  }

  static Exec decode(Instruction in, Operands ops) {
    return switch (in.opcode()) {
      case "setp" -> setp(in, ops);
      case "set" -> set(in, ops);
      case "selp" -> selp(in, ops);
      default -> slct(in, ops);
    };
  }

  static CmpOp cmpOp(Instruction in) {
    for (String m : in.modifiers()) {
      try {
        return CmpOp.valueOf(m.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException notAComparison) {
        // keep looking: modifiers also name types and combinations
      }
    }
    throw new SimulationError("no comparison in " + in.text());
  }

  private static Test test(CmpOp op, PtxType pt, boolean ftz) {
    if (pt == PtxType.S32) {
      return switch (op) {
        case EQ -> (a, b) -> (int) a == (int) b;
        case NE -> (a, b) -> (int) a != (int) b;
        case LT -> (a, b) -> (int) a < (int) b;
        case LE -> (a, b) -> (int) a <= (int) b;
        case GT -> (a, b) -> (int) a > (int) b;
        case GE -> (a, b) -> (int) a >= (int) b;
        default -> generic(op, Types.num(pt), ftz);
      };
    }
    if (pt == PtxType.F32) {
      return (a, b) -> Compare.f32(op, (int) a, (int) b, ftz);
    }
    if (pt == PtxType.F64) {
      return (a, b) -> Compare.f64(op, a, b);
    }
    if (pt == PtxType.PRED) {
      return (a, b) -> Compare.integer(op, NumType.U8, a & 1, b & 1);
    }
    return generic(op, Types.num(pt), ftz);
  }

  private static Test generic(CmpOp op, NumType t, boolean ftz) {
    return (a, b) -> Compare.compare(op, t, a, b, ftz);
  }

  private static Exec setp(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    List<Operand> o = in.operands();
    int p;
    int q = -1;
    if (o.get(0) instanceof Pair pair) {
      p = ops.dst(pair.first());
      q = ops.dst(pair.second());
    } else {
      p = ops.dst(o.get(0));
    }
    int a = ops.src(o.get(1), pt);
    int b = ops.src(o.get(2), pt);
    int c = o.size() > 3 ? ops.src(o.get(3), PtxType.PRED) : -1;
    Test test = test(cmpOp(in), pt, in.hasModifier("ftz"));
    int combine =
        in.hasModifier("and") ? 1 : in.hasModifier("or") ? 2 : in.hasModifier("xor") ? 3 : 0;
    int qq = q;
    if (combine == 0 && q < 0) {
      return th -> Arithmetic.next(th, p, test.test(th.r[a], th.r[b]) ? 1 : 0);
    }
    return th -> {
      boolean t = test.test(th.r[a], th.r[b]);
      boolean cv = c >= 0 && th.r[c] != 0;
      boolean r =
          switch (combine) {
            case 1 -> t && cv;
            case 2 -> t || cv;
            case 3 -> t ^ cv;
            default -> t;
          };
      boolean notR =
          switch (combine) {
            case 1 -> !t && cv;
            case 2 -> !t || cv;
            case 3 -> !t ^ cv;
            default -> !t;
          };
      th.r[p] = r ? 1 : 0;
      if (qq >= 0) {
        th.r[qq] = notR ? 1 : 0;
      }
      return th.pc + 1;
    };
  }

  private static Exec set(Instruction in, Operands ops) {
    List<PtxType> ts = in.types();
    PtxType dtype = ts.get(0);
    PtxType stype = ts.get(ts.size() - 1);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), stype);
    int b = ops.src(o.get(2), stype);
    Test test = test(cmpOp(in), stype, in.hasModifier("ftz"));
    NumType dt = Types.num(dtype);
    return th -> Arithmetic.next(th, d, Compare.setValue(dt, test.test(th.r[a], th.r[b])));
  }

  private static Exec selp(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), pt);
    int b = ops.src(o.get(2), pt);
    int c = ops.src(o.get(3), PtxType.PRED);
    return th -> Arithmetic.next(th, d, th.r[c] != 0 ? th.r[a] : th.r[b]);
  }

  private static Exec slct(Instruction in, Operands ops) {
    List<PtxType> ts = in.types();
    PtxType dtype = ts.get(0);
    PtxType ctype = ts.get(ts.size() - 1);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), dtype);
    int b = ops.src(o.get(2), dtype);
    int c = ops.src(o.get(3), ctype);
    boolean ftz = in.hasModifier("ftz");
    return ctype == PtxType.F32
        ? th -> Arithmetic.next(th, d, Compare.slctF32((int) th.r[c], ftz) ? th.r[a] : th.r[b])
        : th -> Arithmetic.next(th, d, Compare.slctS32((int) th.r[c]) ? th.r[a] : th.r[b]);
  }
}
