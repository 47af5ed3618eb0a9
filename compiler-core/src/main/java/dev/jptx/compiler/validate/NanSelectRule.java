package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.SpecialRegisters;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Java maps NaN to 0 when converting a floating-point value to {@code int} or {@code long}. PTX
 * {@code cvt} does so only from {@code f32} to a 32-bit integer; from {@code f64}, and to 64-bit
 * integers, NaN gives the minimum value, so the compiler follows such a {@code cvt} with a select:
 *
 * <pre>
 * setp.nan.f64 %p2, %fd1, %fd1;
 * cvt.rzi.s32.f64 %r9, %fd1;
 * selp.b32 %r10, 0, %r9, %p2;
 * </pre>
 *
 * The rule: every instruction that reads such a {@code cvt}'s result (as the {@code cvt} wrote it,
 * or a plain {@code mov} or a spill and its reload copied it) is a {@code selp} that picks the
 * immediate 0 when its predicate says the {@code cvt}'s source is NaN, and the result otherwise.
 * The predicate must come, in every definition reaching the select, from an unguarded NaN test of
 * the same value of the source register (or, where a loop carries the result and the test around
 * its back edge, as a software-pipelined loop does, on each path the test written last with the
 * result): {@code setp.nan}/{@code setp.neu x, x} or {@code testp.notanumber x} (true on NaN), or
 * {@code setp.num}/{@code setp.eq x, x} or {@code testp.number x} (false on NaN, so the operands of
 * the {@code selp} swap). {@code setp.nan}/{@code setp.num} of {@code x} and a float literal that
 * is not NaN test {@code x} alone and count too. A result nothing reads is fine.
 */
final class NanSelectRule implements LintRule {
  private static final Set<String> INTEGERS = Set.of("s32", "u32", "s64", "u64");
  private static final Set<String> FLOATS = Set.of("f32", "f64");
  private static final Set<String> INTEGER_SOURCES =
      Set.of("s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64");

  /** Operations whose result depends on their sources alone. */
  private static final Set<String> PURE =
      Set.of(
          "neg", "abs", "add", "sub", "mul", "mad", "fma", "cvt", "cvta", "mov", "and", "or", "xor",
          "not", "shl", "shr", "selp", "min", "max", "div", "rem", "sqrt", "rcp");

  /** A virtual register's name, {@code %rd12}; other {@code %} names are special registers. */
  private static final java.util.regex.Pattern VIRTUAL_REGISTER =
      java.util.regex.Pattern.compile("%[a-z]+\\d+");

  /** How many levels of recomputed sources {@link #sameValue} follows. */
  private static final int RECOMPUTE_DEPTH = 4;

  /** A symbol-addressed slot, {@code [__local_depot0+8]}. */
  private static final java.util.regex.Pattern SLOT =
      java.util.regex.Pattern.compile("\\[[A-Za-z_$][\\w$]*(\\+\\d+)?]");

  @Override
  public void check(PtxFunctionBody f, List<LintFinding> out) {
    for (PtxStatement s : f.statements()) {
      if (!needsSelect(s) || s.defs().size() != 1) {
        continue;
      }
      String result = s.defs().get(0);
      String source = s.operand(1);
      if (PtxStatement.names(source).size() != 1) {
        continue; // a literal source (the compiler folds those) has no register to test
      }
      if (fromIntegersOnly(f, s, source)) {
        continue; // a float converted from an integer is never NaN: nothing to select
      }
      for (PtxStatement read : f.usesReachedBy(s, result)) {
        PtxStatement use = unselectedReader(f, s, read, result, source, new HashSet<>());
        if (use != null) {
          out.add(
              new LintFinding(
                  f.name(),
                  s.line(),
                  s.text(),
                  PtxLint.NAN_SELECT,
                  message(s, result, source, use)));
          break;
        }
      }
    }
  }

