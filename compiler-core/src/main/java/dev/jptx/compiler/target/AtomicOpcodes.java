package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.AtomicOp;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code atom} instructions, and the {@code red} forms of those that do not exchange, generated
 * over state space (global, shared, generic) and the (operation, type) pairs PTX has: one row per
 * pair with the targets it needs (its PTX ISA version is the opcodes' ISA column). An atomic
 * operation with no row here (float min/max, {@code f64} add before sm_60, exchanges and CAS of
 * floats), or whose row {@linkplain #flushesSubnormals flushes subnormals} outside fast math, is
 * expanded into a compare-and-swap loop or integer form before instruction selection.
 */
public final class AtomicOpcodes {
  private AtomicOpcodes() {}

  /** One PTX atomic: operation, IR value type, PTX type suffix, register class, availability. */
  public record Row(
      AtomicOp op,
      Type type,
      String ptxOp,
      String suffix,
      RegisterClass regClass,
      Availability when) {}

  // spotless:off
  private static final List<Row> ROWS = List.of(
      row(AtomicOp.ADD,   ScalarType.I32, "add",  "u32", B32, Availability.ALWAYS),
      row(AtomicOp.ADD,   ScalarType.I64, "add",  "u64", B64, Availability.ALWAYS),
      row(AtomicOp.ADD,   ScalarType.F32, "add",  "f32", F32, Availability.ALWAYS),
      // atom.add.f64 needs sm_60; older targets get a CAS loop
      row(AtomicOp.ADD,   ScalarType.F64, "add",  "f64", F64, Availability.fromSm(60)),
      row(AtomicOp.EXCH,  ScalarType.I32, "exch", "b32", B32, Availability.ALWAYS),
      row(AtomicOp.EXCH,  ScalarType.I64, "exch", "b64", B64, Availability.ALWAYS),
      row(AtomicOp.SMIN,  ScalarType.I32, "min",  "s32", B32, Availability.ALWAYS),
      row(AtomicOp.SMIN,  ScalarType.I64, "min",  "s64", B64, Availability.ALWAYS),
      row(AtomicOp.SMAX,  ScalarType.I32, "max",  "s32", B32, Availability.ALWAYS),
      row(AtomicOp.SMAX,  ScalarType.I64, "max",  "s64", B64, Availability.ALWAYS),
      row(AtomicOp.UMIN,  ScalarType.I32, "min",  "u32", B32, Availability.ALWAYS),
      row(AtomicOp.UMIN,  ScalarType.I64, "min",  "u64", B64, Availability.ALWAYS),
      row(AtomicOp.UMAX,  ScalarType.I32, "max",  "u32", B32, Availability.ALWAYS),
      row(AtomicOp.UMAX,  ScalarType.I64, "max",  "u64", B64, Availability.ALWAYS),
      row(AtomicOp.AND,   ScalarType.I32, "and",  "b32", B32, Availability.ALWAYS),
      row(AtomicOp.AND,   ScalarType.I64, "and",  "b64", B64, Availability.ALWAYS),
      row(AtomicOp.OR,    ScalarType.I32, "or",   "b32", B32, Availability.ALWAYS),
      row(AtomicOp.OR,    ScalarType.I64, "or",   "b64", B64, Availability.ALWAYS),
      row(AtomicOp.XOR,   ScalarType.I32, "xor",  "b32", B32, Availability.ALWAYS),
      row(AtomicOp.XOR,   ScalarType.I64, "xor",  "b64", B64, Availability.ALWAYS),
      row(AtomicOp.INC,   ScalarType.I32, "inc",  "u32", B32, Availability.ALWAYS),
      row(AtomicOp.DEC,   ScalarType.I32, "dec",  "u32", B32, Availability.ALWAYS),
      row(AtomicOp.CAS,   ScalarType.I32, "cas",  "b32", B32, Availability.ALWAYS),
      row(AtomicOp.CAS,   ScalarType.I64, "cas",  "b64", B64, Availability.ALWAYS));
  // spotless:on

  private static final List<AddressSpace> SPACES =
      List.of(AddressSpace.GLOBAL, AddressSpace.SHARED, AddressSpace.GENERIC);

  private static final List<MachineOpcode> OPCODES = opcodes();

  private static final Set<String> GLOBAL =
      OPCODES.stream()
          .map(MachineOpcode::name)
          .filter(n -> n.contains("_GLOBAL_"))
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  private static Row row(
      AtomicOp op, Type type, String ptxOp, String suffix, RegisterClass c, Availability when) {
    return new Row(op, type, ptxOp, suffix, c, when);
  }

  private static List<MachineOpcode> opcodes() {
    List<MachineOpcode> all = new ArrayList<>();
    for (AddressSpace space : SPACES) {
      for (Row r : ROWS) {
        all.add(opcode(space, r));
        if (hasReduction(r)) {
          all.add(reduction(space, r));
        }
      }
    }
    return List.copyOf(all);
  }

  /** {@code red} has every operation of {@code atom} except the exchanges, which return a value. */
  private static boolean hasReduction(Row r) {
    return r.op() != AtomicOp.EXCH && r.op() != AtomicOp.CAS;
  }

  private static String reductionName(AddressSpace space, Row r) {
    return name(space, r).replaceFirst("^ATOM_", "RED_");
  }

  /** {@code red}: the read-modify-write of {@code atom} without the old value, so no result. */
  private static MachineOpcode reduction(AddressSpace space, Row r) {
    String sp = space == AddressSpace.GENERIC ? "" : "." + space.ptxName();
    List<OperandSpec> uses =
        List.of(
            OperandSpec.reg(AddressWidths.registerClass(space)),
            OperandSpec.imm(),
            OperandSpec.regOrImm(r.regClass()));
    String template = "red" + sp + "." + r.ptxOp() + "." + r.suffix() + " {a0}, {u2}";
    OpcodeShape shape = new OpcodeShape(ConstraintFamily.ATOMIC, List.of(), uses, template, true);
    return new GeneratedOpcode(reductionName(space, r), r.when().minPtx(), shape);
  }

  /**
   * The {@code red} of a row in a space, for an atomic whose old value nothing reads; null for the
   * exchanges.
   */
  public static MachineOpcode reductionOpcode(Row r, AddressSpace space) {
    if (!hasReduction(r)) {
      return null;
    }
    String n = reductionName(space, r);
    for (MachineOpcode o : OPCODES) {
      if (o.name().equals(n)) {
        return o;
      }
    }
    throw new IllegalArgumentException("no reduction " + n);
  }

  private static String name(AddressSpace space, Row r) {
    String sp = space == AddressSpace.GENERIC ? "" : space.name() + "_";
    return ("ATOM_" + sp + r.ptxOp() + "_" + r.suffix()).toUpperCase(Locale.ROOT);
  }

  private static MachineOpcode opcode(AddressSpace space, Row r) {
    String sp = space == AddressSpace.GENERIC ? "" : "." + space.ptxName();
    List<OperandSpec> uses = new ArrayList<>();
    uses.add(OperandSpec.reg(AddressWidths.registerClass(space)));
    uses.add(OperandSpec.imm());
    uses.add(OperandSpec.regOrImm(r.regClass()));
    String template = "atom" + sp + "." + r.ptxOp() + "." + r.suffix() + " {d0}, {a0}, {u2}";
    if (r.op() == AtomicOp.CAS) {
      uses.add(OperandSpec.regOrImm(r.regClass()));
      template += ", {u3}";
    }
    ConstraintFamily family =
        r.op() == AtomicOp.CAS ? ConstraintFamily.CAS : ConstraintFamily.ATOMIC;
    OpcodeShape shape = new OpcodeShape(family, List.of(r.regClass()), uses, template, true);
    return new GeneratedOpcode(name(space, r), r.when().minPtx(), shape);
  }

  /** The row for {@code op} on {@code type} where {@code target} has it, or null. */
  public static Row find(AtomicOp op, Type type, SmTarget target) {
    for (Row r : ROWS) {
      if (r.op() == op && r.type().equals(type) && r.when().appliesTo(target)) {
        return r;
      }
    }
    return null;
  }

  /**
   * True if the row's instruction flushes subnormal inputs and results to zero in {@code space},
   * where Java's arithmetic keeps them: {@code atom.add.f32} on global memory (PTX ISA, {@code
   * atom}; on shared memory it keeps them). A generic address may be global, so it counts as
   * global.
   */
  public static boolean flushesSubnormals(Row r, AddressSpace space) {
    return r.op() == AtomicOp.ADD && r.type() == ScalarType.F32 && space != AddressSpace.SHARED;
  }

  /** The machine opcode of a row in a space. */
  public static MachineOpcode opcode(Row r, AddressSpace space) {
    String n = name(space, r);
    for (MachineOpcode o : OPCODES) {
      if (o.name().equals(n)) {
        return o;
      }
    }
    throw new IllegalArgumentException("no atomic " + n);
  }

  /**
   * True if {@code op} is an {@code atom} or {@code red} of this table on global memory (not on
   * shared or generic addresses, which may be shared).
   */
  public static boolean onGlobalMemory(MachineOpcode op) {
    return GLOBAL.contains(op.name());
  }

  /** The opcodes the table generates: every row in every space, atom and red. */
  static List<MachineOpcode> generated() {
    return OPCODES;
  }
}
