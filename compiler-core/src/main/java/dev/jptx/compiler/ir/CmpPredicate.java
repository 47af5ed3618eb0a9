package dev.jptx.compiler.ir;

import java.util.Locale;

/**
 * Comparison predicates. Integer ones are signed or unsigned; float ones are ordered (false if
 * either operand is NaN) or unordered (true if either is NaN), as Java's {@code fcmpl/fcmpg}
 * followed by a branch require: {@code a < b} is {@code olt}, {@code a != b} is {@code une}.
 */
public enum CmpPredicate {
  EQ(false),
  NE(false),
  SLT(false),
  SLE(false),
  SGT(false),
  SGE(false),
  ULT(false),
  ULE(false),
  UGT(false),
  UGE(false),
  OEQ(true),
  ONE(true),
  OLT(true),
  OLE(true),
  OGT(true),
  OGE(true),
  UEQ(true),
  UNE(true),
  FULT(true),
  FULE(true),
  FUGT(true),
  FUGE(true),
  ORD(true),
  UNO(true);

  private final boolean floating;

  CmpPredicate(boolean floating) {
    this.floating = floating;
  }

  /** True for predicates of {@code fcmp}. */
  public boolean isFloat() {
    return floating;
  }

  /**
   * True for the integer orderings that read their operands as signed ({@code slt sle sgt sge}).
   */
  public boolean isSigned() {
    return this == SLT || this == SLE || this == SGT || this == SGE;
  }

  /** True for the integer orderings that read their operands as unsigned. */
  public boolean isUnsigned() {
    return this == ULT || this == ULE || this == UGT || this == UGE;
  }

  /** The predicate that holds exactly when this one does not. */
  public CmpPredicate inverse() {
    return switch (this) {
      case EQ -> NE;
      case NE -> EQ;
      case SLT -> SGE;
      case SLE -> SGT;
      case SGT -> SLE;
      case SGE -> SLT;
      case ULT -> UGE;
      case ULE -> UGT;
      case UGT -> ULE;
      case UGE -> ULT;
      case OEQ -> UNE;
      case ONE -> UEQ;
      case OLT -> FUGE;
      case OLE -> FUGT;
      case OGT -> FULE;
      case OGE -> FULT;
      case UEQ -> ONE;
      case UNE -> OEQ;
      case FULT -> OGE;
      case FULE -> OGT;
      case FUGT -> OLE;
      case FUGE -> OLT;
      case ORD -> UNO;
      case UNO -> ORD;
    };
  }

  /** The predicate with the operands swapped: {@code a < b} is {@code b > a}. */
  public CmpPredicate swapped() {
    return switch (this) {
      case SLT -> SGT;
      case SLE -> SGE;
      case SGT -> SLT;
      case SGE -> SLE;
      case ULT -> UGT;
      case ULE -> UGE;
      case UGT -> ULT;
      case UGE -> ULE;
      case OLT -> OGT;
      case OLE -> OGE;
      case OGT -> OLT;
      case OGE -> OLE;
      case FULT -> FUGT;
      case FULE -> FUGE;
      case FUGT -> FULT;
      case FUGE -> FULE;
      default -> this;
    };
  }

  /**
   * The textual spelling. The unordered float less/greater predicates print as {@code ult ule ugt
   * uge} after {@code fcmp}, as in LLVM; the enum needs distinct names for them.
   */
  public String text() {
    String n = name().toLowerCase(Locale.ROOT);
    return n.startsWith("fu") ? n.substring(1) : n;
  }

  /** Parses a spelling printed by {@link #text()} for an integer or a float comparison. */
  public static CmpPredicate parse(String text, boolean floating) {
    String upper = text.toUpperCase(Locale.ROOT);
    if (floating
        && upper.length() == 3
        && upper.charAt(0) == 'U'
        && !upper.equals("UNE")
        && !upper.equals("UEQ")
        && !upper.equals("UNO")) {
      upper = "F" + upper;
    }
    CmpPredicate p = valueOf(upper);
    if (p.floating != floating) {
      throw new IllegalArgumentException(
          "predicate " + text + " is not valid for " + (floating ? "fcmp" : "icmp"));
    }
    return p;
  }
}
