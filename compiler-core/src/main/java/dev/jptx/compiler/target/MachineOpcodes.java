package dev.jptx.compiler.target;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** All machine opcodes of the target, from the family tables, by name. */
public final class MachineOpcodes {
  private static final Map<String, MachineOpcode> BY_NAME = index();

  private MachineOpcodes() {}

  private static Map<String, MachineOpcode> index() {
    List<MachineOpcode> all = new ArrayList<>();
    all.addAll(IntegerOpcodes.rows());
    all.addAll(FloatOpcodes.rows());
    all.addAll(CompareOpcodes.rows());
    all.addAll(ConversionOpcodes.rows());
    all.addAll(MemoryOpcodes.rows());
    all.addAll(MoveOpcodes.rows());
    all.addAll(AtomicOpcodes.rows());
    all.addAll(MathOpcodes.rows());
    all.addAll(SyncOpcodes.rows());
    all.addAll(HalfOpcodes.rows());
    all.addAll(SpillOpcodes.rows());
    Map<String, MachineOpcode> m = new LinkedHashMap<>();
    for (MachineOpcode o : all) {
      if (m.put(o.name(), o) != null) {
        throw new IllegalStateException("duplicate machine opcode " + o.name());
      }
    }
    return Collections.unmodifiableMap(m);
  }

  /** Every opcode, table by table. */
  public static List<MachineOpcode> all() {
    return List.copyOf(BY_NAME.values());
  }

  /** The opcode of that name, or null. */
  public static MachineOpcode find(String name) {
    return BY_NAME.get(name);
  }
}
