package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A polynomial over loop-invariant values with integer coefficients, in the ring of integers modulo
 * 2<sup>width</sup> ({@code width} 32 or 64). It is the exact value of a loop-invariant expression
 * built from {@code add sub mul shl} of that width, because those operations wrap modulo
 * 2<sup>width</sup> in the IR (Java's semantics) and the ring laws hold there. Each term is a
 * coefficient times a product of values, kept in a canonical order (by value id), so equal
 * expressions compare equal. Immutable.
 */
public final class Polynomial {
  private static final Comparator<List<Value>> MONOMIAL_ORDER =
      (a, b) -> {
        if (a.size() != b.size()) {
          return Integer.compare(a.size(), b.size());
        }
        for (int i = 0; i < a.size(); i++) {
          int c = Integer.compare(a.get(i).id(), b.get(i).id());
          if (c != 0) {
            return c;
          }
        }
        return 0;
      };

  private final int width;
  private final TreeMap<List<Value>, Long> terms;

  private Polynomial(int width, TreeMap<List<Value>, Long> terms) {
    if (width != 32 && width != 64) {
      throw new IllegalArgumentException("width " + width);
    }
    this.width = width;
    this.terms = terms;
  }

  /** The constant {@code c} (reduced modulo 2<sup>width</sup>). */
  public static Polynomial constant(int width, long c) {
    Polynomial p = new Polynomial(width, new TreeMap<>(MONOMIAL_ORDER));
    p.put(List.of(), c);
    return p;
  }

  /** The value {@code v} itself. */
  public static Polynomial value(int width, Value v) {
    Polynomial p = new Polynomial(width, new TreeMap<>(MONOMIAL_ORDER));
    p.put(List.of(v), 1);
    return p;
  }

  /** 32 or 64. */
  public int width() {
    return width;
  }

  /** The terms: product of values (empty for the constant term) to nonzero coefficient. */
  public Map<List<Value>, Long> terms() {
    return Collections.unmodifiableMap(terms);
  }

  /** True if this is the constant 0. */
  public boolean isZero() {
    return terms.isEmpty();
  }

  /** True if no value occurs in this polynomial. */
  public boolean isConstant() {
    return terms.keySet().stream().allMatch(List::isEmpty);
  }

  /** The constant term, sign-extended from the width to 64 bits. */
  public long constantTerm() {
    return terms.getOrDefault(List.of(), 0L);
  }

  /** This plus {@code o}. */
  public Polynomial plus(Polynomial o) {
    Polynomial r = copy();
    o.terms.forEach(r::put);
    return r;
  }

  /** This minus {@code o}. */
  public Polynomial minus(Polynomial o) {
    return plus(o.times(-1));
  }

  /** This times the constant {@code c}. */
  public Polynomial times(long c) {
    Polynomial r = new Polynomial(width, new TreeMap<>(MONOMIAL_ORDER));
    terms.forEach((m, k) -> r.put(m, k * c));
    return r;
  }

  /** This times {@code o}. */
  public Polynomial times(Polynomial o) {
    checkWidth(o);
    Polynomial r = new Polynomial(width, new TreeMap<>(MONOMIAL_ORDER));
    terms.forEach(
        (m1, k1) ->
            o.terms.forEach(
                (m2, k2) -> {
                  List<Value> m = new ArrayList<>(m1);
                  m.addAll(m2);
                  m.sort(Comparator.comparingInt(Value::id));
                  r.put(List.copyOf(m), k1 * k2);
                }));
    return r;
  }

  private Polynomial copy() {
    return new Polynomial(width, new TreeMap<>(terms));
  }

  private void checkWidth(Polynomial o) {
    if (o.width != width) {
      throw new IllegalArgumentException("widths " + width + " and " + o.width);
    }
  }

  /** Adds {@code c} to the coefficient of {@code m}, reducing modulo 2^width; drops zeros. */
  private void put(List<Value> m, long c) {
    long sum = normalize(terms.getOrDefault(m, 0L) + c);
    if (sum == 0) {
      terms.remove(m);
    } else {
      terms.put(m, sum);
    }
  }

  private long normalize(long c) {
    return width == 32 ? (long) (int) c : c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Polynomial p && p.width == width && p.terms.equals(terms);
  }

  @Override
  public int hashCode() {
    return terms.hashCode() * 31 + width;
  }

  @Override
  public String toString() {
    if (terms.isEmpty()) {
      return "0";
    }
    StringBuilder sb = new StringBuilder();
    terms.forEach(
        (m, k) -> {
          if (sb.length() > 0) {
            sb.append(" + ");
          }
          sb.append(k);
          m.forEach(v -> sb.append('*').append(v));
        });
    return sb.toString();
  }
}
