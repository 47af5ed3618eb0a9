package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives generic pointers back their state space where it is known (seed: LLVM's
 * InferAddressSpaces). A device function takes arrays as generic addresses so that one body serves
 * every space; once it is inlined, each generic pointer that can only come from one space — through
 * {@code addrspacecast}s, {@code ptradd}s, phis and selects — is rebuilt in that space, so that
 * loads and stores use {@code ld.global} (and {@code ld.global.nc} for {@code @ReadOnly} arrays) or
 * {@code ld.shared} instead of generic {@code ld}. Uses that need a generic pointer (calls) get a
 * cast of the rebuilt value. The old generic values are left for DCE.
 */
public final class InferAddressSpaces implements FunctionPass {
  private static final PointerType GENERIC = new PointerType(AddressSpace.GENERIC);

  @Override
  public String name() {
    return "infer-address-spaces";
  }

  @Override
  public boolean run(Function f) {
    Map<Value, AddressSpace> space = infer(f);
    Map<Value, AddressSpace> rebuilt = new LinkedHashMap<>();
    space.forEach(
        (v, s) -> {
          if (s != null && s != AddressSpace.GENERIC && isRebuildable(f, v)) {
            rebuilt.put(v, s);
          }
        });
    if (rebuilt.isEmpty()) {
      return false;
    }
    new Rewriter(f, rebuilt).run();
    ReadOnlyLoads.mark(f);
    return true;
  }

  /** The space each generic pointer expression can only point into; null while unknown. */
  private static Map<Value, AddressSpace> infer(Function f) {
    Map<Value, AddressSpace> space = new HashMap<>();
    List<Inst> exprs = new ArrayList<>();
    for (Inst i : f.allInsts()) {
      Value r = f.result(i);
      if (r != null && GENERIC.equals(f.type(r)) && isExpression(f.data(i))) {
        exprs.add(i);
        space.put(r, null);
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Inst i : exprs) {
        Value r = f.result(i);
        AddressSpace old = space.get(r);
        AddressSpace now = old;
        for (Value in : inputs(f.data(i))) {
          now = meet(now, spaceOf(f, in, space));
        }
        if (now != old) {
          space.put(r, now);
          changed = true;
        }
      }
    }
    return space;
  }

  /** Pointer operations whose result's space follows from their pointer inputs. */
  private static boolean isExpression(InstData d) {
    return d instanceof InstData.Phi
        || d instanceof InstData.PtrAdd
        || d instanceof InstData.Select
        || d instanceof InstData.Cast c && c.opcode() == Opcode.ADDRSPACECAST;
  }

  private static List<Value> inputs(InstData d) {
    if (d instanceof InstData.Phi p) {
      return p.values();
    } else if (d instanceof InstData.PtrAdd p) {
      return List.of(p.base());
    } else if (d instanceof InstData.Select s) {
      return List.of(s.ifTrue(), s.ifFalse());
    }
    return List.of(((InstData.Cast) d).operand());
  }

  private static AddressSpace spaceOf(Function f, Value v, Map<Value, AddressSpace> space) {
    Type t = f.type(v);
    if (!(t instanceof PointerType p)) {
      return AddressSpace.GENERIC;
    }
    if (p.space() != AddressSpace.GENERIC) {
      return p.space();
    }
    if (space.containsKey(v)) {
      return space.get(v);
    }
    // a constant null fits any space; parameters, loads and call results are truly generic
    return f.def(v) instanceof ValueDef.Constant ? null : AddressSpace.GENERIC;
  }

  /** Lattice meet: unknown (null) is the top, generic the bottom. */
  private static AddressSpace meet(AddressSpace a, AddressSpace b) {
    if (a == null) {
      return b;
    }
    if (b == null || a == b) {
      return a;
    }
    return AddressSpace.GENERIC;
  }

  private static boolean isRebuildable(Function f, Value v) {
    return f.definingInst(v) != null;
  }

  /** Builds the space-specific twin of every inferred value and moves the uses over. */
  private static final class Rewriter {
    private final Function f;
    private final Map<Value, AddressSpace> spaces;
    private final Map<Value, Value> twin = new HashMap<>();

    Rewriter(Function f, Map<Value, AddressSpace> spaces) {
      this.f = f;
      this.spaces = spaces;
    }

