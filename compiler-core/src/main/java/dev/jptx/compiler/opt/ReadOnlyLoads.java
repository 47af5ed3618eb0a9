package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Marks loads whose address derives only from {@code @ReadOnly} parameters as invariant, so the
 * backend reads them through the read-only data cache ({@code ld.global.nc}). The address is traced
 * back through {@code ptradd} and phis to its base pointers; one base that is not a read-only
 * parameter and the load stays as it is. Run after SSA construction, when the phis that joined
 * array variables are known.
 */
public final class ReadOnlyLoads {
  private ReadOnlyLoads() {}

  /** Marks the loads of {@code f} that read only {@code @ReadOnly} arrays. */
  public static void mark(Function f) {
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.Load load
          && !load.invariant()
          && readOnly(f, load.address())) {
        f.setData(i, new InstData.Load(load.address(), true));
      }
    }
  }

  private static boolean readOnly(Function f, Value address) {
    Set<Value> seen = new HashSet<>();
    Deque<Value> work = new ArrayDeque<>();
    work.add(address);
    while (!work.isEmpty()) {
      Value v = work.poll();
      if (!seen.add(v)) {
        continue;
      }
      ValueDef d = f.def(v);
      if (d instanceof ValueDef.Param p) {
        if (!f.paramFlags(p.index()).readOnly()) {
          return false;
        }
      } else if (d instanceof ValueDef.Result r
          && f.data(r.inst()) instanceof InstData.PtrAdd add) {
        work.add(add.base());
      } else if (d instanceof ValueDef.Result r && f.data(r.inst()) instanceof InstData.Phi phi) {
        work.addAll(phi.values());
      } else {
        return false;
      }
    }
    return true;
  }
}