  /**
   * Null if {@code use}, which reads {@code cvt}'s result in {@code register}, is a select on a NaN
   * test of the converted value, or a plain copy whose every reader is (the pipeliner's register
   * rotation copies a result from one trip to the next: {@code mov.b32 %r4, %r3}), or a spill whose
   * every reload's readers are (under a register budget); else the statement that reads the result
   * otherwise.
   */
  private static PtxStatement unselectedReader(
      PtxFunctionBody f,
      PtxStatement cvt,
      PtxStatement use,
      String register,
      String source,
      Set<PtxStatement> copies) {
    // the result as the cvt wrote it, or one reached through copies
    if (isNanSelect(f, cvt, use, register, source, copies.isEmpty())) {
      return null;
    }
    if (!register.equals(NanSelectPath.copySource(use))) {
      return use;
    }
    if (!copies.add(use)) {
      return null; // a cycle of copies: its readers are checked where it was entered
    }
    String slot = SpillSlots.stored(use);
    if (slot != null) {
      // a spill: what reads the result is each reload it reaches
      for (PtxStatement load : f.statements()) {
        if (slot.equals(SpillSlots.loaded(load))
            && f.slotStoresReaching(load, slot).contains(f.statements().indexOf(use))) {
          PtxStatement bad = copyRead(f, cvt, load, source, copies);
          if (bad != null) {
            return bad;
          }
        }
      }
      return null;
    }
    return copyRead(f, cvt, use, source, copies);
  }

  /** As {@link #unselectedReader}, for every reader of what {@code copy} (one definition) wrote. */
  private static PtxStatement copyRead(
      PtxFunctionBody f,
      PtxStatement cvt,
      PtxStatement copy,
      String source,
      Set<PtxStatement> copies) {
    if (copy.defs().size() != 1) {
      return copy;
    }
    String register = copy.defs().get(0);
    for (PtxStatement read : f.usesReachedBy(copy, register)) {
      PtxStatement bad = unselectedReader(f, cvt, read, register, source, copies);
      if (bad != null) {
        return bad;
      }
    }
    return null;
  }

  static String message(PtxStatement cvt, String result, String source, PtxStatement use) {
    return "Java maps NaN to 0, but "
        + cvt.opcode()
        + " gives the minimum value: its result "
        + result
        + " may only be read by a selp that picks 0 when a NaN test of "
        + source
        + " holds (setp.nan."
        + cvt.type()
        + " %p, "
        + source
        + ", "
        + source
        + "), but line "
        + use.line()
        + " reads it: "
        + use.text();
  }

  /**
   * True if every definition of {@code source} reaching {@code cvt} converts an integer to a float
   * (block rematerialization may recompute such a value after the NaN test the compiler placed,
   * which then tests an earlier copy; the test is moot anyway).
   */
  private static boolean fromIntegersOnly(PtxFunctionBody f, PtxStatement cvt, String source) {
    List<PtxStatement> defs = f.definitions(source, cvt);
    if (defs.isEmpty()) {
      return false;
    }
    for (PtxStatement d : defs) {
      List<String> m = d.modifiers();
      if (!d.base().equals("cvt")
          || d.guard() != null
          || m.size() < 2
          || !FLOATS.contains(m.get(m.size() - 2))
          || !INTEGER_SOURCES.contains(m.get(m.size() - 1))) {
        return false;
      }
    }
    return true;
  }

  /** A float-to-integer {@code cvt} other than f32 to a 32-bit integer. */
  private static boolean needsSelect(PtxStatement s) {
    List<String> m = s.modifiers();
    if (!s.base().equals("cvt") || m.size() < 2) {
      return false;
    }
    String to = m.get(m.size() - 2);
    String from = m.get(m.size() - 1);
    return INTEGERS.contains(to)
        && FLOATS.contains(from)
        && !(to.endsWith("32") && from.equals("f32"));
  }

  private static boolean isNanSelect(
      PtxFunctionBody f,
      PtxStatement cvt,
      PtxStatement use,
      String result,
      String source,
      boolean direct) {
    if (!use.base().equals("selp") || use.operands().size() != 4) {
      return false;
    }
    String predicate = use.operand(3);
    boolean negated = predicate.startsWith("!");
    String tested = negated ? predicate.substring(1).trim() : predicate;
    // a copy of the result may reach the select after the cvt converted the next value into the
    // source register: only the paths know which value such a copy holds
    Boolean trueOnNan = direct ? polarity(f, use, cvt, tested, source) : null;
    if (trueOnNan == null) {
      trueOnNan = pairedPolarity(f, use, cvt, result, tested, source, direct);
    }
    if (trueOnNan == null) {
      return false;
    }
    boolean pickFirstOnNan = trueOnNan != negated;
    String onNan = use.operand(pickFirstOnNan ? 1 : 2);
    String otherwise = use.operand(pickFirstOnNan ? 2 : 1);
    return isZero(onNan) && otherwise.equals(result);
  }

