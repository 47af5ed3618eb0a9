package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the invariants every pass must keep: blocks end in exactly one terminator, phis lead their
 * block and name each predecessor once, operand types fit each format, calls match their callee,
 * every use is dominated by its definition, and no function is both {@code noinline} and {@code
 * alwaysinline}. Returns every problem found, not just the first.
 */
public final class IrVerifier {
  private final Module module;
  private final Function f;
  private final List<String> errors = new ArrayList<>();
  private final IrTypeRules rules;

  private IrVerifier(Module module, Function f) {
    this.module = module;
    this.f = f;
    this.rules = new IrTypeRules(f, errors);
  }

  /** Every problem in every function of the module; empty if it is well formed. */
  public static List<String> verify(Module m) {
    List<String> all = new ArrayList<>();
    for (Function f : m.functions()) {
      all.addAll(new IrVerifier(m, f).run());
    }
    return all;
  }

  /** Every problem in one function; calls are not checked against callees. */
  public static List<String> verify(Function f) {
    return new IrVerifier(null, f).run();
  }

  /** Throws {@link IllegalStateException} listing the problems, if there are any. */
  public static void check(Module m) {
    List<String> problems = verify(m);
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "IR verification failed:\n  " + String.join("\n  ", problems));
    }
  }

  private List<String> run() {
    if (f.blocks().isEmpty()) {
      errors.add("@" + f.name() + ": no blocks");
      return errors;
    }
    if (f.attributes().noInline() && f.attributes().alwaysInline()) {
      errors.add("@" + f.name() + ": both noinline and alwaysinline");
    }
    Cfg cfg = Cfg.of(f);
    Set<Block> layout = new HashSet<>(f.blocks());
    for (Block b : f.blocks()) {
      structure(b, cfg, layout);
      for (Inst i : f.insts(b)) {
        rules.check(i, where(b, i));
        calls(i, where(b, i));
      }
    }
    dominance(cfg);
    return errors;
  }

  private String where(Block b, Inst i) {
    return "@" + f.name() + " " + b + " " + f.data(i).opcode().text() + " (" + i + ")";
  }

  private void structure(Block b, Cfg cfg, Set<Block> layout) {
    List<Inst> insts = f.insts(b);
    if (insts.isEmpty() || f.terminator(b) == null) {
      errors.add("@" + f.name() + " " + b + ": does not end in a terminator");
    }
    boolean phis = true;
    for (int k = 0; k < insts.size(); k++) {
      InstData d = f.data(insts.get(k));
      if (d.opcode().isTerminator() && k != insts.size() - 1) {
        errors.add(where(b, insts.get(k)) + ": terminator in the middle of the block");
      }
      if (d.opcode() == Opcode.PHI) {
        if (!phis) {
          errors.add(where(b, insts.get(k)) + ": phi after a non-phi instruction");
        }
        Set<Block> from = new HashSet<>(((InstData.Phi) d).blocks());
        if (from.size() != ((InstData.Phi) d).blocks().size()
            || !from.equals(new HashSet<>(cfg.predecessors(b)))) {
          errors.add(
              where(b, insts.get(k))
                  + ": incoming blocks "
                  + ((InstData.Phi) d).blocks()
                  + " differ from predecessors "
                  + cfg.predecessors(b));
        }
      } else {
        phis = false;
      }
      for (Block s : d.successors()) {
        if (!layout.contains(s)) {
          errors.add(where(b, insts.get(k)) + ": branches to a removed block " + s);
        }
      }
    }
  }

  private void calls(Inst i, String where) {
    if (module != null && f.data(i) instanceof InstData.GlobalAddress g) {
      GlobalVariable v = module.global(g.symbol());
      if (v == null) {
        errors.add(where + ": takes the address of unknown variable @" + g.symbol());
      } else if (!v.pointerType().equals(f.type(f.result(i)))) {
        errors.add(where + ": @" + g.symbol() + " is in " + v.space().ptxName() + " memory");
      }
    }
    if (module == null || !(f.data(i) instanceof InstData.Call c)) {
      return;
    }
    Function callee = module.function(c.callee());
    if (callee == null) {
      errors.add(where + ": calls unknown function @" + c.callee());
      return;
    }
    if (callee.kind() == Function.Kind.KERNEL) {
      errors.add(where + ": calls kernel @" + c.callee());
    }
    if (callee.params().size() != c.args().size()) {
      errors.add(where + ": passes " + c.args().size() + " arguments to @" + c.callee());
      return;
    }
    for (int k = 0; k < c.args().size(); k++) {
      if (!f.type(c.args().get(k)).equals(callee.type(callee.params().get(k)))) {
        errors.add(where + ": argument " + k + " has the wrong type");
      }
    }
    Value r = f.result(i);
    Type rt = r == null ? VoidType.VOID : f.type(r);
    if (!rt.equals(callee.returnType())) {
      errors.add(where + ": result type differs from @" + c.callee() + "'s return type");
    }
  }

  private void dominance(Cfg cfg) {
    DominatorTree dom = DominatorTree.of(f, cfg);
    for (Block b : cfg.reversePostOrder()) {
      List<Inst> insts = f.insts(b);
      for (int k = 0; k < insts.size(); k++) {
        Inst i = insts.get(k);
        InstData d = f.data(i);
        List<Value> ops = d.operands();
        for (int o = 0; o < ops.size(); o++) {
          Value v = ops.get(o);
          Inst def = f.definingInst(v);
          if (def == null) {
            continue;
          }
          Block defBlock = f.blockOf(def);
          if (defBlock == null) {
            errors.add(where(b, i) + ": uses " + v + " whose definition was removed");
            continue;
          }
          Block useBlock = d instanceof InstData.Phi p ? p.blocks().get(o) : b;
          boolean ok;
          if (d instanceof InstData.Phi) {
            ok = dom.dominates(defBlock, useBlock) || !cfg.isReachable(useBlock);
          } else if (defBlock.equals(b)) {
            ok = insts.indexOf(def) < k;
          } else {
            ok = dom.dominates(defBlock, b);
          }
          if (!ok) {
            errors.add(where(b, i) + ": use of " + v + " is not dominated by its definition");
          }
        }
      }
    }
  }
}
