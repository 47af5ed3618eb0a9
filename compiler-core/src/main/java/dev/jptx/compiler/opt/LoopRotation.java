package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loop rotation (LLVM's loop-rotate): a loop tested at the top ({@code H: phis; x = ...; br c,
 * body, exit}, the latch jumping back to {@code H}) becomes a guarded loop tested at the bottom:
 * the preheader computes the header's instructions once and branches into the body or to the exit,
 * and the latch computes them again and branches back into the body or out. Each iteration then
 * runs one conditional branch instead of a conditional branch plus a jump. The header's values
 * become phis at the top of the body (for uses in the loop) and at the exit (for uses after it),
 * which the latch reaches through a block of its own; the header block goes away.
 *
 * <p>Only simple loops rotate: one preheader and one latch, both jumping to the header; a header of
 * at most {@link #MAX_HEADER} instructions besides its phis, none with an effect (pure, or a load:
 * each copy runs exactly where the header ran, so no load is speculated); a two-way branch with one
 * target in the loop, the body, and one outside, the exit, each reached only from the header and
 * without phis. Requires nothing; preserves SSA; removes the header.
 */
public final class LoopRotation implements FunctionPass {
  /** Headers larger than this are not duplicated. */
  static final int MAX_HEADER = 8;

  @Override
  public String name() {
    return "loop-rotate";
  }

  @Override
  public boolean run(Function f) {
    return LoopsUntilStable.run(f, LoopRotation::rotate);
  }

