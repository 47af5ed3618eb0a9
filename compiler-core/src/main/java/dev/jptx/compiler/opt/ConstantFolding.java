package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * Replaces instructions whose operands are all constants by their value, computed with Java's own
 * arithmetic, which is exactly the semantics the IR opcodes carry (see {@link
 * dev.jptx.compiler.ir.Opcode}), and the library intrinsics with the JDK methods they implement
 * ({@link IntrinsicEvaluator}); a branch on a constant becomes a jump. A commutative operation with
 * one constant operand gets it on the right (LLVM's canonical form), where instruction selection
 * folds it into the instruction as an immediate; an extension masked to its own bits is a zero
 * extension; integer additions of constants are combined into one ({@code (x + 1) - 4} is {@code x
 * + -3}), and a pointer plus 0 is the pointer. Integer division by zero is left alone: it is
 * undefined at run time, not an error at compile time. Requires nothing; leaves folded instructions
 * dead for {@link DeadCodeElimination}; may make blocks unreachable.
 */
public final class ConstantFolding implements FunctionPass {
  @Override
  public String name() {
    return "constfold";
  }

  @Override
  public boolean run(Function f) {
    boolean changed = false;
    for (Block b : f.blocks()) {
      for (Inst i : List.copyOf(f.insts(b))) {
        InstData d = f.data(i);
        if (d instanceof InstData.Branch br && f.isConstant(br.condition())) {
          boolean taken = f.constantBits(br.condition()) != 0;
          f.setData(i, new InstData.Jump(taken ? br.ifTrue() : br.ifFalse()));
          removePhiEdge(f, b, taken ? br.ifFalse() : br.ifTrue(), br);
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x
            && x.opcode().isCommutative()
            && f.isConstant(x.lhs())
            && !f.isConstant(x.rhs())) {
          // constants on the right, where instruction selection takes them as immediates
          f.setData(i, new InstData.Binary(x.opcode(), x.rhs(), x.lhs()));
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x && foldPredicateLogic(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x && foldExtensionMask(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x && foldConstantOperand(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x && hoistConstantAddend(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Binary x && distributeOverAddend(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.PtrAdd p
            && f.isConstant(p.offset())
            && f.constantBits(p.offset()) == 0) {
          // an array's element 0 (atomicAdd(out, 0, v)): the address is the array's, and
          // instruction selection would otherwise add 0 to it
          f.replaceAllUses(f.result(i), p.base());
          f.remove(i);
          changed = true;
          continue;
        }
        if (d instanceof InstData.Compare x && foldSelectCompare(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Compare x && foldSelfCompare(f, i, x)) {
          changed = true;
          continue;
        }
        if (d instanceof InstData.Compare x && foldThreeWayCompare(f, i, x)) {
          changed = true;
          continue;
        }
        Value r = f.result(i);
        if (r == null || d.operands().isEmpty() || !d.operands().stream().allMatch(f::isConstant)) {
          continue;
        }
        Long bits = fold(f, d, f.type(r));
        if (bits != null) {
          f.replaceAllUses(r, f.constant(f.type(r), bits));
          changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * Integer additions of constants: {@code x - c} is {@code x + (-c)}, {@code x + 0} is {@code x},
   * and {@code (x + c1) + c2} is {@code x + (c1 + c2)}, all exact in wrapping arithmetic. Unrolled
   * loops leave {@code (i + t) - 4} for each constant {@code t}; folded, each index is {@code i}
   * plus one constant, which address formation and instruction selection take as an immediate.
   */
  private static boolean foldConstantOperand(Function f, Inst i, InstData.Binary x) {
    if (!(f.type(f.result(i)) instanceof ScalarType t)
        || !t.isInteger()
        || t.bits() > 64
        || !f.isConstant(x.rhs())
        || f.isConstant(x.lhs())) {
      return false;
    }
    long c = f.constantBits(x.rhs());
    if (x.opcode() == Opcode.SUB) {
      Long negated = ConstantEvaluator.binary(Opcode.SUB, t, 0, c);
      if (negated == null) {
        return false;
      }
      f.setData(i, new InstData.Binary(Opcode.ADD, x.lhs(), f.constant(t, negated)));
      return true;
    }
    if (x.opcode() != Opcode.ADD) {
      return false;
    }
    if (c == 0) {
      f.replaceAllUses(f.result(i), x.lhs());
      f.remove(i);
      return true;
    }
    Inst inner = f.definingInst(x.lhs());
    if (inner != null
        && f.data(inner) instanceof InstData.Binary y
        && y.opcode() == Opcode.ADD
        && f.isConstant(y.rhs())
        && !f.isConstant(y.lhs())) {
      Long sum = ConstantEvaluator.binary(Opcode.ADD, t, f.constantBits(y.rhs()), c);
      if (sum == null) {
        return false;
      }
      if (sum == 0) {
        f.replaceAllUses(f.result(i), y.lhs());
        f.remove(i);
      } else {
        f.setData(i, new InstData.Binary(Opcode.ADD, y.lhs(), f.constant(t, sum)));
      }
      return true;
    }
    return false;
  }

  /**
   * {@code y + (z + c)} is {@code (y + z) + c}, exact in wrapping integer arithmetic: the constant
   * moves outwards, where the rule above combines it and address formation takes it as an
   * immediate. Unrolled copies of {@code a[base + k]} read {@code base + (k + t)} for each copy
   * {@code t}; reassociated, they share {@code base + k} and differ by a constant. Integers only:
   * floating-point addition does not associate.
   */
  private static boolean hoistConstantAddend(Function f, Inst i, InstData.Binary x) {
    if (x.opcode() != Opcode.ADD
        || !(f.type(f.result(i)) instanceof ScalarType t)
        || !t.isInteger()
        || f.isConstant(x.lhs())
        || f.isConstant(x.rhs())) {
      return false;
    }
    for (int side = 0; side < 2; side++) {
      Value inner = side == 0 ? x.rhs() : x.lhs();
      Value other = side == 0 ? x.lhs() : x.rhs();
      Inst def = f.definingInst(inner);
      if (def != null
          && f.data(def) instanceof InstData.Binary y
          && y.opcode() == Opcode.ADD
          && f.isConstant(y.rhs())
          && !f.isConstant(y.lhs())) {
        Inst sum = f.insertBefore(i, new InstData.Binary(Opcode.ADD, other, y.lhs()), t, f.line(i));
        f.setData(i, new InstData.Binary(Opcode.ADD, f.result(sum), y.rhs()));
        return true;
      }
    }
    return false;
  }

  /**
   * {@code (x + c1) * c2} is {@code x * c2 + c1 * c2}, and {@code (x + c1) << s} is {@code (x << s)
   * + (c1 << s)}: exact in wrapping integer arithmetic, and again the constant moves outwards. The
   * unrolled copies of {@code b[(k + t) * 16 + tx]} then share {@code k * 16 + tx}.
   */
  private static boolean distributeOverAddend(Function f, Inst i, InstData.Binary x) {
    if ((x.opcode() != Opcode.MUL && x.opcode() != Opcode.SHL)
        || !(f.type(f.result(i)) instanceof ScalarType t)
        || !t.isInteger()
        || t.bits() > 64
        || !f.isConstant(x.rhs())
        || f.isConstant(x.lhs())) {
      return false;
    }
    Inst def = f.definingInst(x.lhs());
    if (def == null
        || !(f.data(def) instanceof InstData.Binary y)
        || y.opcode() != Opcode.ADD
        || !f.isConstant(y.rhs())
        || f.isConstant(y.lhs())) {
      return false;
    }
    Long offset =
        ConstantEvaluator.binary(x.opcode(), t, f.constantBits(y.rhs()), f.constantBits(x.rhs()));
    if (offset == null) {
      return false;
    }
    Inst scaled =
        f.insertBefore(i, new InstData.Binary(x.opcode(), y.lhs(), x.rhs()), t, f.line(i));
    f.setData(i, new InstData.Binary(Opcode.ADD, f.result(scaled), f.constant(t, offset)));
    return true;
  }

  /**
   * {@code (x extended) & mask}, where the mask keeps exactly the bits {@code x} has, is {@code x}
   * zero-extended: Java reads an unsigned byte as {@code b & 0xff} of the sign-extended byte, which
   * would otherwise cost a sign extension and an {@code and} after the load.
   */
  private static boolean foldExtensionMask(Function f, Inst i, InstData.Binary x) {
    Inst def = f.definingInst(x.lhs());
    if (x.opcode() != Opcode.AND
        || !f.isConstant(x.rhs())
        || def == null
        || !(f.data(def) instanceof InstData.Cast c)
        || (c.opcode() != Opcode.SEXT && c.opcode() != Opcode.ZEXT)
        || !(f.type(c.operand()) instanceof ScalarType narrow)
        || !narrow.isInteger()
        || narrow.bits() >= 64) {
      return false;
    }
    long mask = (1L << narrow.bits()) - 1;
    if (f.constantBits(x.rhs()) != mask) {
      return false;
    }
    f.setData(i, new InstData.Cast(Opcode.ZEXT, c.operand()));
    return true;
  }

  /**
   * {@code i1} logic with a constant or twice the same operand: {@code c | true} is true, {@code c
   * & true}, {@code c | false}, {@code c ^ false}, {@code c | c} and {@code c & c} are {@code c},
   * and {@code c & false} is false. Branch merging builds such conditions from branches that
   * folding had already decided.
   */
  private static boolean foldPredicateLogic(Function f, Inst i, InstData.Binary x) {
    if (f.type(f.result(i)) != ScalarType.I1 || f.isConstant(x.lhs())) {
      return false;
    }
    Value r = f.result(i);
    Value to = null;
    if (x.lhs().equals(x.rhs()) && (x.opcode() == Opcode.AND || x.opcode() == Opcode.OR)) {
      to = x.lhs();
    } else if (f.isConstant(x.rhs())) {
      boolean k = (f.constantBits(x.rhs()) & 1) != 0;
      to =
          switch (x.opcode()) {
            case OR -> k ? x.rhs() : x.lhs();
            case AND -> k ? x.lhs() : x.rhs();
            case XOR -> k ? null : x.lhs();
            default -> null;
          };
    }
    if (to == null) {
      return false;
    }
    f.replaceAllUses(r, to);
    f.remove(i);
    return true;
  }

  /** A value that is one of two constants depending on an {@code i1} condition. */
  private record Choice(Value condition, long ifTrue, long ifFalse) {}

  /** {@code v} as a choice: a select between two constants, or an extended {@code i1}. */
  private static Choice choice(Function f, Value v) {
    Inst def = f.definingInst(v);
    InstData d = def == null ? null : f.data(def);
    if (d instanceof InstData.Select sel
        && f.isConstant(sel.ifTrue())
        && f.isConstant(sel.ifFalse())) {
      return new Choice(
          sel.condition(), f.constantBits(sel.ifTrue()), f.constantBits(sel.ifFalse()));
    }
    if (d instanceof InstData.Cast c
        && (c.opcode() == Opcode.ZEXT || c.opcode() == Opcode.SEXT)
        && f.type(c.operand()) == ScalarType.I1) {
      return new Choice(c.operand(), c.opcode() == Opcode.ZEXT ? 1 : -1, 0);
    }
    return null;
  }

  /**
   * A comparison with a constant of a value that is one of two constants is the condition choosing
   * between them, its negation, or a constant: javac's {@code boolean} locals are the ints 0 and 1
   * that a later {@code if} compares with 0, and select formation leaves {@code select c, 0, 1} of
   * them.
   */
  private static boolean foldSelectCompare(Function f, Inst i, InstData.Compare x) {
    if (!(f.type(x.lhs()) instanceof ScalarType t)) {
      return false;
    }
    // the choice on either side: javac writes 'if (0 <= c ? a : b)' with the constant first
    boolean left = f.isConstant(x.rhs());
    Choice ch = left ? choice(f, x.lhs()) : f.isConstant(x.lhs()) ? choice(f, x.rhs()) : null;
    if (ch == null) {
      return false;
    }
    long k = f.constantBits(left ? x.rhs() : x.lhs());
    Long whenTrue =
        left
            ? ConstantEvaluator.compare(x.predicate(), t, ch.ifTrue(), k)
            : ConstantEvaluator.compare(x.predicate(), t, k, ch.ifTrue());
    Long whenFalse =
        left
            ? ConstantEvaluator.compare(x.predicate(), t, ch.ifFalse(), k)
            : ConstantEvaluator.compare(x.predicate(), t, k, ch.ifFalse());
    if (whenTrue == null || whenFalse == null) {
      return false;
    }
    Value c = ch.condition();
    Value r = f.result(i);
    if (whenTrue.equals(whenFalse) || whenTrue != 0) {
      f.replaceAllUses(r, whenTrue.equals(whenFalse) ? f.constant(ScalarType.I1, whenTrue) : c);
      f.remove(i);
    } else {
      f.setData(i, Negation.instruction(f, c));
    }
    return true;
  }

  /**
   * {@code Integer.compare(a, b) P 0}, which Java's library builds as {@code zext(a > b) - zext(a <
   * b)} (signed, or unsigned for {@code compareUnsigned}), is {@code a P b}: the three-way result
   * is -1, 0 or 1 exactly as {@code a} is below, equal to or above {@code b}. One comparison
   * instead of two, two extensions and a subtraction, and a loop written {@code compareUnsigned(k,
   * n) < 0} becomes a counted loop.
   */
  private static boolean foldThreeWayCompare(Function f, Inst i, InstData.Compare x) {
    if (x.opcode() != Opcode.ICMP
        || !f.isConstant(x.rhs())
        || f.constantBits(x.rhs()) != 0
        || !(def(f, x.lhs()) instanceof InstData.Binary sub)
        || sub.opcode() != Opcode.SUB
        || !(def(f, sub.lhs()) instanceof InstData.Cast gtExt)
        || gtExt.opcode() != Opcode.ZEXT
        || !(def(f, sub.rhs()) instanceof InstData.Cast ltExt)
        || ltExt.opcode() != Opcode.ZEXT
        || !(def(f, gtExt.operand()) instanceof InstData.Compare gt)
        || !(def(f, ltExt.operand()) instanceof InstData.Compare lt)
        || gt.opcode() != Opcode.ICMP
        || lt.opcode() != Opcode.ICMP
        || !gt.lhs().equals(lt.lhs())
        || !gt.rhs().equals(lt.rhs())) {
      return false;
    }
    boolean signed;
    if (gt.predicate() == CmpPredicate.SGT && lt.predicate() == CmpPredicate.SLT) {
      signed = true;
    } else if (gt.predicate() == CmpPredicate.UGT && lt.predicate() == CmpPredicate.ULT) {
      signed = false;
    } else {
      return false;
    }
    CmpPredicate p =
        switch (x.predicate()) {
          case EQ -> CmpPredicate.EQ;
          case NE -> CmpPredicate.NE;
          case SLT -> signed ? CmpPredicate.SLT : CmpPredicate.ULT;
          case SLE -> signed ? CmpPredicate.SLE : CmpPredicate.ULE;
          case SGT -> signed ? CmpPredicate.SGT : CmpPredicate.UGT;
          case SGE -> signed ? CmpPredicate.SGE : CmpPredicate.UGE;
          default -> null;
        };
    if (p == null) {
      return false;
    }
    f.setData(i, new InstData.Compare(Opcode.ICMP, p, gt.lhs(), gt.rhs()));
    return true;
  }

  private static InstData def(Function f, Value v) {
    Inst d = f.definingInst(v);
    return d == null ? null : f.data(d);
  }

  /**
   * An integer compared with itself: {@code a == a} is true and {@code a < a} false whatever {@code
   * a} holds (not for floats, where NaN is unequal to itself). Generated and hand-written code
   * alike leave them (the fuzzer's {@code a3 == a3}), and a branch on one is dead code that ptxas,
   * not jptx, would otherwise remove.
   */
  private static boolean foldSelfCompare(Function f, Inst i, InstData.Compare x) {
    if (!x.lhs().equals(x.rhs()) || x.predicate().isFloat()) {
      return false;
    }
    boolean holds =
        switch (x.predicate()) {
          case EQ, SLE, SGE, ULE, UGE -> true;
          default -> false;
        };
    f.replaceAllUses(f.result(i), f.constant(ScalarType.I1, holds ? 1 : 0));
    f.remove(i);
    return true;
  }

  /** The folded branch no longer reaches {@code lost}: drop {@code from}'s phi entries there. */
  private static void removePhiEdge(Function f, Block from, Block lost, InstData.Branch br) {
    if (br.ifTrue().equals(br.ifFalse())) {
      return;
    }
    for (Inst p : f.insts(lost)) {
      if (f.data(p) instanceof InstData.Phi phi) {
        int k = phi.blocks().indexOf(from);
        if (k >= 0) {
          List<Block> blocks = new java.util.ArrayList<>(phi.blocks());
          List<Value> values = new java.util.ArrayList<>(phi.values());
          blocks.remove(k);
          values.remove(k);
          f.setData(p, new InstData.Phi(blocks, values));
        }
      }
    }
  }

  private static Long fold(Function f, InstData d, Type result) {
    if (d instanceof InstData.Binary x && result instanceof ScalarType t) {
      return ConstantEvaluator.binary(
          x.opcode(), t, f.constantBits(x.lhs()), f.constantBits(x.rhs()));
    } else if (d instanceof InstData.Compare x && f.type(x.lhs()) instanceof ScalarType t) {
      return ConstantEvaluator.compare(
          x.predicate(), t, f.constantBits(x.lhs()), f.constantBits(x.rhs()));
    } else if (d instanceof InstData.Cast x
        && f.type(x.operand()) instanceof ScalarType from
        && result instanceof ScalarType to) {
      return ConstantEvaluator.cast(x.opcode(), from, to, f.constantBits(x.operand()));
    } else if (d instanceof InstData.Unary x && result instanceof ScalarType t) {
      return ConstantEvaluator.unary(x.opcode(), t, f.constantBits(x.operand()));
    } else if (d instanceof InstData.IntrinsicCall x && !x.intrinsic().hasSideEffects()) {
      long[] bits = x.args().stream().mapToLong(f::constantBits).toArray();
      return IntrinsicEvaluator.evaluate(
          x.intrinsic(), result, x.args().stream().map(f::type).toList(), bits);
    } else if (d instanceof InstData.Select x) {
      return f.constantBits(f.constantBits(x.condition()) != 0 ? x.ifTrue() : x.ifFalse());
    }
    return null;
  }
}