  /**
   * True if {@code predicate} holds exactly when {@code source} is NaN, false if exactly when it is
   * not, null if that is not what every definition of it says.
   */
  private static Boolean polarity(
      PtxFunctionBody f, PtxStatement use, PtxStatement cvt, String predicate, String source) {
    List<PtxStatement> defs = f.definitions(predicate, use);
    Boolean agreed = null;
    for (PtxStatement d : defs) {
      // the test must read the value the cvt converts, not another one under the same name
      Boolean p = sameValue(f, source, d, cvt) ? nanTest(d, predicate, source) : null;
      if (p == null || (agreed != null && !agreed.equals(p))) {
        return null;
      }
      agreed = p;
    }
    return agreed;
  }

  /**
   * As {@link #polarity}, path by path ({@link NanSelectPath}): on every path on which {@code
   * cvt}'s write of {@code result} reaches the select, {@code predicate} holds a NaN test of the
   * value {@code cvt} converted, tested in its register or a copy and perhaps copied itself; or the
   * last write of {@code predicate} is a test of {@code source} that {@link #sameValue} shows holds
   * the same value (a spill slot's reload) while it still holds it. The software pipeliner issues a
   * {@code cvt} and its test in one trip of a loop and the select in the next, or the {@code cvt}
   * in one trip and the test with the select in the next: the registers are written before the loop
   * (the prolog) and in it (the kernel), and what comes from before the loop and what comes around
   * the back edge reach the select on different paths.
   */
  private static Boolean pairedPolarity(
      PtxFunctionBody f,
      PtxStatement use,
      PtxStatement cvt,
      String result,
      String predicate,
      String source,
      boolean direct) {
    Boolean agreed = null;
    int at = f.statements().indexOf(cvt);
    Set<NanSelectPath> paths =
        f.pathFacts(NanSelectPath.NONE, (path, s, i) -> path.after(s, i, at, predicate), use);
    for (NanSelectPath w : paths) {
      NanSelectPath.Result r = w.results().get(result);
      if (r == null) {
        continue; // on this path the register holds another definition's value
      }
      Boolean p = r.tests().get(predicate);
      // a test identified by its register's definitions, not its path, is of the converted value
      // only if the select reads the cvt's register or the source still holds that value
      if (p == null && w.predicateWrite() >= 0 && (direct || r.sources().contains(source))) {
        PtxStatement d = f.statement(w.predicateWrite());
        p = sameValue(f, source, d, cvt) ? nanTest(d, predicate, source) : null;
      }
      if (p == null || (agreed != null && !agreed.equals(p))) {
        return null;
      }
      agreed = p;
    }
    return agreed;
  }

  /**
   * True if {@code register} holds the same value at {@code a} as at {@code b}: the same
   * definitions reach both, or each is reached by one load of the same symbol-addressed {@code
   * .local} slot or parameter ({@code ld.local.f64 %fd1, [__local_depot0+8]}, {@code ld.param.f64
   * %fd1, [k_param_5]}: the allocator's spill code and rematerialization load again before every
   * reader) with no store to it between them.
   */
  private static boolean sameValue(
      PtxFunctionBody f, String register, PtxStatement a, PtxStatement b) {
    return sameValue(f, register, a, b, RECOMPUTE_DEPTH);
  }

  private static boolean sameValue(
      PtxFunctionBody f, String register, PtxStatement a, PtxStatement b, int depth) {
    List<PtxStatement> da = f.definitions(register, a);
    List<PtxStatement> db = f.definitions(register, b);
    if (da.equals(db)) {
      return true;
    }
    if (da.size() != 1 || db.size() != 1) {
      return false;
    }
    if (depth > 0 && sameComputation(f, da.get(0), db.get(0), depth)) {
      return true;
    }
    if (!isSlotReload(da.get(0)) || !isSlotReload(db.get(0))) {
      return false;
    }
    String slot = da.get(0).operand(1);
    if (!slot.equals(db.get(0).operand(1))) {
      return false;
    }
    List<PtxStatement> all = f.statements();
    int from = all.indexOf(da.get(0));
    int to = all.indexOf(db.get(0));
    for (int k = Math.min(from, to); k <= Math.max(from, to); k++) {
      PtxStatement s = all.get(k);
      if (s.base().equals("st") && !s.operands().isEmpty() && s.operand(0).equals(slot)) {
        return false;
      }
    }
    return true;
  }

