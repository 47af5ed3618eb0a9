package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.CompareOpcodes;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MemoryOpcodes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The PTX-specific peephole (seed: machine-passes.md, "NVPTXPeephole", pass {@code nvptx-peephole};
 * knob {@code enable-nvvm-peephole}, default on). On SSA machine IR, at -O1 and above, after {@code
 * peephole-opt}, to a fixed point:
 *
 * <ul>
 *   <li>address-space cast pairs: {@code cvta.to.global} of a {@code cvta.global} (and {@code
 *       cvta.global} of a {@code cvta.to.global}) is the original register, its readers read that;
 *       the pairs are those {@link MemoryOpcodes#cvtaInverse} lists ({@code .global} is the only
 *       space with both directions in our tables);
 *   <li>{@code not.pred} of a {@code not.pred} is the original predicate;
 *   <li>an instruction guarded by a predicate that is {@code not.pred %p} is guarded by the negated
 *       guard instead ({@code @%q bra} becomes {@code @!%p bra}; the seed names the branch, we fold
 *       every guarded instruction, as PTX lets every instruction take {@code @!%p});
 *   <li>{@code selp a, b, %q} on {@code %q = not.pred %p} selects on {@code %p} with the values
 *       swapped, {@code selp b, a, %p};
 *   <li>a predicate materialized as an integer and tested again, {@code setp.ne x, 0} (or {@code
 *       setp.eq}) of {@code x = selp 1, 0, %p} (or {@code selp 0, 1, %p}), is {@code %p}, whose
 *       readers then read {@code %p}, or {@code !%p}, for which the {@code setp} becomes {@code
 *       not.pred %p} (whose guard readers the rule above folds).
 * </ul>
 *
 * Only unguarded definitions are looked through. The instructions left without readers are deleted
 * by {@code dead-mi-elimination}, which runs after. Where the seed is silent: its "setp folded into
 * the branch with an embedded comparison" has no PTX form ({@code bra} takes only a predicate), so
 * the predicate patterns above are what we fold. On today's output of our instruction selection
 * only the {@code not.pred} rules fire: a negated barrier vote or warp vote ({@code selp 0, 1} of a
 * {@code not.pred}, {@code @%q bra} on one) in the test kernels; the 22 benchmark kernels have no
 * {@code not.pred} and no {@code cvta} pair (each parameter gets one {@code cvta.to.global}, and
 * {@code cvta.global} only makes generic addresses of globals for calls), so the cast and the
 * {@code setp}-of-{@code selp} rules never fire there and are tested on machine IR that has them.
 */
public final class NvptxPeephole implements MachinePass {
  private static final Set<MachineOpcode> INTEGER_COMPARES =
      Set.of(
          CompareOpcodes.SETP_S16,
          CompareOpcodes.SETP_S32,
          CompareOpcodes.SETP_S64,
          CompareOpcodes.SETP_U16,
          CompareOpcodes.SETP_U32,
          CompareOpcodes.SETP_U64);
  private static final Set<MachineOpcode> INTEGER_SELECTS =
      Set.of(CompareOpcodes.SELP_B16, CompareOpcodes.SELP_B32, CompareOpcodes.SELP_B64);
  private static final Set<MachineOpcode> ALL_SELECTS =
      Set.of(
          CompareOpcodes.SELP_B16,
          CompareOpcodes.SELP_B32,
          CompareOpcodes.SELP_B64,
          CompareOpcodes.SELP_F32,
          CompareOpcodes.SELP_F64);

  @Override
  public String name() {
    return "nvptx-peephole";
  }

  @Override
  public boolean run(MachineFunction f) {
    boolean changed = false;
    while (round(f)) {
      changed = true;
    }
    return changed;
  }

