package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides whether one {@code alloca} can live in registers and, if so, which element each of its
 * loads and stores touches. An alloca qualifies when its address never escapes: every use of it, or
 * of a {@code ptradd} of it by a constant, is the address of a {@code load} or {@code store} (never
 * the stored value, a call or intrinsic argument, a cast, a comparison, a phi or select, an atomic)
 * at a constant, in-bounds offset. The loads and the stores of non-zero values fix the element type
 * (one scalar type for the whole array, else it stays in memory); their offsets must be multiples
 * of the element size, and the array may have at most {@code maxElements} elements.
 *
 * <p>Stores of an all-zero constant may have another type, which is how {@code MemZeroLowering}
 * zeroes any array with {@code i32} stores: a wider one zeroes each element it covers; narrower
 * ones zero an element once a run of them in one block has covered all its bytes with no access to
 * the element in between (so the element is never observed half-written; otherwise the alloca is
 * kept). An alloca with no loads qualifies whatever its stores are: they are all dead.
 */
final class LocalArrayAccesses {
  /** What an access does to the elements it touches. */
  enum Kind {
    /** Reads the element. */
    LOAD,
    /** Writes the store's value to the element. */
    STORE,
    /** Writes zero to {@code count} elements from {@code element}. */
    ZERO,
    /** A narrow zero store whose effect a later one in the same block completes: no effect. */
    NONE
  }

  /**
   * One load or store of the array: {@code count} elements from {@code element} (a narrow zero
   * store briefly carries {@code -(part + 1)} as its count, before the analysis settles it).
   */
  record Access(Kind kind, int element, int count) {}

  final Inst alloca;

  /** The element type; null when the array is never loaded. */
  final Type elementType;

  /** The number of elements (0 when never loaded). */
  final int elements;

  /** Each load and store of the array, in no particular order. */
  final Map<Inst, Access> accesses;

  /** The {@code ptradd}s of the array, which die with it. */
  final List<Inst> addresses;

  private LocalArrayAccesses(
      Inst alloca,
      Type elementType,
      int elements,
      Map<Inst, Access> accesses,
      List<Inst> addresses) {
    this.alloca = alloca;
    this.elementType = elementType;
    this.elements = elements;
    this.accesses = accesses;
    this.addresses = addresses;
  }

  /** The accesses of {@code alloca} if it can be promoted, else null. */
  static LocalArrayAccesses analyze(Function f, Inst alloca, int maxElements) {
    InstData.Alloca a = (InstData.Alloca) f.data(alloca);
    Map<Value, Long> offsets = addressOffsets(f, f.result(alloca));
    if (offsets == null) {
      return null;
    }
    List<Inst> addresses = new ArrayList<>();
    Map<Inst, long[]> raw = new LinkedHashMap<>(); // access -> {offset, bytes}
    Type elementType = null;
    boolean loaded = false;
    for (Inst i : f.allInsts()) {
      InstData d = f.data(i);
      if (d.operands().stream().noneMatch(offsets::containsKey)) {
        continue;
      }
      Type t;
      boolean zero = false;
      if (d instanceof InstData.PtrAdd p && offsets.containsKey(f.result(i))) {
        addresses.add(i);
        continue;
      } else if (d instanceof InstData.Load l) {
        t = f.type(f.result(i));
        loaded = true;
        raw.put(i, new long[] {offsets.get(l.address()), bytes(t)});
      } else if (d instanceof InstData.Store s && !offsets.containsKey(s.value())) {
        t = f.type(s.value());
        zero = f.isConstant(s.value()) && f.constantBits(s.value()) == 0;
        raw.put(i, new long[] {offsets.get(s.address()), bytes(t)});
      } else {
        return null; // the address escapes
      }
      if (bytes(t) <= 0) {
        return null;
      }
      long off = raw.get(i)[0];
      if (off < 0 || off + bytes(t) > a.bytes()) {
        return null;
      }
      if (!zero) {
        if (elementType != null && !elementType.equals(t)) {
          return null;
        }
        elementType = t;
      }
    }
    if (!loaded) {
      Map<Inst, Access> none = new HashMap<>();
      raw.keySet().forEach(i -> none.put(i, new Access(Kind.NONE, 0, 0)));
      return new LocalArrayAccesses(alloca, null, 0, none, addresses);
    }
    long size = bytes(elementType);
    int elements = (int) (a.bytes() / size);
    if (elements > maxElements) {
      return null;
    }
    Map<Inst, Access> accesses = new HashMap<>();
    for (var e : raw.entrySet()) {
      Access x = classify(f, e.getKey(), e.getValue()[0], e.getValue()[1], elementType, elements);
      if (x == null) {
        return null;
      }
      accesses.put(e.getKey(), x);
    }
    if (!completePartialZeros(f, accesses, (int) size, raw)) {
      return null;
    }
    return new LocalArrayAccesses(alloca, elementType, elements, accesses, addresses);
  }

