package dev.jptx.compiler.validate;

import java.util.regex.Pattern;

/**
 * The {@code .local} slots the register allocator spills to: addressed by the depot symbol and a
 * constant ({@code [__local_depot0+24]}), so that two accesses name the same slot exactly when
 * their address texts are equal. A {@code .local} access through a register may reach any slot.
 */
final class SpillSlots {
  private static final Pattern SLOT = Pattern.compile("\\[__local_depot\\d+(\\+\\d+)?]");

  private SpillSlots() {}

  /** Whether {@code address} names a slot. */
  static boolean isSlot(String address) {
    return SLOT.matcher(address).matches();
  }

  /** The slot a {@code st.local} writes, or null. */
  static String stored(PtxStatement s) {
    return isLocal(s, "st") && isSlot(s.operand(0)) ? s.operand(0) : null;
  }

  /** The slot a {@code ld.local} reads, or null. */
  static String loaded(PtxStatement s) {
    return isLocal(s, "ld") && isSlot(s.operand(1)) ? s.operand(1) : null;
  }

  /** A {@code st.local} through a register address: it may write any slot. */
  static boolean storesAnywhere(PtxStatement s) {
    return isLocal(s, "st") && !isSlot(s.operand(0));
  }

  private static boolean isLocal(PtxStatement s, String base) {
    return s.base().equals(base) && s.modifiers().contains("local") && s.operands().size() == 2;
  }
}
