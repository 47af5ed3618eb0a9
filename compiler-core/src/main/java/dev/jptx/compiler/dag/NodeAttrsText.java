package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.AtomicOp;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ConstantText;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.text.LineLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A node's attributes as DAG text, the part between {@code <} and {@code >} after its opcode. Each
 * opcode spells the fields it uses, in a fixed order; {@code fast} ends the list of any node with
 * fast math. The fields left unspelled follow from these and the function: a {@code load_param}'s
 * from its parameter, a {@code frame_addr}'s space ({@code local}), a load's or store's invariance
 * when the word is absent. {@link #parse} reads exactly what {@link #format} writes.
 *
 * <pre>
 * constant&lt;-1&gt;  constant_fp&lt;0.5&gt;  constant_fp&lt;0x7FC00000&gt;  copy_to_reg&lt;%3&gt;
 * load_param&lt;@k_param_2 sext&gt;  special_reg&lt;%tid.x&gt;  setcc&lt;olt&gt;  sign_extend_inreg&lt;i8&gt;
 * load&lt;global f32 invariant zext&gt;  store&lt;shared i8&gt;  atomic&lt;add global f32&gt;  brcond&lt;b2, b1&gt;
 * frame_addr&lt;@__local0&gt;  global_addr&lt;shared @tile&gt;  call&lt;@f&gt;  addrspace_cast&lt;local&gt;
 * intrinsic&lt;sqrt.approx fast&gt;  fadd&lt;fast&gt;  fp_round&lt;exact&gt;
 * </pre>
 */
final class NodeAttrsText {
  private NodeAttrsText() {}

  /** The attribute text of {@code n}, or "" if it has none. */
  static String format(SdNode n) {
    NodeAttrs a = n.attrs();
    String s =
        switch (n.opcode()) {
          case CONSTANT, CONSTANT_FP -> ConstantText.format(n.resultTypes().get(0), a.bits());
          case COPY_FROM_REG, COPY_TO_REG -> "%" + a.bits();
          case LOAD_PARAM -> "@" + a.name() + extension(a);
          case SPECIAL_REG -> a.name();
          case SETCC -> a.predicate().text();
          case SIGN_EXTEND_INREG -> a.memType().text();
          case LOAD, STORE, LOAD_VECTOR, STORE_VECTOR ->
              a.space().ptxName()
                  + " "
                  + a.memType().text()
                  + (a.invariant() ? " invariant" : "")
                  + extension(a);
          case ATOMIC ->
              ((AtomicOp) a.operation()).text()
                  + " "
                  + a.space().ptxName()
                  + " "
                  + a.memType().text();
          case BR, BRCOND ->
              "b" + String.join(", b", a.targets().stream().map(String::valueOf).toList());
          case FRAME_ADDR, CALL -> "@" + a.name();
          // the library function a LibCall row will call
          case FREM -> a.name() == null ? "" : "@" + a.name();
          case GLOBAL_ADDR -> a.space().ptxName() + " @" + a.name();
          case ADDRSPACE_CAST -> a.space().ptxName();
          case INTRINSIC, INTRINSIC_CHAIN -> ((Intrinsic) a.operation()).text();
          case FP_ROUND -> a.bits() == NodeAttrs.EXACT ? "exact" : "";
          default -> "";
        };
    if (a.fastMath()) {
      s += s.isEmpty() ? "fast" : " fast";
    }
    return s;
  }

  private static String extension(NodeAttrs a) {
    return switch (a.extension()) {
      case ZERO -> " zext";
      case SIGN -> " sext";
      case ANY -> " anyext";
      default -> "";
    };
  }

  /**
   * Reads the attributes of a node of opcode {@code op} up to (not including) the closing {@code
   * >}; {@code results} and {@code operands} are the node's, {@code f} the function it belongs to.
   */
  static NodeAttrs parse(
      LineLexer lx, DagOpcode op, List<Type> results, List<SdValue> operands, DagFunction f) {
    NodeAttrs a =
        switch (op) {
          case CONSTANT, CONSTANT_FP -> NodeAttrs.NONE.withBits(constant(lx, results.get(0)));
          case COPY_FROM_REG, COPY_TO_REG -> NodeAttrs.NONE.withBits(register(lx, f));
          case LOAD_PARAM -> loadParam(lx, f).withExtension(extension(lx));
          case SPECIAL_REG -> NodeAttrs.NONE.withName(lx.next());
          case SETCC -> NodeAttrs.NONE.withPredicate(predicate(lx, operands));
          case SIGN_EXTEND_INREG -> NodeAttrs.NONE.withMemType(type(lx));
          case LOAD, STORE, LOAD_VECTOR, STORE_VECTOR -> {
            AddressSpace space = space(lx);
            Type t = type(lx);
            NodeAttrs m = NodeAttrs.NONE.withMemory(t, space, lx.accept("invariant"));
            yield m.withExtension(extension(lx));
          }
          case ATOMIC -> {
            AtomicOp atomic = parse(lx, "atomic operation", AtomicOp::parse);
            AddressSpace space = space(lx);
            yield NodeAttrs.NONE.withOperation(atomic).withMemory(type(lx), space, false);
          }
          case BR, BRCOND -> NodeAttrs.NONE.withTargets(targets(lx));
          case FRAME_ADDR -> frameAddress(lx, f);
          case CALL -> NodeAttrs.NONE.withName(symbol(lx));
          case FREM ->
              lx.peek().startsWith("@") ? NodeAttrs.NONE.withName(symbol(lx)) : NodeAttrs.NONE;
          case GLOBAL_ADDR -> {
            AddressSpace space = space(lx);
            yield NodeAttrs.NONE.withSpace(space).withName(symbol(lx));
          }
          case ADDRSPACE_CAST -> NodeAttrs.NONE.withSpace(space(lx));
          case INTRINSIC, INTRINSIC_CHAIN ->
              NodeAttrs.NONE.withOperation(parse(lx, "intrinsic", Intrinsic::parse));
          case FP_ROUND ->
              lx.accept("exact") ? NodeAttrs.NONE.withBits(NodeAttrs.EXACT) : NodeAttrs.NONE;
          default -> NodeAttrs.NONE;
        };
    return a.withFastMath(lx.accept("fast"));
  }

  private static long constant(LineLexer lx, Type t) {
    return parse(lx, "constant of type " + t.text(), x -> ConstantText.parse(t, x));
  }

  /** {@code %N}, a register of {@code f}. */
  static int register(LineLexer lx, DagFunction f) {
    String t = lx.peek();
    int id = t.startsWith("%") ? parseInt(t.substring(1)) : -1;
    if (id < 0 || id >= f.registers().size()) {
      throw lx.error("'" + t + "' is not a register of the 'regs' line");
    }
    lx.next();
    return id;
  }

  private static NodeAttrs loadParam(LineLexer lx, DagFunction f) {
    String t = lx.peek();
    for (int i = 0; i < f.params().size(); i++) {
      if (t.equals("@" + f.params().get(i).symbol())) {
        lx.next();
        return NodeAttrs.loadParam(i, f.params().get(i));
      }
    }
    throw lx.error("'" + t + "' is not a parameter of the header");
  }

  private static NodeAttrs frameAddress(LineLexer lx, DagFunction f) {
    String t = lx.peek();
    if (f.frame().stream().noneMatch(s -> t.equals("@" + s.symbol()))) {
      throw lx.error("'" + t + "' is not a local of a 'local' line");
    }
    lx.next();
    return NodeAttrs.NONE.withName(t.substring(1)).withSpace(AddressSpace.LOCAL);
  }

  private static NodeAttrs.LoadExtension extension(LineLexer lx) {
    if (lx.accept("zext")) {
      return NodeAttrs.LoadExtension.ZERO;
    } else if (lx.accept("sext")) {
      return NodeAttrs.LoadExtension.SIGN;
    } else if (lx.accept("anyext")) {
      return NodeAttrs.LoadExtension.ANY;
    }
    return NodeAttrs.LoadExtension.NONE;
  }

  /** Integer predicates for integer operands, float ones ({@code ult} is unordered) for floats. */
  private static CmpPredicate predicate(LineLexer lx, List<SdValue> operands) {
    Type t = operands.isEmpty() ? ScalarType.I32 : operands.get(0).type();
    boolean floating =
        t instanceof ScalarType s
            ? s.isFloat()
            : t instanceof VectorType v && v.element().isFloat();
    return parse(lx, "predicate", x -> CmpPredicate.parse(x, floating));
  }

  private static Integer[] targets(LineLexer lx) {
    List<Integer> out = new ArrayList<>();
    do {
      out.add(block(lx));
    } while (lx.accept(","));
    return out.toArray(new Integer[0]);
  }

  /** {@code bN}, a block's layout index. */
  static int block(LineLexer lx) {
    String t = lx.peek();
    int b = t.startsWith("b") ? parseInt(t.substring(1)) : -1;
    if (b < 0) {
      throw lx.error("expected a block bN but found '" + t + "'");
    }
    lx.next();
    return b;
  }

  static Type type(LineLexer lx) {
    return parse(lx, "type", Type::parse);
  }

  private static AddressSpace space(LineLexer lx) {
    return parse(lx, "state space", AddressSpace::parse);
  }

  static String symbol(LineLexer lx) {
    String t = lx.peek();
    if (!t.startsWith("@") || t.length() < 2) {
      throw lx.error("expected a @symbol but found '" + t + "'");
    }
    lx.next();
    return t.substring(1);
  }

  /** The next token read by {@code reader}; its complaint becomes an error at the token. */
  private static <T> T parse(LineLexer lx, String what, Function<String, T> reader) {
    String t = lx.peek();
    try {
      T v = reader.apply(t);
      lx.next();
      return v;
    } catch (IllegalArgumentException e) {
      throw lx.error("expected a " + what + " but found '" + t + "'");
    }
  }

  /** A non-negative decimal, or -1. */
  static int parseInt(String s) {
    return s.matches("\\d{1,9}") ? Integer.parseInt(s) : -1;
  }
}
