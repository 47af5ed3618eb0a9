package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.ValueDef;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.AddressWidths;
import dev.jptx.compiler.target.KernelAbi;
import dev.jptx.compiler.target.LegalTypes;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.TypeAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the SelectionDAGs of a function, one per reachable block in layout order (LLVM's
 * SelectionDAGBuilder with FunctionLoweringInfo). A value used outside its block, or by a phi,
 * lives in a virtual register of the class its legal type needs: its block copies it there, the
 * other blocks copy it out. Kernel parameters are loaded once, in the entry block. A phi becomes a
 * register defined from one register per predecessor; constant incoming values are copied into a
 * fresh register at the end of their predecessor.
 */
public final class DagBuilder {
  private final Function f;
  private final SmTarget target;
  private final DagFunction out;
  private final List<Block> layout;
  private final Map<Block, Integer> index = new HashMap<>();
  private final Map<Value, Integer> regOf = new LinkedHashMap<>();
  private final Map<Integer, List<ConstantCopy>> constantCopies = new HashMap<>();
  private final Map<Value, Integer> paramHome = new HashMap<>();
  private final Map<String, String> librarySymbols = new HashMap<>();

  /** A constant a phi needs in register {@code reg} at the end of a predecessor. */
  record ConstantCopy(int reg, Value value) {}

