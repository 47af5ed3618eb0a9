package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.Intrinsic;
import java.util.Map;

/** The PTX special register each geometry intrinsic (and the dynamic shared size) reads. */
public final class SpecialRegisters {
  private static final Map<Intrinsic, String> ROWS =
      Map.ofEntries(
          Map.entry(Intrinsic.TID_X, "%tid.x"),
          Map.entry(Intrinsic.TID_Y, "%tid.y"),
          Map.entry(Intrinsic.TID_Z, "%tid.z"),
          Map.entry(Intrinsic.NTID_X, "%ntid.x"),
          Map.entry(Intrinsic.NTID_Y, "%ntid.y"),
          Map.entry(Intrinsic.NTID_Z, "%ntid.z"),
          Map.entry(Intrinsic.CTAID_X, "%ctaid.x"),
          Map.entry(Intrinsic.CTAID_Y, "%ctaid.y"),
          Map.entry(Intrinsic.CTAID_Z, "%ctaid.z"),
          Map.entry(Intrinsic.NCTAID_X, "%nctaid.x"),
          Map.entry(Intrinsic.NCTAID_Y, "%nctaid.y"),
          Map.entry(Intrinsic.NCTAID_Z, "%nctaid.z"),
          Map.entry(Intrinsic.LANEID, "%laneid"),
          Map.entry(Intrinsic.DYNAMIC_SMEM_SIZE, "%dynamic_smem_size"));

  private SpecialRegisters() {}

  /**
   * True if {@code name} is one of these registers: each keeps its value for a thread's whole
   * launch, so two reads of it are one ({@code %clock} and the like are not here).
   */
  public static boolean isFixedForLaunch(String name) {
    return ROWS.containsValue(name);
  }

  /** The special register {@code in} reads, or null if it reads none. */
  public static String of(Intrinsic in) {
    return ROWS.get(in);
  }
}
