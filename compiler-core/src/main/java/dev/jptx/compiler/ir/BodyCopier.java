package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies the blocks and instructions of one function into another (or a fresh copy of itself): the
 * inliner pastes a callee into its caller this way, and the backend works on a per-target copy of a
 * module. Values are mapped through a table the caller seeds (the source's parameters to their
 * stand-ins); constants are re-interned in the destination.
 */
public final class BodyCopier {
  private static final InstData PLACEHOLDER = new InstData.Return(List.of());

  private final Function from;
  private final Function into;
  private final Map<Value, Value> values;
  private final Map<Block, Block> blocks = new HashMap<>();

  private BodyCopier(Function from, Function into, Map<Value, Value> values) {
    this.from = from;
    this.into = into;
    this.values = values;
  }

  /**
   * Copies every block of {@code from} into {@code into}, in layout order, placed after {@code
   * after} (or at the end if null). {@code values} maps each parameter of {@code from} to a value
   * of {@code into}, and receives the mapping of every result. Returns the block mapping.
   */
  public static Map<Block, Block> copy(
      Function from, Function into, Map<Value, Value> values, Block after) {
    BodyCopier c = new BodyCopier(from, into, values);
    c.run(after);
    return c.blocks;
  }

  /** A copy of {@code f} under another name (or the same). */
  public static Function copyOf(Function f, String name) {
    Function g = new Function(name, f.kind(), f.returnType());
    g.setAttributes(f.attributes());
    Map<Value, Value> values = new HashMap<>();
    for (int i = 0; i < f.params().size(); i++) {
      Value p = f.params().get(i);
      values.put(p, g.addParam(f.type(p), f.paramFlags(i)));
    }
    copy(f, g, values, null);
    return g;
  }

  /** A copy of a whole module, functions and variables. */
  public static Module copyOf(Module m) {
    Module c = new Module(m.name());
    m.globals().forEach(c::addGlobal);
    for (Function f : m.functions()) {
      c.add(copyOf(f, f.name()));
    }
    return c;
  }

  private void run(Block after) {
    Block prev = after;
    for (Block b : from.blocks()) {
      Block nb = prev == null ? into.addBlock() : into.addBlockAfter(prev);
      blocks.put(b, nb);
      prev = nb;
    }
    List<Inst[]> pairs = new ArrayList<>();
    for (Block b : from.blocks()) {
      for (Inst i : from.insts(b)) {
        Value r = from.result(i);
        Type t = r == null ? VoidType.VOID : from.type(r);
        Inst ni = into.append(blocks.get(b), PLACEHOLDER, t, from.line(i));
        if (r != null) {
          values.put(r, into.result(ni));
        }
        pairs.add(new Inst[] {i, ni});
      }
    }
    for (Inst[] p : pairs) {
      InstData d = from.data(p[0]).mapOperands(this::map).mapBlocks(blocks::get);
      into.setData(p[1], d);
    }
  }

  private Value map(Value v) {
    if (from.isConstant(v)) {
      return into.constant(from.type(v), from.constantBits(v));
    }
    Value m = values.get(v);
    if (m == null) {
      throw new IllegalStateException("no copy of " + v + " in @" + from.name());
    }
    return m;
  }
}
