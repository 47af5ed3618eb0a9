package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.opt.analysis.Alignment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges adjacent scalar loads (and stores) of one block into one vector load (store), as LLVM's
 * LoadStoreVectorizer does for NVPTX at -O2 and above (knob {@code disable-load-store-vectorizer}):
 * the backend turns {@code load v4f32} into one {@code ld.global.v4.f32}, a quarter of the memory
 * instructions for a {@code float4}-style access.
 *
 * <p>Addresses are decomposed into {@code base + scale * term + offset}: through {@code ptradd},
 * additions and subtractions of constants, multiplications and left shifts by constants, which are
 * exact modulo 2<sup>64</sup> like pointer arithmetic; and through {@code sext}/{@code zext} of
 * {@code x + c} when {@code x} has more zero low bits than {@code c} needs, so the 32-bit addition
 * cannot carry into the sign ({@code sext(4*i + 3) = sext(4*i) + 3}). Accesses of one scalar type
 * ({@code i32 f32 i64 f64}) with equal base, term and scale and consecutive offsets form a chain.
 * From its start, the widest vector PTX has that fits ({@code v4} of 32-bit lanes, {@code v2}, at
 * most 16 bytes) is made where {@link Alignment} proves the first address aligned to the vector's
 * size (an IR vector access promises that alignment) and nothing between the first and the last
 * member may touch the same memory in a way the merge would reorder: for loads, a store, atomic,
 * call or memory intrinsic (unless the loads are {@code invariant}: nothing writes that memory);
 * for stores, also a load. An access with the same base, term and scale at other bytes is disjoint;
 * anything else may alias (two Java array parameters may be one array).
 *
 * <p>A vector load goes where the first of its loads was, {@code extractelement}s of its lanes
 * replace the loads' values; a vector store of a {@code buildvector} goes where the last store was.
 * Vectors never leave their block. Run after the loop passes and value numbering, which leave the
 * addresses in their final form; requires nothing, keeps the CFG.
 */
public final class LoadStoreVectorizer implements FunctionPass {
  /** The widest PTX vector access, in bytes. */
  private static final int MAX_BYTES = 16;

  @Override
  public String name() {
    return "load-store-vectorizer";
  }

  @Override
  public boolean run(Function f) {
    Alignment alignment = Alignment.of(f, null);
    boolean changed = false;
    for (Block b : f.blocks()) {
      while (vectorizeOne(f, b, alignment)) {
        changed = true;
      }
    }
    return changed;
  }

  /** {@code base + scale * ext(term) + offset}; {@code term} null for a constant offset. */
  private record Address(Value base, Value term, Opcode ext, long scale, long offset) {
    boolean sameKey(Address o) {
      return base.equals(o.base)
          && java.util.Objects.equals(term, o.term)
          && ext == o.ext
          && scale == o.scale;
    }
  }

  /** An integer {@code scale * ext(term) + offset}. */
  private record Linear(Value term, Opcode ext, long scale, long offset) {
    Linear times(long c) {
      return new Linear(term, ext, scale * c, offset * c);
    }

    Linear plus(long c) {
      return new Linear(term, ext, scale, offset + c);
    }
  }

  /** A scalar load or store of the block, at its position. */
  private record Access(
      Inst inst, int index, boolean isLoad, ScalarType type, Address address, Value pointer) {
    long end() {
      return address.offset() + type.bits() / 8;
    }
  }

  /** Finds the first group worth merging in {@code b} and merges it. */
  private boolean vectorizeOne(Function f, Block b, Alignment alignment) {
    List<Inst> insts = f.insts(b);
    Map<String, List<Access>> groups = new LinkedHashMap<>();
    for (int i = 0; i < insts.size(); i++) {
      Access a = access(f, insts.get(i), i, alignment);
      if (a != null) {
        groups.computeIfAbsent(key(f, a), k -> new ArrayList<>()).add(a);
      }
    }
    for (List<Access> g : groups.values()) {
      if (g.size() < 2) {
        continue;
      }
      g.sort(Comparator.comparingLong(a -> a.address().offset()));
      for (int start = 0; start < g.size(); start++) {
        List<Access> members = candidate(f, insts, g, start, alignment);
        if (members != null) {
          rewrite(f, members);
          return true;
        }
      }
    }
    return false;
  }

  private static String key(Function f, Access a) {
    Address d = a.address();
    String memory = a.isLoad() ? "load" + ((InstData.Load) f.data(a.inst())).invariant() : "store";
    return memory
        + " "
        + a.type()
        + " "
        + d.base()
        + " "
        + d.term()
        + " "
        + d.ext()
        + " "
        + d.scale()
        + " "
        + f.type(a.pointer()).text();
  }

