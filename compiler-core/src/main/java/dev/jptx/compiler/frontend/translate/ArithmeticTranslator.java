package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LibCalls;
import java.util.List;
import org.objectweb.asm.Opcodes;

/**
 * Arithmetic, logic, conversions and comparisons of the four JVM computational types. The IR
 * opcodes carry Java's semantics (see {@link Opcode}), so each bytecode maps to one IR instruction,
 * except the narrowing {@code i2b i2s i2c} and the three-way compares.
 */
final class ArithmeticTranslator implements Opcodes {
  private final TranslationContext cx;

  ArithmeticTranslator(TranslationContext cx) {
    this.cx = cx;
  }

  /** Translates {@code opcode} if it is arithmetic; false if it is not. */
  boolean translate(int opcode) {
    if (opcode >= IADD && opcode <= DREM) {
      binary(opcode);
    } else if (opcode >= INEG && opcode <= DNEG) {
      ScalarType t = typeOf(opcode - INEG);
      Opcode op = t.isFloat() ? Opcode.FNEG : Opcode.NEG;
      cx.push(cx.emit(new InstData.Unary(op, cx.popScalar(t)), t));
    } else if (opcode >= ISHL && opcode <= LXOR) {
      shiftOrLogic(opcode);
    } else if (opcode >= I2L && opcode <= I2S) {
      convert(opcode);
    } else if (opcode >= LCMP && opcode <= DCMPG) {
      threeWayCompare(opcode);
    } else {
      return false;
    }
    return true;
  }

  private static ScalarType typeOf(int offset) {
    return switch (offset % 4) {
      case 0 -> ScalarType.I32;
      case 1 -> ScalarType.I64;
      case 2 -> ScalarType.F32;
      default -> ScalarType.F64;
    };
  }

  private void binary(int opcode) {
    int group = (opcode - IADD) / 4;
    ScalarType t = typeOf(opcode - IADD);
    Value b = cx.popScalar(t);
    Value a = cx.popScalar(t);
    Opcode op =
        switch (group) {
          case 0 -> t.isFloat() ? Opcode.FADD : Opcode.ADD;
          case 1 -> t.isFloat() ? Opcode.FSUB : Opcode.SUB;
          case 2 -> t.isFloat() ? Opcode.FMUL : Opcode.MUL;
          case 3 -> t.isFloat() ? Opcode.FDIV : Opcode.SDIV;
          default -> t.isFloat() ? null : Opcode.SREM;
        };
    if (op == null) {
      remainder(t, a, b);
      return;
    }
    if ((op == Opcode.SDIV || op == Opcode.SREM) && cx.unit.checks) {
      cx.emitVoid(new InstData.IntrinsicCall(Intrinsic.CHECK_DIVISOR, List.of(b)));
    }
    cx.push(cx.emit(new InstData.Binary(op, a, b), t));
  }

  /**
   * Float {@code %}: an IR {@code frem}, which constant folding knows; PTX has no instruction, so
   * the backend calls the device library's exact remainder (a {@code LibCall} row). The library
   * method is pulled into the module here, where the operation appears.
   */
  private void remainder(ScalarType t, Value a, Value b) {
    LibCalls.Row row = LibCalls.of(DagOpcode.FREM, t);
    String symbol =
        cx.unit.deviceFunctions.symbolFor(row.owner(), row.method(), row.descriptor(), cx);
    cx.push(
        symbol == null ? cx.f.constant(t, 0) : cx.emit(new InstData.Binary(Opcode.FREM, a, b), t));
  }

  private void shiftOrLogic(int opcode) {
    ScalarType t = (opcode - ISHL) % 2 == 0 ? ScalarType.I32 : ScalarType.I64;
    boolean shift = opcode <= LUSHR;
    Value b = shift ? cx.popScalar(ScalarType.I32) : cx.popScalar(t);
    Value a = cx.popScalar(t);
    if (shift && t == ScalarType.I64) {
      b = cx.emit(new InstData.Cast(Opcode.ZEXT, b), ScalarType.I64);
    }
    Opcode op =
        switch (opcode) {
          case ISHL, LSHL -> Opcode.SHL;
          case ISHR, LSHR -> Opcode.ASHR;
          case IUSHR, LUSHR -> Opcode.LSHR;
          case IAND, LAND -> Opcode.AND;
          case IOR, LOR -> Opcode.OR;
          default -> Opcode.XOR;
        };
    cx.push(cx.emit(new InstData.Binary(op, a, b), t));
  }

  private void convert(int opcode) {
    switch (opcode) {
      case I2L -> cast(Opcode.SEXT, ScalarType.I32, ScalarType.I64);
      case I2F -> cast(Opcode.SITOFP, ScalarType.I32, ScalarType.F32);
      case I2D -> cast(Opcode.SITOFP, ScalarType.I32, ScalarType.F64);
      case L2I -> cast(Opcode.TRUNC, ScalarType.I64, ScalarType.I32);
      case L2F -> cast(Opcode.SITOFP, ScalarType.I64, ScalarType.F32);
      case L2D -> cast(Opcode.SITOFP, ScalarType.I64, ScalarType.F64);
      case F2I -> cast(Opcode.FPTOSI, ScalarType.F32, ScalarType.I32);
      case F2L -> cast(Opcode.FPTOSI, ScalarType.F32, ScalarType.I64);
      case F2D -> cast(Opcode.FPEXT, ScalarType.F32, ScalarType.F64);
      case D2I -> cast(Opcode.FPTOSI, ScalarType.F64, ScalarType.I32);
      case D2L -> cast(Opcode.FPTOSI, ScalarType.F64, ScalarType.I64);
      case D2F -> cast(Opcode.FPTRUNC, ScalarType.F64, ScalarType.F32);
      case I2B -> narrow(ScalarType.I8, Opcode.SEXT);
      case I2C -> narrow(ScalarType.I16, Opcode.ZEXT);
      default -> narrow(ScalarType.I16, Opcode.SEXT);
    }
  }

