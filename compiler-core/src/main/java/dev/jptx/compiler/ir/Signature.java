package dev.jptx.compiler.ir;

import java.util.List;

/**
 * The types an {@link Intrinsic} accepts and returns. Most intrinsics have one fixed signature;
 * overloaded ones (LLVM's {@code llvm.smin.*}) take their types from the call, within a rule.
 */
public sealed interface Signature {

  /** Null if a call with result type {@code result} and argument types {@code args} fits. */
  String problem(Type result, List<Type> args);

  /** One signature: exactly these types. */
  record Fixed(Type result, List<Type> params) implements Signature {
    /** Copies the parameter list. */
    public Fixed {
      params = List.copyOf(params);
    }

    @Override
    public String problem(Type rt, List<Type> args) {
      if (!result.equals(rt)) {
        return "returns " + result.text();
      }
      if (!params.equals(args)) {
        return "takes (" + String.join(", ", params.stream().map(Type::text).toList()) + ")";
      }
      return null;
    }
  }

  /**
   * The result and {@code arity} arguments all of one type of the given kind ({@code smin}, {@code
   * fma}); extra arguments of fixed types may follow ({@code shfl}'s lane and mask).
   */
  record Uniform(int arity, Kind kind, List<Type> trailing) implements Signature {
    /** Copies the trailing list. */
    public Uniform {
      trailing = List.copyOf(trailing);
    }

    @Override
    public String problem(Type rt, List<Type> args) {
      if (!kind.accepts(rt)) {
        return "is not defined on " + rt.text();
      }
      if (args.size() != arity + trailing.size()) {
        return "takes " + (arity + trailing.size()) + " arguments";
      }
      for (int k = 0; k < arity; k++) {
        if (!args.get(k).equals(rt)) {
          return "argument " + k + " must be " + rt.text();
        }
      }
      for (int k = 0; k < trailing.size(); k++) {
        if (!args.get(arity + k).equals(trailing.get(k))) {
          return "argument " + (arity + k) + " must be " + trailing.get(k).text();
        }
      }
      return null;
    }
  }

  /**
   * A fixed result type and one argument of any type of a kind ({@code ctpop} counts the bits of an
   * {@code i32} or {@code i64} into an {@code i32}).
   */
  record FromAny(Type result, Kind kind) implements Signature {
    @Override
    public String problem(Type rt, List<Type> args) {
      if (!result.equals(rt)) {
        return "returns " + result.text();
      }
      return args.size() == 1 && kind.accepts(args.get(0))
          ? null
          : "takes one " + kind.name().toLowerCase(java.util.Locale.ROOT) + " argument";
    }
  }

  /** Type families for overloaded intrinsics. */
  enum Kind {
    /** {@code i32} or {@code i64}. */
    INT,
    /** {@code i16}, {@code i32} or {@code i64}: the bit operations, which have 16-bit forms. */
    BITS,
    /** {@code f32} or {@code f64}. */
    FLOAT,
    /** {@code i32 i64 f32 f64}. */
    NUMBER,
    /**
     * Any float ({@code f16 bf16 f32 f64}) or a vector of floats ({@code v2f16 v2bf16}), the
     * operation applied lane by lane.
     */
    ANY_FLOAT;

    boolean accepts(Type t) {
      boolean isInt = t == ScalarType.I32 || t == ScalarType.I64;
      boolean isFloat = t == ScalarType.F32 || t == ScalarType.F64;
      return switch (this) {
        case INT -> isInt;
        case BITS -> isInt || t == ScalarType.I16;
        case FLOAT -> isFloat;
        case NUMBER -> isInt || isFloat;
        case ANY_FLOAT -> anyFloat(t);
      };
    }

    private static boolean anyFloat(Type t) {
      ScalarType s = t instanceof VectorType v ? v.element() : t instanceof ScalarType x ? x : null;
      return s != null && s.isFloat();
    }
  }

  /** A fixed signature. */
  static Signature of(Type result, Type... params) {
    return new Fixed(result, List.of(params));
  }

  /** Result and {@code arity} arguments of one type of {@code kind}. */
  static Signature uniform(int arity, Kind kind, Type... trailing) {
    return new Uniform(arity, kind, List.of(trailing));
  }
}