  /** The widest aligned, safe run of consecutive accesses from {@code g[start]}, or null. */
  private List<Access> candidate(
      Function f, List<Inst> insts, List<Access> g, int start, Alignment alignment) {
    Access first = g.get(start);
    int size = first.type().bits() / 8;
    for (int lanes = MAX_BYTES / size; lanes >= 2; lanes /= 2) {
      if (start + lanes > g.size() || align(first.address(), alignment) < lanes * size) {
        continue;
      }
      List<Access> run = g.subList(start, start + lanes);
      boolean consecutive = true;
      for (int k = 1; k < lanes; k++) {
        consecutive &= run.get(k).address().offset() == first.address().offset() + (long) k * size;
      }
      if (consecutive && safe(f, insts, run, alignment)) {
        return new ArrayList<>(run);
      }
    }
    return null;
  }

  /** The alignment the address is known to have, in bytes. */
  private static long align(Address a, Alignment alignment) {
    int log = Integer.numberOfTrailingZeros(alignment.alignment(a.base()));
    if (a.term() != null) {
      log = Math.min(log, alignment.zeroBits(a.term()) + Long.numberOfTrailingZeros(a.scale()));
    }
    if (a.offset() != 0) {
      log = Math.min(log, Long.numberOfTrailingZeros(a.offset()));
    }
    return 1L << Math.min(log, 12);
  }

  /** True if nothing between the members' first and last position conflicts with moving them. */
  private static boolean safe(Function f, List<Inst> insts, List<Access> run, Alignment alignment) {
    int lo = run.stream().mapToInt(Access::index).min().orElseThrow();
    int hi = run.stream().mapToInt(Access::index).max().orElseThrow();
    Access any = run.get(0);
    boolean invariantLoads = any.isLoad() && ((InstData.Load) f.data(any.inst())).invariant();
    if (invariantLoads) {
      return true; // nothing writes memory the kernel promised to only read
    }
    for (int i = lo + 1; i < hi; i++) {
      Inst x = insts.get(i);
      if (run.stream().anyMatch(a -> a.inst().equals(x))
          || !conflicts(f, x, any.isLoad(), run, alignment)) {
        continue;
      }
      return false;
    }
    return true;
  }

  private static boolean conflicts(
      Function f, Inst x, boolean loads, List<Access> run, Alignment alignment) {
    InstData d = f.data(x);
    if (d instanceof InstData.Store s) {
      return mayAlias(f, s.address(), f.type(s.value()), run, alignment);
    } else if (d instanceof InstData.Load l) {
      return !loads
          && !l.invariant()
          && mayAlias(f, l.address(), f.type(f.result(x)), run, alignment);
    } else if (d instanceof InstData.IntrinsicCall c) {
      return c.intrinsic().hasSideEffects();
    }
    return d instanceof InstData.Atomic || d instanceof InstData.Call;
  }

  private static boolean mayAlias(
      Function f, Value pointer, Type type, List<Access> run, Alignment alignment) {
    Address a = decompose(f, pointer, alignment);
    long end = a.offset() + type.bits() / 8;
    AddressSpace sa = ((PointerType) f.type(pointer)).space();
    for (Access m : run) {
      AddressSpace sm = ((PointerType) f.type(m.pointer())).space();
      boolean otherSpace = sa != sm && sa != AddressSpace.GENERIC && sm != AddressSpace.GENERIC;
      boolean apart =
          a.sameKey(m.address()) && (end <= m.address().offset() || a.offset() >= m.end());
      if (!otherSpace && !apart) {
        return true;
      }
    }
    return false;
  }

  private static Access access(Function f, Inst i, int index, Alignment alignment) {
    InstData d = f.data(i);
    if (d instanceof InstData.Load l && lane(f.type(f.result(i))) != null) {
      return new Access(
          i,
          index,
          true,
          lane(f.type(f.result(i))),
          decompose(f, l.address(), alignment),
          l.address());
    }
    if (d instanceof InstData.Store s && lane(f.type(s.value())) != null) {
      return new Access(
          i,
          index,
          false,
          lane(f.type(s.value())),
          decompose(f, s.address(), alignment),
          s.address());
    }
    return null;
  }

  /** The scalar types PTX vector accesses carry. */
  private static ScalarType lane(Type t) {
    return t == ScalarType.I32 || t == ScalarType.F32 || t == ScalarType.I64 || t == ScalarType.F64
        ? (ScalarType) t
        : null;
  }

