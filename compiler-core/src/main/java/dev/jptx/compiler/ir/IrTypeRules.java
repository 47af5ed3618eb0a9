package dev.jptx.compiler.ir;

import java.util.List;
import java.util.Set;

/**
 * The typing rule of each instruction format, for {@link IrVerifier}. Arithmetic, negation and
 * {@code select} accept vectors of the scalars they accept, lane by lane.
 */
final class IrTypeRules {
  private final Function f;
  private final List<String> errors;

  IrTypeRules(Function f, List<String> errors) {
    this.f = f;
    this.errors = errors;
  }

  void check(Inst i, String where) {
    InstData d = f.data(i);
    Value r = f.result(i);
    Type rt = r == null ? VoidType.VOID : f.type(r);
    String problem = problem(d, rt);
    if (problem != null) {
      errors.add(where + ": " + problem);
    }
  }

  private String problem(InstData d, Type rt) {
    if (d instanceof InstData.Binary x) {
      return binary(x, rt);
    } else if (d instanceof InstData.Unary x) {
      boolean floatOp = x.opcode() == Opcode.FNEG;
      return !type(x.operand()).equals(rt) || !isLaneWise(rt, floatOp)
          ? "operand and result must be one " + (floatOp ? "float" : "integer") + " type"
          : null;
    } else if (d instanceof InstData.Compare x) {
      return compare(x, rt);
    } else if (d instanceof InstData.Cast x) {
      return CastRules.problem(x.opcode(), type(x.operand()), rt);
    } else if (d instanceof InstData.Select x) {
      return type(x.condition()) != ScalarType.I1
              || !type(x.ifTrue()).equals(rt)
              || !type(x.ifFalse()).equals(rt)
          ? "select needs an i1 condition and two values of the result type"
          : null;
    } else if (d instanceof InstData.Load x) {
      return !(type(x.address()) instanceof PointerType) || rt instanceof VoidType
          ? "load needs a pointer address and a result"
          : null;
    } else if (d instanceof InstData.Store x) {
      return !(type(x.address()) instanceof PointerType) || rt != VoidType.VOID
          ? "store needs a pointer address and no result"
          : null;
    } else if (d instanceof InstData.PtrAdd x) {
      return !(type(x.base()) instanceof PointerType)
              || !type(x.base()).equals(rt)
              || type(x.offset()) != ScalarType.I64
          ? "ptradd needs a pointer of the result type and an i64 offset"
          : null;
    } else if (d instanceof InstData.Atomic x) {
      return atomic(x, rt);
    } else if (d instanceof InstData.Alloca x) {
      return !rt.equals(new PointerType(AddressSpace.LOCAL))
              || x.bytes() <= 0
              || Integer.bitCount(x.align()) != 1
          ? "alloca needs a ptr.local result, a positive size and a power-of-two alignment"
          : null;
    } else if (d instanceof InstData.GlobalAddress) {
      return rt instanceof PointerType ? null : "globaladdr needs a pointer result";
    } else if (d instanceof InstData.ExtractElement x) {
      return type(x.vector()) instanceof VectorType v
              && v.element().equals(rt)
              && x.lane() >= 0
              && x.lane() < v.lanes()
          ? null
          : "extractelement needs a vector of the result type's lanes and a lane in range";
    } else if (d instanceof InstData.BuildVector x) {
      return rt instanceof VectorType v
              && v.lanes() == x.lanes().size()
              && x.lanes().stream().allMatch(l -> type(l).equals(v.element()))
          ? null
          : "buildvector needs one value of the element type per lane";
    } else if (d instanceof InstData.Phi x) {
      for (Value v : x.values()) {
        if (!type(v).equals(rt)) {
          return "incoming value " + v + " is not of type " + rt.text();
        }
      }
      return null;
    } else if (d instanceof InstData.IntrinsicCall x) {
      return intrinsic(x, rt);
    } else if (d instanceof InstData.Branch x) {
      return type(x.condition()) != ScalarType.I1 ? "branch condition must be i1" : null;
    } else if (d instanceof InstData.Switch x) {
      return type(x.value()) != ScalarType.I32 || x.keys().size() != Set.copyOf(x.keys()).size()
          ? "switch needs an i32 value and distinct keys"
          : null;
    } else if (d instanceof InstData.Return x) {
      Type want = f.returnType();
      boolean ok =
          want == VoidType.VOID
              ? x.values().isEmpty()
              : x.values().size() == 1 && type(x.values().get(0)).equals(want);
      return ok ? null : "return does not match the function's type " + want.text();
    }
    return null;
  }

  private String binary(InstData.Binary x, Type rt) {
    boolean floatOp = x.opcode().isFloatArithmetic();
    if (!type(x.lhs()).equals(rt) || !type(x.rhs()).equals(rt)) {
      return "operands must have the result type " + rt.text();
    }
    if (!isLaneWise(rt, floatOp) || rt == ScalarType.I1 && !isLogic(x.opcode())) {
      return x.opcode().text() + " is not defined on " + rt.text();
    }
    return null;
  }

  private static boolean isLogic(Opcode op) {
    return op == Opcode.AND || op == Opcode.OR || op == Opcode.XOR;
  }

  private String compare(InstData.Compare x, Type rt) {
    Type t = type(x.lhs());
    boolean floatOp = x.opcode() == Opcode.FCMP;
    if (rt != ScalarType.I1 || !t.equals(type(x.rhs()))) {
      return "compare needs two operands of one type and an i1 result";
    }
    if (x.predicate().isFloat() != floatOp) {
      return "predicate " + x.predicate().text() + " does not fit " + x.opcode().text();
    }
    boolean ok = floatOp ? isScalar(t, true) : isScalar(t, false) || t instanceof PointerType;
    return ok ? null : x.opcode().text() + " is not defined on " + t.text();
  }

  private String intrinsic(InstData.IntrinsicCall x, Type rt) {
    Intrinsic in = x.intrinsic();
    String problem = in.signature().problem(rt, x.args().stream().map(this::type).toList());
    return problem == null ? null : in.text() + " " + problem;
  }

  private String atomic(InstData.Atomic x, Type rt) {
    Type at = type(x.address());
    boolean spaceOk =
        at instanceof PointerType p
            && (p.space() == AddressSpace.GLOBAL
                || p.space() == AddressSpace.SHARED
                || p.space() == AddressSpace.GENERIC);
    if (!spaceOk) {
      return "atomic needs a global, shared or generic address";
    }
    boolean ok =
        switch (x.op()) {
          case ADD, EXCH, CAS -> Signature.Kind.NUMBER.accepts(rt);
          case FMIN, FMAX -> Signature.Kind.FLOAT.accepts(rt);
          case INC, DEC -> rt == ScalarType.I32;
          default -> Signature.Kind.INT.accepts(rt);
        };
    if (!ok) {
      return "atomic " + x.op().text() + " is not defined on " + rt.text();
    }
    for (Value v : x.values()) {
      if (!type(v).equals(rt)) {
        return "atomic operands must have the result type " + rt.text();
      }
    }
    return null;
  }

  private Type type(Value v) {
    return f.type(v);
  }

  /** A scalar of the kind, or a vector of such scalars other than {@code i1}. */
  private static boolean isLaneWise(Type t, boolean floating) {
    return isScalar(t, floating)
        || t instanceof VectorType v
            && v.element() != ScalarType.I1
            && isScalar(v.element(), floating);
  }

  private static boolean isScalar(Type t, boolean floating) {
    return t instanceof ScalarType s && s.isFloat() == floating;
  }
}
