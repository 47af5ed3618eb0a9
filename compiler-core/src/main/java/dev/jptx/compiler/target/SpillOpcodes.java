package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.Rows.loadSymbol;
import static dev.jptx.compiler.target.Rows.storeSymbol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The spill code of each register class: a store of the whole register into a {@code .local} slot
 * and the reload from it, both addressed by the slot's symbol plus an immediate offset ({@code
 * st.local.b32 [__local_depot0+8], %r3}), so that spill code needs no address register while the
 * allocator is short of registers. Predicates have none: PTX cannot store a {@code .pred}, and no
 * explicit budget limits them (a {@code .maxnreg} counts data registers only).
 */
public final class SpillOpcodes {
  private static final Map<RegisterClass, MachineOpcode> STORES =
      new EnumMap<>(RegisterClass.class);
  private static final Map<RegisterClass, MachineOpcode> RELOADS =
      new EnumMap<>(RegisterClass.class);

  static {
    for (RegisterClass c : RegisterClass.values()) {
      if (c == RegisterClass.PRED) {
        continue;
      }
      String type = typeOf(c);
      String name = c.mirName().toUpperCase(java.util.Locale.ROOT);
      STORES.put(c, storeSymbol("ST_LOCAL_SLOT_" + name, "st.local." + type, c));
      RELOADS.put(c, loadSymbol("LD_LOCAL_SLOT_" + name, "ld.local." + type, c));
    }
  }

  private SpillOpcodes() {}

  /** The type a slot access uses: the class's float type, else its untyped width (bits move). */
  private static String typeOf(RegisterClass c) {
    return switch (c) {
      case F32 -> "f32";
      case F64 -> "f64";
      default -> "b" + c.bits();
    };
  }

  /** The store of a register of class {@code c} into a slot, or null for predicates. */
  public static MachineOpcode store(RegisterClass c) {
    return STORES.get(c);
  }

  /** The reload of a register of class {@code c} from a slot, or null for predicates. */
  public static MachineOpcode reload(RegisterClass c) {
    return RELOADS.get(c);
  }

  /** True for a spill store of any class. */
  public static boolean isStore(MachineOpcode op) {
    return STORES.containsValue(op);
  }

  /** True for a reload of any class. */
  public static boolean isReload(MachineOpcode op) {
    return RELOADS.containsValue(op);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    List<MachineOpcode> all = new ArrayList<>(STORES.values());
    all.addAll(RELOADS.values());
    return Collections.unmodifiableList(all);
  }
}
