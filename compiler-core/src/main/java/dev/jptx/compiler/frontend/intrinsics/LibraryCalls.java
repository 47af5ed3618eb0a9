package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.translate.CallArguments;
import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.frontend.translate.TranslationUnit;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * JDK and {@code GpuMath} methods implemented by the device library ({@code
 * dev.jptx.compiler.libdevice}): one row each, from the called method to the library method with
 * the same descriptor, which the front end then translates like any device function. This keeps the
 * output independent of the running JDK's bytecode, as API.md requires.
 */
final class LibraryCalls {
  /**
   * A library method: class (relative to the libdevice package) and method name; {@code
   * rangeChecked} if, under {@code checks}, the call's {@code (array, from, to, ...)} range is
   * checked at the caller's line first.
   */
  private record Target(String libraryClass, String method, boolean rangeChecked) {}

  private static final String ARRAYS = "java/util/Arrays";

  /** The element types {@code Arrays.fill} is compiled for: every primitive. */
  private static final String PRIMITIVES = "ZBSCIJFD";

  /** The FDLIBM subpackage, relative to the library's package. */
  private static final String FDLIBM = "fdlibm/";

  /** {@code owner.name descriptor} of the called method to its library implementation. */
  private static final Map<String, Target> ROWS = rows();

  private static Map<String, Target> rows() {
    Map<String, Target> m = new HashMap<>();
    // the transcendental functions of java.lang.Math (API.md): the accurate library
    String math = "java/lang/Math";
    add(m, math, "Trig", "(D)D", "sin", "cos", "tan");
    add(m, math, "InverseTrig", "(D)D", "asin", "acos", "atan");
    add(m, math, "InverseTrig", "(DD)D", "atan2");
    add(m, math, "ExpLog", "(D)D", "exp", "expm1", "log", "log10", "log1p");
    add(m, math, "ExpLog", "(DD)D", "pow");
    add(m, math, "Hyperbolic", "(D)D", "sinh", "cosh", "tanh");
    add(m, math, "Roots", "(D)D", "cbrt");
    add(m, math, "Roots", "(DD)D", "hypot");
    // their StrictMath twins: FDLIBM's algorithms, which Java defines StrictMath's results by
    String strict = "java/lang/StrictMath";
    add(m, strict, FDLIBM + "FdlibmTrig", "(D)D", "sin", "cos", "tan");
    add(m, strict, FDLIBM + "FdlibmAsin", "(D)D", "asin", "acos");
    add(m, strict, FDLIBM + "FdlibmAtan", "(D)D", "atan");
    add(m, strict, FDLIBM + "FdlibmAtan", "(DD)D", "atan2");
    add(m, strict, FDLIBM + "FdlibmExp", "(D)D", "exp");
    add(m, strict, FDLIBM + "FdlibmExpm1", "(D)D", "expm1");
    add(m, strict, FDLIBM + "FdlibmLog", "(D)D", "log", "log10");
    add(m, strict, FDLIBM + "FdlibmLog1p", "(D)D", "log1p");
    add(m, strict, FDLIBM + "FdlibmPow", "(DD)D", "pow");
    add(m, strict, FDLIBM + "FdlibmHyperbolic", "(D)D", "sinh", "cosh", "tanh");
    add(m, strict, FDLIBM + "FdlibmCbrt", "(D)D", "cbrt");
    add(m, strict, FDLIBM + "FdlibmHypot", "(DD)D", "hypot");
    // every GpuMath function: FloatMath, which FastMathLowering may turn into approximations
    add(
        m,
        "dev/jptx/GpuMath",
        "FloatMath",
        "(F)F",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "exp",
        "exp2",
        "exp10",
        "expm1",
        "log",
        "log2",
        "log10",
        "log1p",
        "cbrt",
        "sqrt",
        "rsqrt");
    add(m, "dev/jptx/GpuMath", "FloatMath", "(FF)F", "atan2", "pow", "hypot");
    // the Math steps between neighbouring floats (API.md, issue #21), exact, so one implementation
    // serves StrictMath too
    for (String owner : List.of("java/lang/Math", "java/lang/StrictMath")) {
      for (String t : List.of("D", "F")) {
        add(m, owner, "FloatSteps", "(" + t + ")" + t, "ulp", "nextUp", "nextDown");
        add(m, owner, "FloatSteps", "(" + t + "I)" + t, "scalb");
        add(m, owner, "FloatSteps", "(" + t + "D)" + t, "nextAfter");
      }
      m.put(owner + ".IEEEremainder(DD)D", new Target("Remainder", "ieeeRemainder", false));
    }
    for (char e : PRIMITIVES.toCharArray()) {
      add(m, ARRAYS, "ArrayFill", "([" + e + e + ")V", "fill");
      m.put(ARRAYS + ".fill([" + e + "II" + e + ")V", new Target("ArrayFill", "fill", true));
    }
    return Map.copyOf(m);
  }

  /** Rows from {@code owner.name desc} to {@code library.name} for each name. */
  private static void add(
      Map<String, Target> m, String owner, String library, String desc, String... names) {
    for (String n : names) {
      m.put(owner + "." + n + desc, new Target(library, n, false));
    }
  }

  private LibraryCalls() {}

  /** Translates {@code m} into a call of its library implementation; false if it has none. */
  static boolean translate(TranslationContext cx, MethodInsnNode m) {
    Target t = ROWS.get(m.owner + "." + m.name + m.desc);
    if (t == null) {
      return false;
    }
    String symbol =
        cx.unit.deviceFunctions.symbolFor(
            TranslationUnit.LIBDEVICE + t.libraryClass(), t.method(), m.desc, cx);
    List<Value> args = CallArguments.pop(cx, m.desc);
    Type ret = Type.getReturnType(m.desc);
    if (symbol == null || args == null) {
      if (ret.getSort() != Type.VOID) {
        cx.push(cx.f.constant(JavaTypes.stackType(ret), 0));
      }
      return true;
    }
    if (t.rangeChecked() && cx.checks()) {
      // args: the array's address and length, from, to, ...
      cx.emitVoid(
          new InstData.IntrinsicCall(
              Intrinsic.CHECK_RANGE, List.of(args.get(2), args.get(3), args.get(1))));
    }
    if (ret.getSort() == Type.VOID) {
      cx.emitVoid(new InstData.Call(symbol, args));
    } else {
      cx.push(cx.emit(new InstData.Call(symbol, args), JavaTypes.stackType(ret)));
    }
    return true;
  }
}
