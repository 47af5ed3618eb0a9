package dev.jptx.compiler.libdevice.fdlibm;

import java.util.List;
import java.util.function.DoubleBinaryOperator;

/**
 * Every {@code StrictMath} function the FDLIBM library implements, beside the JVM's: one-argument
 * functions ignore their second operand.
 */
final class StrictFunctions {
  /** A library function and the JVM's {@code StrictMath} function it must equal bit for bit. */
  record Pair(
      String name, boolean binary, DoubleBinaryOperator library, DoubleBinaryOperator jvm) {}

  static final List<Pair> ALL =
      List.of(
          new Pair("sin", false, (x, y) -> FdlibmTrig.sin(x), (x, y) -> StrictMath.sin(x)),
          new Pair("cos", false, (x, y) -> FdlibmTrig.cos(x), (x, y) -> StrictMath.cos(x)),
          new Pair("tan", false, (x, y) -> FdlibmTrig.tan(x), (x, y) -> StrictMath.tan(x)),
          new Pair("asin", false, (x, y) -> FdlibmAsin.asin(x), (x, y) -> StrictMath.asin(x)),
          new Pair("acos", false, (x, y) -> FdlibmAsin.acos(x), (x, y) -> StrictMath.acos(x)),
          new Pair("atan", false, (x, y) -> FdlibmAtan.atan(x), (x, y) -> StrictMath.atan(x)),
          new Pair("atan2", true, FdlibmAtan::atan2, StrictMath::atan2),
          new Pair("exp", false, (x, y) -> FdlibmExp.exp(x), (x, y) -> StrictMath.exp(x)),
          new Pair("log", false, (x, y) -> FdlibmLog.log(x), (x, y) -> StrictMath.log(x)),
          new Pair("log10", false, (x, y) -> FdlibmLog.log10(x), (x, y) -> StrictMath.log10(x)),
          new Pair("pow", true, FdlibmPow::pow, StrictMath::pow),
          new Pair("sinh", false, (x, y) -> FdlibmHyperbolic.sinh(x), (x, y) -> StrictMath.sinh(x)),
          new Pair("cosh", false, (x, y) -> FdlibmHyperbolic.cosh(x), (x, y) -> StrictMath.cosh(x)),
          new Pair("tanh", false, (x, y) -> FdlibmHyperbolic.tanh(x), (x, y) -> StrictMath.tanh(x)),
          new Pair("expm1", false, (x, y) -> FdlibmExpm1.expm1(x), (x, y) -> StrictMath.expm1(x)),
          new Pair("log1p", false, (x, y) -> FdlibmLog1p.log1p(x), (x, y) -> StrictMath.log1p(x)),
          new Pair("cbrt", false, (x, y) -> FdlibmCbrt.cbrt(x), (x, y) -> StrictMath.cbrt(x)),
          new Pair("hypot", true, FdlibmHypot::hypot, StrictMath::hypot));

  private StrictFunctions() {}
}
