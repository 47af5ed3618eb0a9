package dev.jptx.compiler.ir;

/** Which source and result types each conversion opcode accepts. */
final class CastRules {
  private CastRules() {}

  /** Null if {@code op} converts {@code from} to {@code to}, else the problem. */
  static String problem(Opcode op, Type from, Type to) {
    boolean ok =
        switch (op) {
          case TRUNC -> isInt(from) && isInt(to) && to.bits() < from.bits();
          case ZEXT, SEXT -> isInt(from) && isInt(to) && to.bits() > from.bits();
          case FPTRUNC -> isFloat(from) && isFloat(to) && to.bits() < from.bits();
          case FPEXT -> isFloat(from) && isFloat(to) && to.bits() > from.bits();
          case SITOFP -> isInt(from) && isFloat(to);
          case FPTOSI -> isFloat(from) && isInt(to);
          case BITCAST ->
              from.bits() == to.bits()
                  && !from.equals(to)
                  && !(from instanceof PointerType)
                  && !(to instanceof PointerType);
          case ADDRSPACECAST ->
              from instanceof PointerType p
                  && to instanceof PointerType q
                  && p.space() != AddressSpace.GENERIC
                  && q.space() == AddressSpace.GENERIC;
          default -> false;
        };
    return ok ? null : "cannot " + op.text() + " " + from.text() + " to " + to.text();
  }

  private static boolean isInt(Type t) {
    return t instanceof ScalarType s && s.isInteger();
  }

  private static boolean isFloat(Type t) {
    return t instanceof ScalarType s && s.isFloat();
  }
}