  private static Address decompose(Function f, Value pointer, Alignment alignment) {
    if (f.def(pointer) instanceof ValueDef.Result r
        && f.data(r.inst()) instanceof InstData.PtrAdd p) {
      Address b = decompose(f, p.base(), alignment);
      Linear l = linear(f, p.offset(), alignment);
      if (b.term() == null) {
        return new Address(b.base(), l.term(), l.ext(), l.scale(), b.offset() + l.offset());
      }
      if (l.term() == null) {
        return new Address(b.base(), b.term(), b.ext(), b.scale(), b.offset() + l.offset());
      }
    }
    return new Address(pointer, null, null, 0, 0);
  }

  /** {@code v} (an {@code i64}) as {@code scale * ext(term) + offset}. */
  private static Linear linear(Function f, Value v, Alignment alignment) {
    if (f.isConstant(v)) {
      return new Linear(null, null, 0, f.constantBits(v));
    }
    InstData d = f.def(v) instanceof ValueDef.Result r ? f.data(r.inst()) : null;
    if (d instanceof InstData.Binary x) {
      boolean rc = f.isConstant(x.rhs());
      long c = rc ? f.constantBits(x.rhs()) : 0;
      switch (x.opcode()) {
        case ADD:
          if (rc) {
            return linear(f, x.lhs(), alignment).plus(c);
          }
          break;
        case SUB:
          if (rc) {
            return linear(f, x.lhs(), alignment).plus(-c);
          }
          break;
        case MUL:
          if (rc) {
            return linear(f, x.lhs(), alignment).times(c);
          }
          break;
        case SHL:
          if (rc && c >= 0 && c < 63) {
            return linear(f, x.lhs(), alignment).times(1L << c);
          }
          break;
        default:
          break;
      }
    } else if (d instanceof InstData.Cast x
        && (x.opcode() == Opcode.SEXT || x.opcode() == Opcode.ZEXT)) {
      return extended(f, x.opcode(), x.operand(), alignment);
    }
    return new Linear(v, null, 1, 0);
  }

  /**
   * {@code ext(y)}: for {@code y = x + c} with {@code 0 <= c < 2^zeros(x)} the addition sets only
   * zero bits of {@code x}, so {@code ext(y) = ext(x) + c}.
   */
  private static Linear extended(Function f, Opcode ext, Value y, Alignment alignment) {
    if (f.def(y) instanceof ValueDef.Result r
        && f.data(r.inst()) instanceof InstData.Binary x
        && x.opcode() == Opcode.ADD
        && f.isConstant(x.rhs())) {
      long c = f.constantBits(x.rhs());
      int zeros = alignment.zeroBits(x.lhs());
      if (c >= 0 && zeros < 63 && c < (1L << zeros)) {
        return new Linear(x.lhs(), ext, 1, c);
      }
    }
    return new Linear(y, ext, 1, 0);
  }

  /** Replaces the members by one vector access (they are sorted by offset). */
  private static void rewrite(Function f, List<Access> members) {
    ScalarType lane = members.get(0).type();
    VectorType vt = new VectorType(lane, members.size());
    Access lowest = members.get(0);
    if (members.get(0).isLoad()) {
      Access first = members.stream().min(Comparator.comparingInt(Access::index)).orElseThrow();
      int line = f.line(first.inst());
      Value address = lowest.pointer();
      if (first != lowest) {
        // the lowest address may be computed after the first load: step back from the first's
        Inst back =
            f.insertBefore(
                first.inst(),
                new InstData.PtrAdd(
                    first.pointer(), f.i64(lowest.address().offset() - first.address().offset())),
                f.type(first.pointer()),
                line);
        address = f.result(back);
      }
      boolean invariant = ((InstData.Load) f.data(first.inst())).invariant();
      Inst load = f.insertBefore(first.inst(), new InstData.Load(address, invariant), vt, line);
      for (int k = 0; k < members.size(); k++) {
        Inst ex =
            f.insertBefore(
                first.inst(), new InstData.ExtractElement(f.result(load), k), lane, line);
        f.replaceAllUses(f.result(members.get(k).inst()), f.result(ex));
      }
    } else {
      Access last = members.stream().max(Comparator.comparingInt(Access::index)).orElseThrow();
      int line = f.line(last.inst());
      List<Value> values = new ArrayList<>();
      members.forEach(m -> values.add(((InstData.Store) f.data(m.inst())).value()));
      Inst build = f.insertBefore(last.inst(), new InstData.BuildVector(values), vt, line);
      f.insertBefore(
          last.inst(),
          new InstData.Store(lowest.pointer(), f.result(build)),
          dev.jptx.compiler.ir.VoidType.VOID,
          line);
    }
    members.forEach(m -> f.remove(m.inst()));
  }
}
