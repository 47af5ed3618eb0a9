package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/**
 * Records of primitives as values: created, read, merged across branches and loops, passed to and
 * returned from device functions (inlined and as {@code .func}), and taken as kernel parameters.
 */
public final class Records {
  private Records() {}

  /** CUDA's float4, with methods of its own. */
  public record Float4(float x, float y, float z, float w) {
    /** A compact canonical constructor that only assigns (the fields, implicitly). */
    public Float4 {}

    /** Delegates to the canonical constructor. */
    public Float4(float v) {
      this(v, v, v, v);
    }

    public Float4 add(Float4 o) {
      return new Float4(x + o.x, y + o.y(), z + o.z, w + o.w());
    }

    public Float4 scale(float s) {
      return new Float4(x * s, y * s, z * s, w * s);
    }

    public float dot(Float4 o) {
      return x * o.x + y * o.y + z * o.z + w * o.w;
    }

    public static Float4 zero() {
      return new Float4(0f);
    }
  }

  /** An accessor of its own, which is a method like any other, not a plain field read. */
  public record Magnitude(float v) {
    @Override
    public float v() {
      return Math.abs(v);
    }
  }

  /** Every primitive type, and a nested record. */
  public record Mixed(boolean b, byte by, short s, char c, int i, long l, double d, Pair p) {}

  public record Pair(int a, float b) {}

  /** Components in an order that makes the flattened parameters unaligned on purpose. */
  public record Wide(byte tag, double value, char unit) {}

  static Float4 lerp(Float4 a, Float4 b, float t) {
    return a.add(b.add(a.scale(-1f)).scale(t));
  }

  @NoInline
  static Float4 clampAll(Float4 v, float lo, float hi) {
    return new Float4(
        Math.min(Math.max(v.x(), lo), hi),
        Math.min(Math.max(v.y(), lo), hi),
        Math.min(Math.max(v.z(), lo), hi),
        Math.min(Math.max(v.w(), lo), hi));
  }

  @NoInline
  static Pair swapSign(Pair p) {
    return new Pair(-p.a(), -p.b());
  }

  static Float4 load(float[] a, int i) {
    return new Float4(a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]);
  }

  static void store(float[] a, int i, Float4 v) {
    a[4 * i] = v.x();
    a[4 * i + 1] = v.y();
    a[4 * i + 2] = v.z();
    a[4 * i + 3] = v.w();
  }

  /** A record through every component type, back from a {@code .func} (aligned result buffer). */
  @NoInline
  static Mixed bump(Mixed m, int k) {
    return new Mixed(
        !m.b(),
        (byte) (m.by() + k),
        (short) (m.s() * k),
        (char) (m.c() + k),
        m.i() ^ k,
        m.l() - k,
        m.d() / k,
        new Pair(m.p().a() + k, m.p().b() * k));
  }

  /** Fibonacci pairs by recursion: each activation has its own result buffer. */
  @NoInline
  static Pair fib(int n) {
    if (n <= 1) {
      return new Pair(n, n);
    }
    Pair p = fib(n - 1);
    return new Pair(p.a() + fib(n - 2).a(), p.b() + p.a());
  }

  /** Nested records through device functions, recursion and a loop. */
  @Kernel
  public static void nested(int n, Mixed start, long[] out) {
    int i = globalIdX();
    if (i < n) {
      Mixed m = start;
      for (int k = 1; k <= i % 5 + 1; k++) {
        m = bump(m, k + i);
      }
      Pair f = fib(i % 12);
      out[4 * i] = (m.b() ? 1 : 0) + m.by() + m.s() + m.c() + m.i();
      out[4 * i + 1] = m.l() + Double.doubleToLongBits(m.d());
      out[4 * i + 2] = m.p().a() + Float.floatToIntBits(m.p().b());
      out[4 * i + 3] = f.a() * 1000L + (long) f.b();
    }
  }

  /** Creation, accessors, instance methods, static methods, inlined and called functions. */
  @Kernel
  public static void arithmetic(int n, float[] a, float[] b, float[] out, float[] dots) {
    int i = globalIdX();
    if (i < n) {
      Float4 u = load(a, i);
      Float4 v = load(b, i);
      Float4 r = clampAll(lerp(u, v, 0.25f), -50f, 50f);
      store(out, i, r.add(Float4.zero()));
      dots[i] = u.dot(v) + new Magnitude(v.x()).v();
    }
  }

  /** Records merged at joins: a phi of each component, across a branch and around a loop. */
  @Kernel
  public static void phis(int n, float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      Float4 v = load(a, i);
      Float4 acc = new Float4(v.x() > 0 ? v.x() : -v.x(), 1f, 2f, 3f);
      if (v.y() < v.z()) {
        acc = acc.scale(2f);
      } else if (v.w() > 0) {
        acc = new Float4(v.w());
      }
      for (int k = 0; k < i % 7; k++) {
        acc = new Float4(acc.y(), acc.z(), acc.w(), acc.x() + k);
      }
      // the record being made stays on the operand stack around this loop
      acc =
          new Float4(
              acc.x(),
              switch (i % 3) {
                case 0 -> acc.y();
                default -> {
                  float s = 0;
                  for (int k = 0; k < i % 11; k++) {
                    s += acc.z() * k;
                  }
                  yield s;
                }
              },
              acc.z(),
              acc.w());
      store(out, i, acc);
    }
  }

  /** A record kernel parameter, flattened in the ABI; its components of every primitive type. */
  @Kernel
  public static void parameters(int n, Float4 bias, Mixed m, Wide w, float[] out, long[] bits) {
    int i = globalIdX();
    if (i < n) {
      Float4 v = new Float4(i).add(bias);
      store(out, i, v);
      Pair p = swapSign(m.p());
      long sum = (m.b() ? 1 : 0) + m.by() + m.s() + m.c() + m.i() + m.l() + (long) m.d();
      bits[3 * i] = sum + p.a() + (long) p.b() + i;
      bits[3 * i + 1] = w.tag() * 1000L + w.unit() + Double.doubleToLongBits(w.value());
      bits[3 * i + 2] = Float.floatToIntBits(bias.dot(v));
    }
  }
}