  private static boolean rotate(Function f, LoopInfo.Loop loop, LoopsUntilStable.Sweep sweep) {
    Block h = loop.header();
    Block pre = loop.preheader();
    if (pre == null || loop.latches().size() != 1 || loop.blocks().size() < 2) {
      return false;
    }
    Block latch = loop.latches().get(0);
    // the sweep's CFG stays valid for this loop: a rotation removes one header whose two
    // predecessors' edges go to its two successors, the case LoopsUntilStable.Sweep allows
    if (sweep.predecessorCount(h) != 2
        || !(f.data(f.terminator(latch)) instanceof InstData.Jump)
        || !(f.data(f.terminator(pre)) instanceof InstData.Jump)
        || !(f.data(f.terminator(h)) instanceof InstData.Branch br)) {
      return false;
    }
    boolean bodyFirst = loop.contains(br.ifTrue());
    Block body = bodyFirst ? br.ifTrue() : br.ifFalse();
    Block exit = bodyFirst ? br.ifFalse() : br.ifTrue();
    if (!loop.contains(body)
        || loop.contains(exit)
        || body.equals(h)
        || latch.equals(h)
        || sweep.predecessorCount(body) != 1
        || sweep.predecessorCount(exit) != 1
        || hasPhis(f, body)
        || hasPhis(f, exit)) {
      return false;
    }
    List<Inst> phis = new ArrayList<>();
    List<Inst> work = new ArrayList<>();
    for (Inst i : f.insts(h)) {
      InstData d = f.data(i);
      if (d instanceof InstData.Phi) {
        phis.add(i);
      } else if (!i.equals(f.terminator(h))) {
        if (!(PureOps.isPure(d) || d instanceof InstData.Load)) {
          return false;
        }
        work.add(i);
      }
    }
    if (work.size() > MAX_HEADER) {
      return false;
    }
    if (!usesReachable(f, sweep, loop, h, exit, headerValues(f, phis, work))) {
      return false;
    }
    int line = f.line(f.terminator(h));
    // the header's values as the preheader and the latch compute them
    Map<Value, Value> atEntry = new HashMap<>();
    Map<Value, Value> atLatch = new HashMap<>();
    for (Inst p : phis) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      atEntry.put(f.result(p), phi.values().get(phi.blocks().indexOf(pre)));
      atLatch.put(f.result(p), phi.values().get(phi.blocks().indexOf(latch)));
    }
    // new phis at the top of the body and the exit, filled in below
    Map<Value, Value> inBody = new LinkedHashMap<>();
    Map<Value, Value> atExit = new LinkedHashMap<>();
    List<Value> headerValues = headerValues(f, phis, work);
    for (Value v : headerValues) {
      inBody.put(
          v,
          f.result(f.insertAtStart(body, new InstData.Phi(List.of(), List.of()), f.type(v), line)));
      atExit.put(
          v,
          f.result(f.insertAtStart(exit, new InstData.Phi(List.of(), List.of()), f.type(v), line)));
    }
    // a latch value that is itself a header value means that value in the current iteration
    atLatch.replaceAll((k, v) -> inBody.getOrDefault(v, v));
    Inst preJump = f.terminator(pre);
    Inst latchJump = f.terminator(latch);
    for (Inst i : work) {
      InstData d = f.data(i);
      Value r = f.result(i);
      Inst e =
          f.insertBefore(
              preJump, d.mapOperands(x -> atEntry.getOrDefault(x, x)), f.type(r), f.line(i));
      atEntry.put(r, f.result(e));
      Inst l =
          f.insertBefore(
              latchJump,
              d.mapOperands(x -> atLatch.getOrDefault(x, inBody.getOrDefault(x, x))),
              f.type(r),
              f.line(i));
      atLatch.put(r, f.result(l));
    }
    Value cond = br.condition();
    f.setData(preJump, branch(atEntry.getOrDefault(cond, cond), bodyFirst, body, exit));
    // the latch leaves through a block of its own, so the exit phis' copies run once, on leaving,
    // not on every iteration (the latch-to-exit edge is critical)
    Block leave = f.addBlockAfter(latch);
    sweep.addBlock(leave, latch);
    f.append(leave, new InstData.Jump(exit), VoidType.VOID, line);
    f.setData(
        latchJump,
        branch(
            atLatch.getOrDefault(cond, inBody.getOrDefault(cond, cond)), bodyFirst, body, leave));
    // every use outside the header reads the body's or the exit's phi
    for (Value v : headerValues) {
      rewriteUses(f, sweep, f.readers(v), v, exit, inBody.get(v), atExit.get(v), h);
    }
    for (Value v : headerValues) {
      setPhi(f, inBody.get(v), pre, atEntry.get(v), latch, atLatch.get(v));
      setPhi(f, atExit.get(v), pre, atEntry.get(v), leave, atLatch.get(v));
    }
    f.removeBlock(h);
    return true;
  }

  /**
   * True if every use of a header value outside the header is in the loop (where the body's phi
   * will dominate it) or after the exit (the exit's phi). A use reached through another exit too (a
   * {@code break} joining the exit path) would need a phi of both, which this pass does not build:
   * such loops are not rotated.
   */
  private static boolean usesReachable(
      Function f,
      LoopsUntilStable.Sweep sweep,
      LoopInfo.Loop loop,
      Block h,
      Block exit,
      List<Value> values) {
    for (Value v : values) {
      for (Inst i : f.readers(v)) {
        Block at = f.blockOf(i);
        InstData d = f.data(i);
        if (at.equals(h)) {
          continue;
        }
        for (int k = 0; k < d.operands().size(); k++) {
          if (!v.equals(d.operands().get(k))) {
            continue;
          }
          Block where = d instanceof InstData.Phi phi ? phi.blocks().get(k) : at;
          if (!(loop.contains(where) && !where.equals(h)) && !sweep.dominates(exit, where)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** The values the header defines: its phis' and its instructions' results. */
  private static List<Value> headerValues(Function f, List<Inst> phis, List<Inst> work) {
    List<Value> values = new ArrayList<>();
    phis.forEach(p -> values.add(f.result(p)));
    work.forEach(i -> values.add(f.result(i)));
    values.removeIf(v -> v == null);
    return values;
  }

  private static InstData branch(Value c, boolean bodyFirst, Block body, Block exit) {
    return bodyFirst ? new InstData.Branch(c, body, exit) : new InstData.Branch(c, exit, body);
  }

  private static boolean hasPhis(Function f, Block b) {
    return f.insts(b).stream().anyMatch(i -> f.data(i) instanceof InstData.Phi);
  }

  /** Points the uses of {@code v} outside the header at the exit's phi or the body's. */
  private static void rewriteUses(
      Function f,
      LoopsUntilStable.Sweep sweep,
      List<Inst> readers,
      Value v,
      Block exit,
      Value body,
      Value after,
      Block h) {
    for (Inst i : readers) {
      Block at = f.blockOf(i);
      InstData d = f.data(i);
      if (at.equals(h)
          || !d.operands().contains(v)
          || f.result(i) == body
          || f.result(i) == after) {
        continue;
      }
      if (d instanceof InstData.Phi phi) {
        List<Value> values = new ArrayList<>(phi.values());
        for (int k = 0; k < values.size(); k++) {
          if (values.get(k).equals(v)) {
            values.set(k, sweep.dominates(exit, phi.blocks().get(k)) ? after : body);
          }
        }
        f.setData(i, new InstData.Phi(phi.blocks(), values));
      } else {
        Value to = sweep.dominates(exit, at) ? after : body;
        f.setData(i, d.mapOperands(x -> x.equals(v) ? to : x));
      }
    }
  }

  private static void setPhi(Function f, Value phi, Block a, Value va, Block b, Value vb) {
    f.setData(f.definingInst(phi), new InstData.Phi(List.of(a, b), List.of(va, vb)));
  }
}