  private void cast(Opcode op, ScalarType from, ScalarType to) {
    cx.push(cx.emit(new InstData.Cast(op, cx.popScalar(from)), to));
  }

  private void narrow(ScalarType width, Opcode extend) {
    Value v = cx.popScalar(ScalarType.I32);
    Value t = cx.emit(new InstData.Cast(Opcode.TRUNC, v), width);
    cx.push(cx.emit(new InstData.Cast(extend, t), ScalarType.I32));
  }

  /**
   * {@code lcmp fcmpl fcmpg dcmpl dcmpg} whose -1/0/1 result is used as a number, not just branched
   * on (the branch form is fused by {@link #fusedCondition}): {@code a < b ? -1 : a > b ? 1 : a ==
   * b ? 0 : nan}, where NaN gives +1 for {@code fcmpg/dcmpg} and -1 for {@code fcmpl/dcmpl}.
   */
  private void threeWayCompare(int opcode) {
    ScalarType t = compareType(opcode);
    Value b = cx.popScalar(t);
    Value a = cx.popScalar(t);
    boolean floating = t.isFloat();
    Value inner = cx.f.i32(0);
    if (floating) {
      Value nan = cx.f.i32(opcode == FCMPG || opcode == DCMPG ? 1 : -1);
      inner = select(compare(CmpPredicate.OEQ, a, b), inner, nan);
    }
    Value mid =
        select(compare(floating ? CmpPredicate.OGT : CmpPredicate.SGT, a, b), cx.f.i32(1), inner);
    cx.push(
        select(compare(floating ? CmpPredicate.OLT : CmpPredicate.SLT, a, b), cx.f.i32(-1), mid));
  }

  private Value select(Value condition, Value ifTrue, Value ifFalse) {
    return cx.emit(new InstData.Select(condition, ifTrue, ifFalse), ScalarType.I32);
  }

  private static ScalarType compareType(int opcode) {
    return switch (opcode) {
      case LCMP -> ScalarType.I64;
      case FCMPL, FCMPG -> ScalarType.F32;
      default -> ScalarType.F64;
    };
  }

  /**
   * The {@code i1} condition of a three-way compare immediately followed by {@code if<cond>}, as
   * javac writes {@code a < b} on longs and floats. The unordered cases follow from which way the
   * compare sends NaN: {@code fcmpg} makes NaN greater, so {@code ifge} holds on NaN.
   */
  Value fusedCondition(int compareOpcode, int ifOpcode) {
    ScalarType t = compareType(compareOpcode);
    Value b = cx.popScalar(t);
    Value a = cx.popScalar(t);
    CmpPredicate p;
    if (!t.isFloat()) {
      p = intPredicate(ifOpcode);
    } else {
      boolean nanGreater = compareOpcode == FCMPG || compareOpcode == DCMPG;
      p =
          switch (ifOpcode) {
            case IFEQ -> CmpPredicate.OEQ;
            case IFNE -> CmpPredicate.UNE;
            case IFLT -> nanGreater ? CmpPredicate.OLT : CmpPredicate.FULT;
            case IFLE -> nanGreater ? CmpPredicate.OLE : CmpPredicate.FULE;
            case IFGT -> nanGreater ? CmpPredicate.FUGT : CmpPredicate.OGT;
            default -> nanGreater ? CmpPredicate.FUGE : CmpPredicate.OGE;
          };
    }
    return compare(p, a, b);
  }

  /** The signed predicate of {@code ifeq..ifle} and {@code if_icmpeq..if_icmple}. */
  static CmpPredicate intPredicate(int ifOpcode) {
    int k = ifOpcode >= IF_ICMPEQ ? ifOpcode - IF_ICMPEQ : ifOpcode - IFEQ;
    return switch (k) {
      case 0 -> CmpPredicate.EQ;
      case 1 -> CmpPredicate.NE;
      case 2 -> CmpPredicate.SLT;
      case 3 -> CmpPredicate.SGE;
      case 4 -> CmpPredicate.SGT;
      default -> CmpPredicate.SLE;
    };
  }

  /** Emits a comparison of two values of one type. */
  Value compare(CmpPredicate p, Value a, Value b) {
    Opcode op = p.isFloat() ? Opcode.FCMP : Opcode.ICMP;
    return cx.emit(new InstData.Compare(op, p, a, b), ScalarType.I1);
  }

  /** True if {@code opcode} is one of the three-way compares. */
  static boolean isThreeWayCompare(int opcode) {
    return opcode >= LCMP && opcode <= DCMPG;
  }
}