  /** One sweep over the function; true if it changed anything. */
  private static boolean round(MachineFunction f) {
    Map<VReg, MachineInstr> defs = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        if (i.guard() == null && i.defs().size() == 1) {
          defs.put(i.defs().get(0), i);
        }
      }
    }
    boolean changed = false;
    Map<VReg, VReg> replace = new LinkedHashMap<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> instrs = b.instrs();
      for (int k = 0; k < instrs.size(); k++) {
        MachineInstr i = instrs.get(k);
        if (i.guard() != null) {
          MachineInstr g = defs.get(i.guard().predicate());
          VReg p = g == null ? null : sourceOf(g, IntegerOpcodes.NOT_PRED);
          if (p != null) {
            instrs.set(k, i.withGuard(new Guard(p, !i.guard().negated())));
            changed = true;
          }
          continue;
        }
        MachineInstr swapped = selectOnNegation(i, defs);
        if (swapped != null) {
          instrs.set(k, swapped);
          changed = true;
          continue;
        }
        VReg undone = undoneCast(i, defs);
        if (undone != null) {
          replace.put(i.defs().get(0), undone);
          continue;
        }
        PredicateTest t = retestedPredicate(i, defs);
        if (t != null && !t.negated()) {
          replace.put(i.defs().get(0), t.predicate());
        } else if (t != null) {
          instrs.set(
              k,
              new MachineInstr(
                  IntegerOpcodes.NOT_PRED,
                  i.defs(),
                  List.of(new MOperand.Reg(t.predicate())),
                  null,
                  i.line()));
          changed = true;
        }
      }
    }
    return RegisterUses.replace(f, replace, true) || changed;
  }

  /**
   * The register {@code i} gives back, if it undoes the unguarded instruction that defined its
   * source ({@code cvta} and its inverse, {@code not.pred} twice); null otherwise.
   */
  private static VReg undoneCast(MachineInstr i, Map<VReg, MachineInstr> defs) {
    MachineOpcode inverse =
        i.opcode() == IntegerOpcodes.NOT_PRED
            ? IntegerOpcodes.NOT_PRED
            : MemoryOpcodes.cvtaInverse(i.opcode());
    if (inverse == null || i.defs().size() != 1 || !(i.uses().get(0) instanceof MOperand.Reg s)) {
      return null;
    }
    MachineInstr d = defs.get(s.reg());
    return d == null ? null : sourceOf(d, inverse);
  }

  /**
   * {@code selp a, b, %p} for {@code i = selp b, a, %q} with {@code %q = not.pred %p}; null if
   * {@code i} is no select on a negation.
   */
  private static MachineInstr selectOnNegation(MachineInstr i, Map<VReg, MachineInstr> defs) {
    if (!ALL_SELECTS.contains(i.opcode()) || !(i.uses().get(2) instanceof MOperand.Reg q)) {
      return null;
    }
    MachineInstr d = defs.get(q.reg());
    VReg p = d == null ? null : sourceOf(d, IntegerOpcodes.NOT_PRED);
    return p == null
        ? null
        : i.withUses(List.of(i.uses().get(1), i.uses().get(0), new MOperand.Reg(p)));
  }

  /** The register source of unguarded unary {@code d} if it has opcode {@code op}, else null. */
  private static VReg sourceOf(MachineInstr d, MachineOpcode op) {
    return d.opcode() == op
            && d.guard() == null
            && d.uses().size() == 1
            && d.uses().get(0) instanceof MOperand.Reg r
        ? r.reg()
        : null;
  }

  /** {@code i}'s result as a predicate register, possibly negated. */
  private record PredicateTest(VReg predicate, boolean negated) {}

  /**
   * If {@code i} is {@code setp.eq/ne x, 0} of {@code x = selp 1, 0, %p} or {@code selp 0, 1, %p},
   * the predicate it recomputes; null otherwise.
   */
  private static PredicateTest retestedPredicate(MachineInstr i, Map<VReg, MachineInstr> defs) {
    if (!INTEGER_COMPARES.contains(i.opcode())
        || !(i.uses().get(0) instanceof MOperand.Cond c)
        || !(c.name().equals("eq") || c.name().equals("ne"))
        || !(i.uses().get(1) instanceof MOperand.Reg x)
        || !isInt(i.uses().get(2), 0)) {
      return null;
    }
    MachineInstr s = defs.get(x.reg());
    if (s == null
        || !INTEGER_SELECTS.contains(s.opcode())
        || !(s.uses().get(2) instanceof MOperand.Reg p)) {
      return null;
    }
    boolean oneIfP;
    if (isInt(s.uses().get(0), 1) && isInt(s.uses().get(1), 0)) {
      oneIfP = true;
    } else if (isInt(s.uses().get(0), 0) && isInt(s.uses().get(1), 1)) {
      oneIfP = false;
    } else {
      return null;
    }
    // ne 0 asks "is x 1": p if x = p ? 1 : 0
    boolean isP = c.name().equals("ne") == oneIfP;
    return new PredicateTest(p.reg(), !isP);
  }

  private static boolean isInt(MOperand o, long v) {
    return o instanceof MOperand.Imm imm && imm.kind() == MOperand.ImmKind.INT && imm.bits() == v;
  }
}