  private DagBuilder(Function f, SmTarget target) {
    this.f = f;
    this.target = target;
    List<ParamSlot> params = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      Type t = f.type(f.params().get(i));
      boolean kernel = f.kind() == Function.Kind.KERNEL;
      String ptxType =
          kernel ? KernelAbi.ptxParamType(t, f.paramFlags(i)) : KernelAbi.deviceParamType(t);
      params.add(new ParamSlot(KernelAbi.paramName(f.name(), i), ptxType, t));
    }
    this.out =
        new DagFunction(
            f.name(),
            f.kind() == Function.Kind.KERNEL,
            f.attributes(),
            target,
            params,
            dagType(f.returnType()));
    this.layout = Cfg.of(f).reversePostOrder().isEmpty() ? List.of() : reachableInLayout();
    for (int i = 0; i < layout.size(); i++) {
      index.put(layout.get(i), i);
    }
  }

  private List<Block> reachableInLayout() {
    Cfg cfg = Cfg.of(f);
    List<Block> l = new ArrayList<>();
    for (Block b : f.blocks()) {
      if (cfg.isReachable(b)) {
        l.add(b);
      }
    }
    return l;
  }

  /** The DAGs of {@code f} for {@code target}, every parameter loaded in the entry block. */
  public static DagFunction build(Function f, SmTarget target) {
    return build(f, target, false, Map.of());
  }

  /**
   * The DAGs of {@code f} for {@code target}; with {@code sinkParams}, each parameter is loaded in
   * the block that dominates all its uses, outside loops (as nvcc places its {@code cvta}), so a
   * thread that leaves early — a bounds check — does not load what it never reads. {@code
   * librarySymbols} (Java name to symbol of the module's functions) lets an operation that a {@code
   * LibCall} row will turn into a call name its library function ({@code frem<@Remainder_frem>}).
   */
  public static DagFunction build(
      Function f, SmTarget target, boolean sinkParams, Map<String, String> librarySymbols) {
    DagBuilder b = new DagBuilder(f, target);
    b.librarySymbols.putAll(librarySymbols);
    if (sinkParams && !b.layout.isEmpty()) {
      ParamPlacement.place(f, b.layout, b.index, b.paramHome);
    }
    b.assignRegisters();
    List<List<PhiCopy>> phis = b.phiCopies();
    for (int i = 0; i < b.layout.size(); i++) {
      SelectionDag dag = new BlockDagBuilder(b, i).build();
      b.out.addBlock(dag, phis.get(i));
    }
    return b.out;
  }

  // ---- registers for values that cross blocks

  private void assignRegisters() {
    // who reads each value, found in one walk (a walk per value made large functions quadratic)
    Map<Value, Set<Block>> readers = new HashMap<>();
    Set<Value> phiRead = new HashSet<>();
    for (Block b : layout) {
      for (Inst i : f.insts(b)) {
        InstData d = f.data(i);
        for (Value v : d.operands()) {
          readers.computeIfAbsent(v, k -> new HashSet<>()).add(b);
          if (d instanceof InstData.Phi) {
            phiRead.add(v);
          }
        }
      }
    }
    for (Value p : f.params()) {
      Block home = layout.isEmpty() ? null : layout.get(paramHome(p));
      if (usedOutside(p, home, readers, phiRead)) {
        reg(p);
      }
    }
    for (Block b : layout) {
      for (Inst i : f.insts(b)) {
        Value r = f.result(i);
        if (r != null
            && (f.data(i) instanceof InstData.Phi || usedOutside(r, b, readers, phiRead))) {
          reg(r);
        }
      }
    }
  }

  /** True if a PHI reads {@code v}, or an instruction in a block other than {@code home}. */
  private static boolean usedOutside(
      Value v, Block home, Map<Value, Set<Block>> readers, Set<Value> phiRead) {
    if (phiRead.contains(v)) {
      return true;
    }
    for (Block b : readers.getOrDefault(v, Set.of())) {
      if (!b.equals(home)) {
        return true;
      }
    }
    return false;
  }

  private int reg(Value v) {
    return regOf.computeIfAbsent(v, k -> newRegister(f.type(k)));
  }

  private int newRegister(Type t) {
    if (t instanceof VectorType v
        && !LegalTypes.isLegal(v, target)
        && LegalTypes.bitsCarrier(v, target) == null) {
      // one virtual register per IR value: a vector that legalization splits would need several,
      // unless its bits fit one integer register
      throw new IllegalStateException(
          "a value of type "
              + t.text()
              + " crosses blocks in "
              + f.name()
              + "; vectors wider than 64 bits of types no register holds must stay in their block");
    }
    if (isExpanded(t)) {
      // an integer split into halves crosses blocks in two registers, low half first
      Type half = LegalTypes.action(t, target).into();
      int lo = out.newRegister(LegalTypes.registerClass(half, target));
      out.newRegister(LegalTypes.registerClass(half, target));
      return lo;
    }
    Type legal = LegalTypes.registerType(t, target);
    return out.newRegister(LegalTypes.registerClass(legal, target));
  }

  /** True for integers type legalization splits in halves ({@code i128} without {@code .b128}). */
  boolean isExpanded(Type t) {
    LegalTypes.ActionRow a = LegalTypes.isLegal(t, target) ? null : LegalTypes.action(t, target);
    return a != null && a.action() == TypeAction.EXPAND_INTEGER;
  }

  private List<List<PhiCopy>> phiCopies() {
    List<List<PhiCopy>> all = new ArrayList<>();
    for (Block b : layout) {
      List<PhiCopy> copies = new ArrayList<>();
      for (Inst i : f.insts(b)) {
        if (f.data(i) instanceof InstData.Phi phi) {
          List<Integer> preds = new ArrayList<>();
          List<Integer> regs = new ArrayList<>();
          for (int k = 0; k < phi.blocks().size(); k++) {
            Integer p = index.get(phi.blocks().get(k));
            if (p == null) {
              continue;
            }
            Value v = phi.values().get(k);
            int r;
            if (f.isConstant(v)) {
              r = newRegister(f.type(v));
              constantCopies.computeIfAbsent(p, x -> new ArrayList<>()).add(new ConstantCopy(r, v));
            } else {
              r = regOf.get(v);
            }
            preds.add(p);
            regs.add(r);
          }
          copies.add(new PhiCopy(regOf.get(f.result(i)), preds, regs));
          if (isExpanded(f.type(f.result(i)))) {
            // the high halves move as a phi of their own, one register on
            copies.add(
                new PhiCopy(
                    regOf.get(f.result(i)) + 1, preds, regs.stream().map(r -> r + 1).toList()));
          }
        }
      }
      all.add(copies);
    }
    return all;
  }

  // ---- what the per-block builder reads

  Function function() {
    return f;
  }

  SmTarget target() {
    return target;
  }

  DagFunction output() {
    return out;
  }

  Block block(int i) {
    return layout.get(i);
  }

  int layoutIndex(Block b) {
    return index.get(b);
  }

  /** The symbol of the library function with Java name {@code javaName}, or null. */
  String librarySymbol(String javaName) {
    return librarySymbols.get(javaName);
  }

  /** The layout index of the block that loads parameter {@code p}. */
  int paramHome(Value p) {
    return paramHome.getOrDefault(p, 0);
  }

  /** The register of {@code v}, or null if it stays in its block. */
  Integer registerOf(Value v) {
    return regOf.get(v);
  }

  /** The values exported by the block at layout index {@code b}, in a fixed order. */
  List<Value> exportsOf(int b) {
    List<Value> out = new ArrayList<>();
    for (Value v : regOf.keySet()) {
      ValueDef d = f.def(v);
      boolean here =
          d instanceof ValueDef.Param
              ? b == paramHome(v)
              : d instanceof ValueDef.Result r
                  && !(f.data(r.inst()) instanceof InstData.Phi)
                  && index.get(f.blockOf(r.inst())) == b;
      if (here) {
        out.add(v);
      }
    }
    return out;
  }

  /** The constants that phis need copied into registers at the end of block {@code b}. */
  List<ConstantCopy> constantCopiesOf(int b) {
    return constantCopies.getOrDefault(b, List.of());
  }

  /** The DAG type of an IR type: pointers are {@code i64}. */
  static Type dagType(Type t) {
    return t instanceof PointerType p ? AddressWidths.type(p.space()) : t;
  }
}
