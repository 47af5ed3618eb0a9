package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import java.util.HashMap;
import java.util.Map;

/**
 * Which values are the same in every thread of a block (so in every lane of a warp): constants,
 * parameters, the launch shape ({@code ctaid ntid nctaid}) and pure operations of such values.
 * Phis, loads and everything else count as varying: the analysis is conservative and local, meant
 * for heuristics, never for correctness.
 */
public final class UniformValues {
  private final Function f;
  private final Map<Value, Boolean> known = new HashMap<>();

  private UniformValues(Function f) {
    this.f = f;
  }

  /** The analysis of {@code f}; values are classified on demand. */
  public static UniformValues of(Function f) {
    return new UniformValues(f);
  }

  /** True if {@code v} is provably the same in every thread of a block. */
  public boolean isUniform(Value v) {
    Boolean k = known.get(v);
    if (k != null) {
      return k;
    }
    // a cycle can only pass through a phi, which is varying: mark before recursing
    known.put(v, false);
    boolean u = compute(v);
    known.put(v, u);
    return u;
  }

  private boolean compute(Value v) {
    if (f.isConstant(v) || f.def(v) instanceof ValueDef.Param) {
      return true;
    }
    Inst def = f.definingInst(v);
    if (def == null) {
      return false;
    }
    InstData d = f.data(def);
    if (d instanceof InstData.IntrinsicCall call) {
      return isLaunchShape(call.intrinsic());
    }
    return switch (d.opcode()) {
      case ADD, SUB, MUL, AND, OR, XOR, SHL, LSHR, ASHR, ICMP, SELECT, PTRADD -> allUniform(d);
      case TRUNC, ZEXT, SEXT, BITCAST, ADDRSPACECAST, GLOBALADDR -> allUniform(d);
      default -> false;
    };
  }

  private boolean allUniform(InstData d) {
    for (Value o : d.operands()) {
      if (!isUniform(o)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLaunchShape(Intrinsic i) {
    return switch (i) {
      case CTAID_X, CTAID_Y, CTAID_Z, NTID_X, NTID_Y, NTID_Z, NCTAID_X, NCTAID_Y, NCTAID_Z -> true;
      default -> false;
    };
  }
}
