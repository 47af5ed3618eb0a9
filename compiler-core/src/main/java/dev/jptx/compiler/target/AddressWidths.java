package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.ScalarType;
import java.util.EnumMap;
import java.util.Map;

/**
 * The width of an address in each state space, one row per space (LLVM's pointer size per address
 * space, NVPTX's {@code nvptx-short-ptr}): the type a pointer into the space has from the DAG on,
 * and the register class that addresses an access to it.
 *
 * <p>Shared addresses are 32 bits on every target jptx supports (sm_52 and newer): the PTX ISA,
 * section 5.1.4 "Shared State Space" and 6.4.1 "Addresses as Operands", places the {@code .shared}
 * window of a CTA in a 32-bit address range (at most 228 KB per CTA on sm_90), so {@code ld.shared
 * [%r1]} with a {@code .b32} register addresses all of it, as nvcc's PTX does: one register instead
 * of a pair, 32-bit index arithmetic instead of {@code mul.wide}. A generic pointer to shared
 * memory ({@code cvta.shared.u64}) stays 64 bits: the generic window is 64-bit under {@code
 * .address_size 64}.
 */
public final class AddressWidths {
  private AddressWidths() {}

  // spotless:off
  private static final Map<AddressSpace, ScalarType> TYPE = new EnumMap<>(Map.of(
      AddressSpace.GENERIC, ScalarType.I64,
      AddressSpace.GLOBAL,  ScalarType.I64,
      // the .shared window fits in 32 bits (see above)
      AddressSpace.SHARED,  ScalarType.I32,
      // nvcc keeps .local addresses 64-bit (its %SPL); frame code here relies on it
      AddressSpace.LOCAL,   ScalarType.I64,
      AddressSpace.CONST,   ScalarType.I64,
      AddressSpace.PARAM,   ScalarType.I64));
  // spotless:on

  /** The integer type of an address in {@code space}: {@code i32} or {@code i64}. */
  public static ScalarType type(AddressSpace space) {
    return TYPE.get(space);
  }

  /** The register class of an address in {@code space}: {@code b32} or {@code b64}. */
  public static RegisterClass registerClass(AddressSpace space) {
    return type(space) == ScalarType.I32 ? RegisterClass.B32 : RegisterClass.B64;
  }

  /** True if an address in {@code space} is narrower than a generic one. */
  public static boolean isShort(AddressSpace space) {
    return type(space) != type(AddressSpace.GENERIC);
  }

  /**
   * The register class of an address in the space PTX names {@code ptxName} ({@code shared}), or
   * null if it names none (for readers of PTX text, which know spaces by name).
   */
  public static RegisterClass registerClassOf(String ptxName) {
    for (AddressSpace s : AddressSpace.values()) {
      if (s.ptxName().equals(ptxName)) {
        return registerClass(s);
      }
    }
    return null;
  }
}
