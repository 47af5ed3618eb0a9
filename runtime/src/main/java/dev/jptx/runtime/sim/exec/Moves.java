package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.Convert;
import dev.jptx.runtime.sim.alu.CvtRounding;
import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.alu.Rounding;
import dev.jptx.runtime.sim.memory.AddressMap;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import dev.jptx.runtime.sim.ptx.Reg;
import dev.jptx.runtime.sim.ptx.SymbolRef;
import dev.jptx.runtime.sim.ptx.VectorOp;
import java.util.List;

/** {@code mov} (values, addresses, packing and unpacking), {@code cvt} and {@code cvta}. */
final class Moves {
  private Moves() {}

  static Exec decode(Instruction in, Operands ops) {
    return switch (in.opcode()) {
      case "mov" -> mov(in, ops);
      case "cvt" -> cvt(in, ops);
      default -> cvta(in, ops);
    };
  }

  private static Exec mov(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    List<Operand> o = in.operands();
    Operand dst = o.get(0);
    Operand src = o.get(1);
    int elementBits = src instanceof VectorOp v ? pt.bits() / v.elements().size() : 0;
    if (src instanceof VectorOp v) {
      return pack(ops, ops.dst(dst), v, elementBits, pt);
    }
    if (dst instanceof VectorOp v) {
      return unpack(ops, v, ops.src(src, pt), pt.bits() / v.elements().size());
    }
    int d = ops.dst(dst);
    if (ops.isLocalSymbol(src)) {
      long off = ops.localOffset((SymbolRef) src);
      return th -> Arithmetic.next(th, d, th.frame.localBase + off);
    }
    if (src instanceof Reg r && isClock(r.name())) {
      return th -> Arithmetic.next(th, d, th.block.launch.clock++);
    }
    int a = ops.src(src, pt);
    return th -> Arithmetic.next(th, d, th.r[a]);
  }

  private static boolean isClock(String name) {
    return name.startsWith("%clock") || name.startsWith("%globaltimer");
  }

  /** {@code mov.b64 d, {lo, hi}}: element 0 in the low bits. */
  private static Exec pack(Operands ops, int d, VectorOp v, int bits, PtxType pt) {
    int n = v.elements().size();
    int[] slots = new int[n];
    for (int i = 0; i < n; i++) {
      slots[i] = ops.src(v.elements().get(i), PtxType.B32);
    }
    long mask = bits >= 64 ? -1L : (1L << bits) - 1;
    return th -> {
      long r = 0;
      for (int i = n - 1; i >= 0; i--) {
        r = (r << bits) | (th.r[slots[i]] & mask);
      }
      return Arithmetic.next(th, d, r);
    };
  }

  private static Exec unpack(Operands ops, VectorOp v, int a, int bits) {
    int n = v.elements().size();
    int[] slots = new int[n];
    for (int i = 0; i < n; i++) {
      slots[i] = ops.dst(v.elements().get(i));
    }
    long mask = bits >= 64 ? -1L : (1L << bits) - 1;
    return th -> {
      long x = th.r[a];
      for (int i = 0; i < n; i++) {
        th.r[slots[i]] = (x >>> (bits * i)) & mask;
      }
      return th.pc + 1;
    };
  }

  private static Exec cvt(Instruction in, Operands ops) {
    List<PtxType> ts = in.types();
    PtxType to = ts.get(0);
    PtxType from = ts.get(ts.size() - 1);
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    CvtRounding rnd = cvtRounding(in);
    boolean sat = in.hasModifier("sat");
    boolean ftz = in.hasModifier("ftz");
    if (to == PtxType.F16X2 || to == PtxType.BF16X2) {
      int a = ops.src(o.get(1), from);
      int b = ops.src(o.get(2), from);
      boolean relu = in.hasModifier("relu");
      boolean satfinite = in.hasModifier("satfinite");
      Rounding r = rnd.direction();
      return to == PtxType.F16X2
          ? th ->
              Arithmetic.next(
                  th, d, Convert.f32x2ToF16x2((int) th.r[a], (int) th.r[b], r, relu, satfinite))
          : th ->
              Arithmetic.next(
                  th, d, Convert.f32x2ToBf16x2((int) th.r[a], (int) th.r[b], r, relu, satfinite));
    }
    int a = ops.src(o.get(1), from);
    NumType nt = Types.num(to);
    NumType nf = Types.num(from);
    if (nt == NumType.S64 && nf == NumType.S32) {
      return th -> Arithmetic.next(th, d, (int) th.r[a]);
    }
    if (nt == NumType.U64 && nf == NumType.U32) {
      return th -> Arithmetic.next(th, d, th.r[a] & 0xFFFF_FFFFL);
    }
    return th -> Arithmetic.next(th, d, Convert.cvt(nt, nf, rnd, sat, ftz, th.r[a]));
  }

  private static CvtRounding cvtRounding(Instruction in) {
    for (CvtRounding r : CvtRounding.values()) {
      if (r != CvtRounding.NONE && in.hasModifier(r.name().toLowerCase(java.util.Locale.ROOT))) {
        return r;
      }
    }
    return CvtRounding.NONE;
  }

  private static Exec cvta(Instruction in, Operands ops) {
    boolean to = in.hasModifier("to");
    long window =
        switch (in.stateSpace()) {
          case SHARED -> AddressMap.SHARED_WINDOW;
          case LOCAL -> AddressMap.LOCAL_WINDOW;
          case CONST -> AddressMap.CONST_WINDOW;
          case PARAM -> AddressMap.PARAM_WINDOW;
          default -> 0;
        };
    List<Operand> o = in.operands();
    int d = ops.dst(o.get(0));
    if (ops.isLocalSymbol(o.get(1))) {
      long off = ops.localOffset((SymbolRef) o.get(1));
      return th -> Arithmetic.next(th, d, th.frame.localBase + off + window);
    }
    int a = ops.src(o.get(1), PtxType.U64);
    if (window == 0) {
      return th -> Arithmetic.next(th, d, th.r[a]);
    }
    long delta = to ? -window : window;
    return th -> Arithmetic.next(th, d, th.r[a] + delta);
  }
}
