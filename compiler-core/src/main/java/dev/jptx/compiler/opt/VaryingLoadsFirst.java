package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.UniformValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Issues a read-only load whose address differs between threads before a read-only load of a
 * uniform address just ahead of it in the same block. A warp's uniform load is one transaction,
 * usually a cache hit; a varying one may touch many sectors and wait far longer, so starting it
 * first hides more of its latency. {@code ptxas} (13.0, sm_90 and sm_100) also allocates fewer
 * registers for this order: conv1d's {@code w[t] * in[i + t - 4]}, Java's operand order, needs 32
 * as written and 27 with {@code in} loaded first (docs/quality.md).
 *
 * <p>Only invariant loads move ({@code @ReadOnly} arrays: nothing writes them, so they commute with
 * every other memory access), only forward past at most {@link #WINDOW} instructions, never past a
 * store, call or other instruction with an effect (a bounds check must still come first), and
 * together with the {@code ptradd} that computes their address when it sits in between.
 */
public final class VaryingLoadsFirst implements FunctionPass {
  /** How far ahead of a uniform load a varying load is looked for. */
  static final int WINDOW = 6;

  @Override
  public String name() {
    return "varying-loads-first";
  }

  @Override
  public boolean run(Function f) {
    UniformValues uniform = UniformValues.of(f);
    boolean changed = false;
    for (Block b : f.blocks()) {
      List<Inst> insts = List.copyOf(f.insts(b));
      for (int k = 0; k < insts.size(); k++) {
        if (isInvariantLoad(f, insts.get(k), uniform, true)) {
          changed |= pullVaryingLoad(f, b, insts.get(k), uniform);
        }
      }
    }
    return changed;
  }

  private static boolean isInvariantLoad(
      Function f, Inst i, UniformValues uniform, boolean uniformAddress) {
    return f.data(i) instanceof InstData.Load load
        && load.invariant()
        && uniform.isUniform(load.address()) == uniformAddress;
  }

  /** Moves the first varying load within the window after {@code u} (and its address) before it. */
  private static boolean pullVaryingLoad(Function f, Block b, Inst u, UniformValues uniform) {
    List<Inst> insts = f.insts(b);
    int at = insts.indexOf(u);
    for (int k = at + 1; k < insts.size() && k <= at + WINDOW; k++) {
      Inst i = insts.get(k);
      InstData d = f.data(i);
      if (!(d instanceof InstData.Load) && !PureOps.isPure(d)) {
        return false;
      }
      if (!isInvariantLoad(f, i, uniform, false)) {
        continue;
      }
      List<Inst> address = new ArrayList<>();
      if (!collectAddress(f, b, at, i, address)) {
        return false;
      }
      address.sort(Comparator.comparingInt(insts::indexOf));
      for (Inst a : address) {
        f.moveBefore(a, u);
      }
      f.moveBefore(i, u);
      return true;
    }
    return false;
  }

  /**
   * Collects the instructions of {@code b} after position {@code at} that {@code i} depends on;
   * false if one of them is not pure (it cannot move up with the load).
   */
  private static boolean collectAddress(Function f, Block b, int at, Inst i, List<Inst> into) {
    List<Inst> insts = f.insts(b);
    for (Value v : f.data(i).operands()) {
      Inst def = f.definingInst(v);
      if (def == null
          || !f.blockOf(def).equals(b)
          || insts.indexOf(def) < at
          || into.contains(def)) {
        continue;
      }
      if (!PureOps.isPure(f.data(def)) || !collectAddress(f, b, at, def, into)) {
        return false;
      }
      into.add(def);
    }
    return true;
  }
}