  /**
   * True if {@code x} and {@code y} are the same arithmetic instruction on the same values (the
   * allocator recomputes a value from parameters before each reader, {@code ld.param} then {@code
   * neg.f64}): same text, an operation without memory access or effect, and each source register
   * the same value at both, as far as {@code depth} levels down.
   */
  private static boolean sameComputation(
      PtxFunctionBody f, PtxStatement x, PtxStatement y, int depth) {
    if (!x.text()
            .substring(x.text().indexOf(' ') + 1)
            .equals(y.text().substring(y.text().indexOf(' ') + 1))
        || !x.opcode().equals(y.opcode())
        || x.guard() != null
        || y.guard() != null
        || !PURE.contains(x.base())) {
      return false;
    }
    for (String u : x.uses()) {
      boolean same =
          VIRTUAL_REGISTER.matcher(u).matches()
              ? sameValue(f, u, x, y, depth - 1)
              // a special register: the same only if it keeps its value for the launch
              : !u.startsWith("%") || SpecialRegisters.isFixedForLaunch(u);
      if (!same) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSlotReload(PtxStatement s) {
    return s.base().equals("ld")
        && (s.modifiers().contains("local") || s.modifiers().contains("param"))
        && s.operands().size() == 2
        && SLOT.matcher(s.operand(1)).matches();
  }

  /**
   * True if {@code d} writes {@code predicate} as a test that holds exactly when {@code source} is
   * NaN, false if exactly when it is not, null if it is no such test.
   */
  static Boolean nanTest(PtxStatement d, String predicate, String source) {
    if (d.guard() != null || d.modifiers().isEmpty() || !FLOATS.contains(d.type())) {
      return null;
    }
    String test = d.modifiers().get(0);
    Boolean trueOnNan = null;
    if (d.base().equals("setp")
        && d.operands().size() == 3
        && d.operand(1).equals(source)
        && d.operand(2).equals(source)) {
      trueOnNan =
          switch (test) {
            case "nan", "neu" -> Boolean.TRUE;
            case "num", "eq" -> Boolean.FALSE;
            default -> null;
          };
    } else if (d.base().equals("setp")
        && d.operands().size() == 3
        && testsAlone(d.operand(1), d.operand(2), source)) {
      // a NaN test against a number literal (the instruction selector folds a constant operand)
      trueOnNan =
          switch (test) {
            case "nan" -> Boolean.TRUE;
            case "num" -> Boolean.FALSE;
            default -> null;
          };
    } else if (d.base().equals("testp")
        && d.operands().size() == 2
        && d.operand(1).equals(source)) {
      trueOnNan =
          switch (test) {
            case "notanumber" -> Boolean.TRUE;
            case "number" -> Boolean.FALSE;
            default -> null;
          };
    }
    // "%p|%q": the second predicate is the complement of the first
    String[] pair = d.operand(0).split("\\|");
    if (trueOnNan != null && pair.length == 2 && pair[1].trim().equals(predicate)) {
      trueOnNan = !trueOnNan;
    }
    return trueOnNan;
  }

  /** One operand is {@code source}, the other a float literal that is not NaN. */
  private static boolean testsAlone(String a, String b, String source) {
    return (a.equals(source) && isNumberLiteral(b)) || (b.equals(source) && isNumberLiteral(a));
  }

  /** A PTX {@code 0f}/{@code 0d} float literal whose value is not NaN. */
  private static boolean isNumberLiteral(String operand) {
    String t = operand.trim();
    if (t.length() == 10 && (t.startsWith("0f") || t.startsWith("0F"))) {
      try {
        return !Float.isNaN(Float.intBitsToFloat(Integer.parseUnsignedInt(t.substring(2), 16)));
      } catch (NumberFormatException e) {
        return false;
      }
    }
    if (t.length() == 18 && (t.startsWith("0d") || t.startsWith("0D"))) {
      try {
        return !Double.isNaN(Double.longBitsToDouble(Long.parseUnsignedLong(t.substring(2), 16)));
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return false;
  }

  private static boolean isZero(String operand) {
    var v = PtxStatement.integer(operand);
    return v.isPresent() && v.getAsLong() == 0;
  }
}
