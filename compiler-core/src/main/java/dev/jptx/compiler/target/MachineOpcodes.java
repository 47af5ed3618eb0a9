package dev.jptx.compiler.target;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * All machine opcodes of the target, by name: the constants of the family tables (their names are
 * the constants') and the opcodes the product tables generate. A name that two rows share is an
 * error when this class loads.
 */
public final class MachineOpcodes {
  private static final Map<String, MachineOpcode> BY_NAME = index();

  private MachineOpcodes() {}

  private static Map<String, MachineOpcode> index() {
    List<MachineOpcode> all = new ArrayList<>();
    all.addAll(List.of(IntegerOpcodes.values()));
    all.addAll(List.of(FloatOpcodes.values()));
    all.addAll(List.of(CompareOpcodes.values()));
    all.addAll(List.of(ConversionOpcodes.values()));
    all.addAll(List.of(MemoryOpcodes.values()));
    all.addAll(MemoryOpcodes.generated());
    all.addAll(List.of(MoveOpcodes.values()));
    all.addAll(AtomicOpcodes.generated());
    all.addAll(List.of(MathOpcodes.values()));
    all.addAll(List.of(SyncOpcodes.values()));
    all.addAll(List.of(HalfOpcodes.values()));
    all.addAll(List.of(SpillOpcodes.values()));
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