    void run() {
      // phis first (as placeholders), so cycles through them resolve
      for (Value v : spaces.keySet()) {
        Inst i = f.definingInst(v);
        if (f.data(i) instanceof InstData.Phi) {
          Inst phi =
              f.insertAtStart(
                  f.blockOf(i),
                  new InstData.Phi(List.of(), List.of()),
                  new PointerType(spaces.get(v)),
                  f.line(i));
          twin.put(v, f.result(phi));
        }
      }
      for (Value v : spaces.keySet()) {
        twinOf(v);
      }
      for (Value v : spaces.keySet()) {
        Inst i = f.definingInst(v);
        if (f.data(i) instanceof InstData.Phi p) {
          List<Value> in = new ArrayList<>();
          p.values().forEach(x -> in.add(inSpace(x, spaces.get(v))));
          f.setData(f.definingInst(twin.get(v)), new InstData.Phi(p.blocks(), in));
        }
      }
      moveUses();
    }

    private Value twinOf(Value v) {
      Value known = twin.get(v);
      if (known != null) {
        return known;
      }
      Inst i = f.definingInst(v);
      InstData d = f.data(i);
      PointerType t = new PointerType(spaces.get(v));
      Value made;
      if (d instanceof InstData.Cast c) {
        made = c.operand();
      } else if (d instanceof InstData.PtrAdd p) {
        made =
            f.result(
                f.insertBefore(
                    i,
                    new InstData.PtrAdd(inSpace(p.base(), t.space()), p.offset()),
                    t,
                    f.line(i)));
      } else {
        InstData.Select s = (InstData.Select) d;
        made =
            f.result(
                f.insertBefore(
                    i,
                    new InstData.Select(
                        s.condition(),
                        inSpace(s.ifTrue(), t.space()),
                        inSpace(s.ifFalse(), t.space())),
                    t,
                    f.line(i)));
      }
      twin.put(v, made);
      return made;
    }

    /** {@code v} (a pointer known to point into {@code s}) as a value of type {@code ptr.s}. */
    private Value inSpace(Value v, AddressSpace s) {
      PointerType t = (PointerType) f.type(v);
      if (t.space() == s) {
        return v;
      }
      if (f.def(v) instanceof ValueDef.Constant c) {
        return f.constant(new PointerType(s), c.bits());
      }
      return twinOf(v);
    }

    /** Memory operations read the twins; every other use reads a generic cast of the twin. */
    private void moveUses() {
      Map<Value, Value> generic = new HashMap<>();
      for (Block b : f.blocks()) {
        for (Inst i : List.copyOf(f.insts(b))) {
          InstData d = f.data(i);
          if (d instanceof InstData.Load l && spaces.containsKey(l.address())) {
            f.setData(i, new InstData.Load(twin.get(l.address()), l.invariant()));
          } else if (d instanceof InstData.Store s && spaces.containsKey(s.address())) {
            f.setData(i, new InstData.Store(twin.get(s.address()), s.value()));
          } else if (d instanceof InstData.Atomic a && spaces.containsKey(a.address())) {
            f.setData(i, new InstData.Atomic(a.op(), twin.get(a.address()), a.values()));
          } else if (!isRebuiltExpression(i) && usesRebuilt(d)) {
            f.setData(
                i,
                d.mapOperands(
                    v -> spaces.containsKey(v) ? generic.computeIfAbsent(v, this::castOf) : v));
          }
        }
      }
    }

    private boolean isRebuiltExpression(Inst i) {
      Value r = f.result(i);
      return r != null && spaces.containsKey(r);
    }

    private boolean usesRebuilt(InstData d) {
      for (Value v : d.operands()) {
        if (spaces.containsKey(v)) {
          return true;
        }
      }
      return false;
    }

    /** A generic cast of {@code v}'s twin, placed right after the twin's definition. */
    private Value castOf(Value v) {
      Value t = twin.get(v);
      Inst def = f.definingInst(t);
      InstData cast = new InstData.Cast(Opcode.ADDRSPACECAST, t);
      if (def == null) {
        return v;
      }
      Block b = f.blockOf(def);
      List<Inst> insts = f.insts(b);
      int at = insts.indexOf(def) + 1;
      while (at < insts.size() && f.data(insts.get(at)) instanceof InstData.Phi) {
        at++;
      }
      return at < insts.size()
          ? f.result(f.insertBefore(insts.get(at), cast, GENERIC, f.line(def)))
          : f.result(f.append(b, cast, GENERIC, f.line(def)));
    }
  }
}