  /** The access of {@code n} bytes at byte offset {@code off}, or null if it does not fit. */
  private static Access classify(
      Function f, Inst i, long off, long n, Type elementType, int elements) {
    long size = bytes(elementType);
    if (f.data(i) instanceof InstData.Store s && n != size) {
      // a zero store of another width: covers whole elements, or an aligned part of one
      if (n > size && n % size == 0 && off % size == 0) {
        int first = (int) (off / size);
        return new Access(Kind.ZERO, first, (int) Math.min(n / size, elements - first));
      }
      if (n < size && size % n == 0 && off % n == 0) {
        // a part of one element, count -(part index + 1) until completePartialZeros settles it
        return new Access(Kind.NONE, (int) (off / size), (int) -(off % size / n + 1));
      }
      return null;
    }
    if (off % size != 0) {
      return null;
    }
    int element = (int) (off / size);
    if (f.data(i) instanceof InstData.Load) {
      return new Access(Kind.LOAD, element, 1);
    }
    InstData.Store s = (InstData.Store) f.data(i);
    // only an all-zero constant may have another type (analyze checked the others)
    return f.type(s.value()).equals(elementType)
        ? new Access(Kind.STORE, element, 1)
        : new Access(Kind.ZERO, element, 1);
  }

  /**
   * Turns each run of narrow zero stores that covers an element into one {@code ZERO} (the last
   * store of the run) and {@code NONE}s; false if an element is read or left half-covered.
   */
  private static boolean completePartialZeros(
      Function f, Map<Inst, Access> accesses, int size, Map<Inst, long[]> raw) {
    for (Block b : f.blocks()) {
      Map<Integer, Long> covered = new HashMap<>(); // element -> bit set of covered parts
      for (Inst i : f.insts(b)) {
        Access x = accesses.get(i);
        if (x == null) {
          continue;
        }
        if (x.kind() == Kind.NONE && x.count() < 0) {
          int parts = (int) (size / raw.get(i)[1]);
          long mask = covered.getOrDefault(x.element(), 0L) | 1L << (-x.count() - 1);
          if (mask == (1L << parts) - 1) {
            covered.remove(x.element());
            accesses.put(i, new Access(Kind.ZERO, x.element(), 1));
          } else {
            covered.put(x.element(), mask);
            accesses.put(i, new Access(Kind.NONE, x.element(), 0));
          }
        } else {
          for (int e = x.element(); e < x.element() + x.count(); e++) {
            if (covered.containsKey(e)) {
              return false; // an access while the element is half zeroed
            }
          }
        }
      }
      if (!covered.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /**
   * The constant byte offset of every address derived from {@code base} by {@code ptradd}s with
   * constant offsets, or null if a {@code ptradd} of one has a variable offset.
   */
  private static Map<Value, Long> addressOffsets(Function f, Value base) {
    Map<Value, Long> offsets = new HashMap<>();
    offsets.put(base, 0L);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.PtrAdd p
            && offsets.containsKey(p.base())
            && !offsets.containsKey(f.result(i))) {
          if (!f.isConstant(p.offset())) {
            return null; // a variable index: the array stays in memory
          }
          offsets.put(f.result(i), offsets.get(p.base()) + signed(f, p.offset()));
          changed = true;
        }
      }
    }
    return offsets;
  }

  private static long signed(Function f, Value v) {
    int bits = f.type(v).bits();
    long x = f.constantBits(v);
    return bits >= 64 ? x : x << (64 - bits) >> (64 - bits);
  }

  /** The size in bytes of a promotable element type, or 0 if it cannot be an element. */
  private static long bytes(Type t) {
    return t instanceof ScalarType s && s.bits() % 8 == 0 && s.bits() <= 64 ? s.bits() / 8 : 0;
  }
}
