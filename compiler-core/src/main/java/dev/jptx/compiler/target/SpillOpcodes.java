package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B128;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.RegisterClass.H16;
import static dev.jptx.compiler.target.RegisterClass.H32;
import static dev.jptx.compiler.target.Rows.loadSymbol;
import static dev.jptx.compiler.target.Rows.storeSymbol;

import java.util.EnumMap;
import java.util.Map;

/**
 * The spill code of each register class: a store of the whole register into a {@code .local} slot
 * and the reload from it, both addressed by the slot's symbol plus an immediate offset ({@code
 * st.local.b32 [__local_depot0+8], %r3}), so that spill code needs no address register while the
 * allocator is short of registers. A slot access moves the class's float type, else its untyped
 * width (the bits move). Predicates have none: PTX cannot store a {@code .pred}, and no explicit
 * budget limits them (a {@code .maxnreg} counts data registers only).
 */
public enum SpillOpcodes implements MachineOpcode {
  // spotless:off
  ST_LOCAL_SLOT_B16 ("any", storeSymbol("st.local.b16", B16)),
  ST_LOCAL_SLOT_B32 ("any", storeSymbol("st.local.b32", B32)),
  ST_LOCAL_SLOT_B64 ("any", storeSymbol("st.local.b64", B64)),
  ST_LOCAL_SLOT_F32 ("any", storeSymbol("st.local.f32", F32)),
  ST_LOCAL_SLOT_F64 ("any", storeSymbol("st.local.f64", F64)),
  ST_LOCAL_SLOT_H16 ("any", storeSymbol("st.local.b16", H16)),
  ST_LOCAL_SLOT_H32 ("any", storeSymbol("st.local.b32", H32)),
  ST_LOCAL_SLOT_B128("8.3", storeSymbol("st.local.b128", B128)),
  LD_LOCAL_SLOT_B16 ("any", loadSymbol("ld.local.b16", B16)),
  LD_LOCAL_SLOT_B32 ("any", loadSymbol("ld.local.b32", B32)),
  LD_LOCAL_SLOT_B64 ("any", loadSymbol("ld.local.b64", B64)),
  LD_LOCAL_SLOT_F32 ("any", loadSymbol("ld.local.f32", F32)),
  LD_LOCAL_SLOT_F64 ("any", loadSymbol("ld.local.f64", F64)),
  LD_LOCAL_SLOT_H16 ("any", loadSymbol("ld.local.b16", H16)),
  LD_LOCAL_SLOT_H32 ("any", loadSymbol("ld.local.b32", H32)),
  LD_LOCAL_SLOT_B128("8.3", loadSymbol("ld.local.b128", B128));
  // spotless:on

  private static final Map<RegisterClass, MachineOpcode> STORES =
      new EnumMap<>(RegisterClass.class);
  private static final Map<RegisterClass, MachineOpcode> RELOADS =
      new EnumMap<>(RegisterClass.class);

  static {
    for (SpillOpcodes op : values()) {
      if (op.family() == ConstraintFamily.STORE) {
        STORES.put(op.uses().get(2).registerClass(), op);
      } else {
        RELOADS.put(op.defs().get(0), op);
      }
    }
  }

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  SpillOpcodes(String ptxIsa, OpcodeShape shape) {
    this.ptxIsa = PtxIsa.parseColumn(ptxIsa);
    this.shape = shape;
  }

  @Override
  public PtxVersion ptxIsa() {
    return ptxIsa;
  }

  @Override
  public OpcodeShape shape() {
    return shape;
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
}
