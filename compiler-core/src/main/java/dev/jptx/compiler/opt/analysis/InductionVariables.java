package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The induction variables of one loop that has a preheader and a single latch (seed: the
 * scalar-evolution idea, restricted to affine recurrences).
 *
 * <p>A <em>basic</em> induction variable is a header phi {@code p = phi [preheader: start], [latch:
 * next]} of type {@code i32} or {@code i64}, where {@code start} is loop-invariant and {@code next}
 * is {@code add p, C}, {@code add C, p} or {@code sub p, C} for a nonzero constant {@code C}: on
 * iteration {@code j} (counting from 0), {@code p} holds {@code start + j*step} modulo
 * 2<sup>width</sup>.
 *
 * <p>A <em>derived</em> value is an instruction of the loop whose value, wherever it is defined, is
 * {@code scale*x + offset} for a basic variable's {@code x} and loop-invariant {@link Polynomial}s
 * {@code scale} and {@code offset}, where {@code x} is either
 *
 * <ul>
 *   <li>{@code p} itself, and the equation holds modulo 2<sup>width</sup> of {@code p}: it is built
 *       by {@code add}, {@code sub} (operands affine in the same variable, or loop-invariant),
 *       {@code mul} (one operand invariant) and {@code shl} by a constant (multiplication by
 *       2<sup>count &amp; (width-1)</sup>, Java's masked count), which all wrap modulo the width;
 *   <li>or {@code sext(p)} of an {@code i32} variable, a <em>widened</em> value of width 64: {@code
 *       sext e} where {@code e = A*p + B} with constants {@code A}, {@code B} and {@link
 *       InductionRange} proves that, where the {@code sext} runs, {@code p} never wrapped and
 *       {@code A*p + B} lies in the {@code int} range for every {@code p} in its range, so that
 *       {@code sext(e)} equals the 64-bit {@code A*sext(p) + B} exactly; {@code i64} arithmetic on
 *       it then wraps modulo 2<sup>64</sup> like any {@code i64} value. Without the proof the
 *       {@code sext} is not derived ({@code sext(x + y)} is not {@code sext(x) + sext(y)} when the
 *       32-bit sum overflows).
 * </ul>
 *
 * Derived values are found in one pass over the loop's blocks in reverse post-order; only innermost
 * loops are analysed (an inner loop's phis would otherwise be seen before their operands). A
 * snapshot of the function.
 */
public final class InductionVariables {
  /** A basic induction variable; {@code step} is sign-extended from the width. */
  public record Basic(Value phi, Value start, Value next, long step, Type type) {
    /** 32 or 64. */
    public int width() {
      return type.bits();
    }
  }

  /**
   * A derived value: {@code scale * x + offset} of {@link #width} bits, {@code x} being the
   * variable's phi, or its {@code sext} to {@code i64} if {@code widened}.
   */
  public record Affine(Basic iv, boolean widened, Polynomial scale, Polynomial offset) {
    /** 32 or 64. */
    public int width() {
      return scale.width();
    }
  }

  private final List<Basic> basics = new ArrayList<>();
  private final Map<Value, Affine> derived = new LinkedHashMap<>();

  private InductionVariables() {}

  /**
   * The induction variables of {@code loop}: none unless it is innermost, has a preheader and has
   * exactly one latch.
   */
  public static InductionVariables of(Function f, LoopInfo.Loop loop, Cfg cfg, DominatorTree dom) {
    InductionVariables ivs = new InductionVariables();
    if (!loop.children().isEmpty() || loop.preheader() == null || loop.latches().size() != 1) {
      return ivs;
    }
    new Finder(f, loop, cfg, dom, ivs).run();
    return ivs;
  }

  /** The basic induction variables, in the order of the header's phis. */
  public List<Basic> basics() {
    return Collections.unmodifiableList(basics);
  }

  /** The derived form of {@code v} (basic variables included), or null if it has none. */
  public Affine affine(Value v) {
    return derived.get(v);
  }

  /** Every derived value, in the loop's order. */
  public Map<Value, Affine> derived() {
    return Collections.unmodifiableMap(derived);
  }

  /** True if {@code v} is a constant, a parameter, or defined outside {@code loop}. */
  public static boolean isInvariant(Function f, LoopInfo.Loop loop, Value v) {
    Inst def = f.definingInst(v);
    return def == null || !loop.contains(f.blockOf(def));
  }

  /** The analysis proper. */
  private static final class Finder {
    private final Function f;
    private final LoopInfo.Loop loop;
    private final Cfg cfg;
    private final DominatorTree dom;
    private final InductionVariables out;

    Finder(Function f, LoopInfo.Loop loop, Cfg cfg, DominatorTree dom, InductionVariables out) {
      this.f = f;
      this.loop = loop;
      this.cfg = cfg;
      this.dom = dom;
      this.out = out;
    }

    void run() {
      findBasics();
      for (Block b : loop.blocks()) {
        for (Inst i : f.insts(b)) {
          Value r = f.result(i);
          if (r != null && !out.derived.containsKey(r)) {
            Affine a = derive(f.data(i), r, b);
            if (a != null && !a.scale().isZero()) {
              out.derived.put(r, a);
            }
          }
        }
      }
    }

    private void findBasics() {
      Block pre = loop.preheader();
      Block latch = loop.latches().get(0);
      for (Inst i : f.insts(loop.header())) {
        if (!(f.data(i) instanceof InstData.Phi phi)) {
          break;
        }
        Value p = f.result(i);
        Type t = f.type(p);
        if (!(t == ScalarType.I32 || t == ScalarType.I64) || phi.blocks().size() != 2) {
          continue;
        }
        int kPre = phi.blocks().indexOf(pre);
        int kLatch = phi.blocks().indexOf(latch);
        if (kPre < 0 || kLatch < 0) {
          continue;
        }
        Value start = phi.values().get(kPre);
        Value next = phi.values().get(kLatch);
        Long step = step(p, next, t.bits());
        if (step != null && step != 0 && isInvariant(f, loop, start)) {
          Basic b = new Basic(p, start, next, step, t);
          out.basics.add(b);
          out.derived.put(
              p,
              new Affine(
                  b, false, Polynomial.constant(t.bits(), 1), Polynomial.constant(t.bits(), 0)));
        }
      }
    }

    /** The constant step if {@code next} is {@code p +/- C}, else null. */
    private Long step(Value p, Value next, int width) {
      Inst def = f.definingInst(next);
      if (def == null
          || !loop.contains(f.blockOf(def))
          || !(f.data(def) instanceof InstData.Binary bin)) {
        return null;
      }
      Long c = null;
      if (bin.opcode() == Opcode.ADD && bin.lhs().equals(p) && f.isConstant(bin.rhs())) {
        c = f.constantBits(bin.rhs());
      } else if (bin.opcode() == Opcode.ADD && bin.rhs().equals(p) && f.isConstant(bin.lhs())) {
        c = f.constantBits(bin.lhs());
      } else if (bin.opcode() == Opcode.SUB && bin.lhs().equals(p) && f.isConstant(bin.rhs())) {
        c = -f.constantBits(bin.rhs());
      }
      return c == null ? null : width == 32 ? (long) (int) (long) c : c;
    }

    private Affine derive(InstData d, Value r, Block b) {
      Type t = f.type(r);
      if (!(t == ScalarType.I32 || t == ScalarType.I64)) {
        return null;
      }
      int w = t.bits();
      if (d instanceof InstData.Cast c && c.opcode() == Opcode.SEXT && t == ScalarType.I64) {
        return widen(out.derived.get(c.operand()), b);
      }
      if (!(d instanceof InstData.Binary bin)) {
        return null;
      }
      Affine x = out.derived.get(bin.lhs());
      Affine y = out.derived.get(bin.rhs());
      Polynomial xi = x == null ? invariant(bin.lhs(), w) : null;
      Polynomial yi = y == null ? invariant(bin.rhs(), w) : null;
      if ((x == null && xi == null) || (y == null && yi == null) || (x == null && y == null)) {
        return null;
      }
      switch (bin.opcode()) {
        case ADD, SUB -> {
          long sign = bin.opcode() == Opcode.SUB ? -1 : 1;
          if (x != null && y != null) {
            if (!x.iv().equals(y.iv()) || x.widened() != y.widened()) {
              return null;
            }
            return new Affine(
                x.iv(),
                x.widened(),
                x.scale().plus(y.scale().times(sign)),
                x.offset().plus(y.offset().times(sign)));
          }
          if (x != null) {
            return new Affine(x.iv(), x.widened(), x.scale(), x.offset().plus(yi.times(sign)));
          }
          return new Affine(
              y.iv(), y.widened(), y.scale().times(sign), xi.plus(y.offset().times(sign)));
        }
        case MUL -> {
          if (x != null && y != null) {
            return null;
          }
          Affine a = x != null ? x : y;
          Polynomial k = x != null ? yi : xi;
          return new Affine(a.iv(), a.widened(), a.scale().times(k), a.offset().times(k));
        }
        case SHL -> {
          if (x == null || !f.isConstant(bin.rhs())) {
            return null;
          }
          long k = 1L << (f.constantBits(bin.rhs()) & (w - 1));
          return new Affine(x.iv(), x.widened(), x.scale().times(k), x.offset().times(k));
        }
        default -> {
          return null;
        }
      }
    }

    /** The loop-invariant {@code v} as a polynomial, or null if {@code v} varies in the loop. */
    private Polynomial invariant(Value v, int w) {
      if (f.type(v).bits() != w || !isInvariant(f, loop, v)) {
        return null;
      }
      return f.isConstant(v) ? Polynomial.constant(w, f.constantBits(v)) : Polynomial.value(w, v);
    }

    /** {@code sext e} in block {@code b} as a widened value, if provably exact (class comment). */
    private Affine widen(Affine e, Block b) {
      if (e == null
          || e.width() != 32
          || e.widened()
          || !e.scale().isConstant()
          || !e.offset().isConstant()) {
        return null;
      }
      long[] range = InductionRange.of(f, loop, cfg, dom, e.iv(), b);
      if (range == null) {
        return null;
      }
      long a = e.scale().constantTerm();
      long c = e.offset().constantTerm();
      // |a| <= 2^31 and |p| <= 2^31, so a*p + c fits in a long
      for (long p : range) {
        long v = a * p + c;
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
          return null;
        }
      }
      return new Affine(e.iv(), true, Polynomial.constant(64, a), Polynomial.constant(64, c));
    }
  }
}
