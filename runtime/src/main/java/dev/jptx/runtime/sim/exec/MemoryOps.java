package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.alu.Float32;
import dev.jptx.runtime.sim.alu.Float64;
import dev.jptx.runtime.sim.alu.Half;
import dev.jptx.runtime.sim.alu.IntOps;
import dev.jptx.runtime.sim.alu.NumType;
import dev.jptx.runtime.sim.alu.Rounding;
import dev.jptx.runtime.sim.memory.MemoryFault;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.PtxType;
import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.runtime.sim.ptx.VectorOp;
import java.util.List;

/**
 * {@code ld ldu st} (scalar and vector, every state space, {@code .nc}), {@code atom} and {@code
 * red}. Blocks run one thread at a time, so a read-modify-write is atomic by construction. A narrow
 * signed load sign-extends into its register, an unsigned one zero-extends.
 */
final class MemoryOps {
  private MemoryOps() {}

  static Exec decode(Instruction in, Operands ops) {
    return switch (in.opcode()) {
      case "ld", "ldu" -> load(in, ops);
      case "st" -> store(in, ops);
      case "atom", "red" -> Atomics.decode(in, ops, space(in, ops, 1));
      default -> th -> th.pc + 1; // prefetch: no effect on results
    };
  }

  /** The state space an access reaches: its modifier, or a symbol's own space. */
  static StateSpace space(Instruction in, Operands ops, int addressOperand) {
    StateSpace s =
        switch (in.stateSpace()) {
          case GLOBAL -> StateSpace.GLOBAL;
          case SHARED -> StateSpace.SHARED;
          case LOCAL -> StateSpace.LOCAL;
          case CONST -> StateSpace.CONST;
          case PARAM -> StateSpace.PARAM;
          default -> StateSpace.GENERIC;
        };
    if (s == StateSpace.GENERIC) {
      StateSpace symbolSpace = ops.symbolSpace(in.operands().get(addressOperand));
      if (symbolSpace != null) {
        return symbolSpace;
      }
    }
    return s;
  }

  private static Exec load(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    int size = Types.bytes(pt);
    boolean signed = pt.isSigned() && !pt.isFloat();
    List<Operand> o = in.operands();
    Operands.Addr addr = ops.address(o.get(1));
    Mem mem = new Mem(space(in, ops, 1));
    if (o.get(0) instanceof VectorOp v) {
      int n = v.elements().size();
      int[] d = new int[n];
      for (int i = 0; i < n; i++) {
        d[i] = ops.dst(v.elements().get(i));
      }
      return th -> {
        long a = addr.of(th);
        checkVectorAlignment(mem, a, size * n);
        for (int i = 0; i < n; i++) {
          th.r[d[i]] = Types.read(mem.load(th, a + (long) i * size, size), size * 8, signed);
        }
        return th.pc + 1;
      };
    }
    int d = ops.dst(o.get(0));
    if (size >= 8) {
      return th -> Arithmetic.next(th, d, mem.load(th, addr.of(th), 8));
    }
    int bits = size * 8;
    return th -> Arithmetic.next(th, d, Types.read(mem.load(th, addr.of(th), size), bits, signed));
  }

  private static Exec store(Instruction in, Operands ops) {
    PtxType pt = Types.type(in);
    int size = Types.bytes(pt);
    List<Operand> o = in.operands();
    Operands.Addr addr = ops.address(o.get(0));
    Mem mem = new Mem(space(in, ops, 0));
    if (o.get(1) instanceof VectorOp v) {
      int n = v.elements().size();
      int[] s = new int[n];
      for (int i = 0; i < n; i++) {
        s[i] = ops.src(v.elements().get(i), pt);
      }
      return th -> {
        long a = addr.of(th);
        checkVectorAlignment(mem, a, size * n);
        for (int i = 0; i < n; i++) {
          mem.store(th, a + (long) i * size, size, th.r[s[i]]);
        }
        return th.pc + 1;
      };
    }
    int s = ops.src(o.get(1), pt);
    return th -> {
      mem.store(th, addr.of(th), size, th.r[s]);
      return th.pc + 1;
    };
  }

  private static void checkVectorAlignment(Mem mem, long address, int bytes) {
    if ((address & (bytes - 1)) != 0) {
      throw new MemoryFault("misaligned vector access", mem.space, address, bytes);
    }
  }

  /**
   * {@code atom} and {@code red}: read, combine, write back; {@code atom} returns the old value.
   */
  static final class Atomics {
    private Atomics() {}

    /** The combining function of an atomic operation. */
    private interface Combine {
      long apply(long old, long b, long c);
    }

    static Exec decode(Instruction in, Operands ops, StateSpace space) {
      boolean red = in.opcode().equals("red");
      PtxType pt = Types.type(in);
      int size = Types.bytes(pt);
      List<Operand> o = in.operands();
      int d = red ? -1 : ops.dst(o.get(0));
      int first = red ? 0 : 1;
      Operands.Addr addr = ops.address(o.get(first));
      int b = ops.src(o.get(first + 1), pt);
      int c = o.size() > first + 2 ? ops.src(o.get(first + 2), pt) : b;
      Combine f = combine(in, pt, space);
      Mem mem = new Mem(space);
      return th -> {
        long a = addr.of(th);
        Region r = mem.region(th, a, size);
        long at = mem.translate(a);
        long old = r.load(at, size);
        r.store(at, size, f.apply(old, th.r[b], th.r[c]));
        if (d >= 0) {
          th.r[d] = Types.read(old, size * 8, pt.isSigned() && !pt.isFloat());
        }
        return th.pc + 1;
      };
    }

    private static Combine combine(Instruction in, PtxType pt, StateSpace space) {
      String op = operation(in);
      if (pt == PtxType.F32) {
        // atom.add.f32 on global memory flushes subnormal inputs and results (PTX ISA, atom)
        boolean ftz = op.equals("add") && space != StateSpace.SHARED;
        return switch (op) {
          case "add" ->
              (old, b, c) ->
                  Float32.add((int) old, (int) b, Rounding.RN, ftz, false) & 0xFFFF_FFFFL;
          case "min" ->
              (old, b, c) -> Float32.min((int) old, (int) b, false, false, false) & 0xFFFF_FFFFL;
          case "max" ->
              (old, b, c) -> Float32.max((int) old, (int) b, false, false, false) & 0xFFFF_FFFFL;
          default -> bitwise(op, NumType.U32);
        };
      }
      if (pt == PtxType.F64) {
        return switch (op) {
          case "add" -> (old, b, c) -> Float64.add(old, b, Rounding.RN);
          case "min" -> (old, b, c) -> Float64.min(old, b, false);
          case "max" -> (old, b, c) -> Float64.max(old, b, false);
          default -> bitwise(op, NumType.U64);
        };
      }
      if (pt == PtxType.F16X2 && op.equals("add")) {
        return (old, b, c) -> Half.addF16x2((int) old, (int) b, false, false) & 0xFFFF_FFFFL;
      }
      if (pt == PtxType.F16 && op.equals("add")) {
        return (old, b, c) -> Half.addF16((int) old, (int) b, false, false) & 0xFFFFL;
      }
      return integer(op, Types.num(pt));
    }

    private static Combine integer(String op, NumType t) {
      long mask = t.bits() >= 64 ? -1L : (1L << t.bits()) - 1;
      return switch (op) {
        case "add" -> (old, b, c) -> (old + b) & mask;
        case "min" -> (old, b, c) -> IntOps.min(t, old, b, false) & mask;
        case "max" -> (old, b, c) -> IntOps.max(t, old, b, false) & mask;
        case "inc" ->
            (old, b, c) -> Long.compareUnsigned(old, b & mask) >= 0 ? 0 : (old + 1) & mask;
        case "dec" ->
            (old, b, c) ->
                old == 0 || Long.compareUnsigned(old, b & mask) > 0 ? b & mask : (old - 1) & mask;
        default -> bitwise(op, t);
      };
    }

    private static Combine bitwise(String op, NumType t) {
      long mask = t.bits() >= 64 ? -1L : (1L << t.bits()) - 1;
      return switch (op) {
        case "and" -> (old, b, c) -> old & b & mask;
        case "or" -> (old, b, c) -> (old | b) & mask;
        case "xor" -> (old, b, c) -> (old ^ b) & mask;
        case "exch" -> (old, b, c) -> b & mask;
        case "cas" -> (old, b, c) -> old == (b & mask) ? c & mask : old;
        default -> throw new SimulationError("unsupported atomic operation ." + op);
      };
    }

    private static String operation(Instruction in) {
      for (String m : in.modifiers()) {
        switch (m) {
          case "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas" -> {
            return m;
          }
          default -> {}
        }
      }
      throw new SimulationError("no atomic operation in " + in.text());
    }
  }
}
