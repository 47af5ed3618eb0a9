package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.RegisterClass.B128;
import static dev.jptx.compiler.target.RegisterClass.B16;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.B64;
import static dev.jptx.compiler.target.RegisterClass.F32;
import static dev.jptx.compiler.target.RegisterClass.F64;
import static dev.jptx.compiler.target.Rows.convert;
import static dev.jptx.compiler.target.Rows.load;
import static dev.jptx.compiler.target.Rows.loadSymbol;
import static dev.jptx.compiler.target.Rows.store;
import static dev.jptx.compiler.target.Rows.storeSymbol;
import static dev.jptx.compiler.target.Rows.vectorLoad;
import static dev.jptx.compiler.target.Rows.vectorStore;

import dev.jptx.compiler.ir.AddressSpace;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Address conversions, one row each, and the loads and stores, generated as a table over state
 * space and memory type (each memory type's row carries the PTX ISA version its accesses need):
 * {@code LD_GLOBAL_U32} is {@code ld.global.u32}, {@code LD_U32} the generic {@code ld.u32}, {@code
 * LD_GLOBAL_NC_F32} the read-only-cache {@code ld.global.nc.f32}. Bytes live in 16-bit registers
 * (i8 is promoted to i16); {@code ld.s8} sign- and {@code ld.u8} zero-extends. {@code .nc} loads
 * are only for memory the kernel never writes ({@code @ReadOnly}). Parameters are addressed by
 * symbol. Vector accesses ({@code LD_GLOBAL_V4_F32} is {@code ld.global.v4.f32}) move two or four
 * 32-bit or two 64-bit lanes, at most 16 bytes, aligned to their size. An access is addressed by a
 * register of its space's address width ({@link AddressWidths}): {@code .shared} by a {@code .b32}
 * register, the others by a {@code .b64} one.
 */
public enum MemoryOpcodes implements MachineOpcode {
  // spotless:off
  // a generic address of a kernel parameter into the global window
  CVTA_TO_GLOBAL_U64("any", convert("cvta.to.global.u64", B64, B64)),
  // an address in a state space to the generic address of the same byte
  CVTA_GLOBAL_U64   ("any", convert("cvta.global.u64", B64, B64)),
  CVTA_SHARED_U64   ("any", convert("cvta.shared.u64", B64, B64)),
  CVTA_LOCAL_U64    ("any", convert("cvta.local.u64", B64, B64)),
  CVTA_CONST_U64    ("any", convert("cvta.const.u64", B64, B64));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  MemoryOpcodes(String ptxIsa, OpcodeShape shape) {
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

  /**
   * A memory type: its PTX suffix, the register class a value of it lives in, and the PTX ISA
   * version every access of it needs (the ISA column of the opcodes made from it).
   */
  private record MemType(String suffix, RegisterClass regClass, PtxVersion ptxIsa) {
    MemType(String suffix, RegisterClass regClass, String ptxIsa) {
      this(suffix, regClass, PtxIsa.parseColumn(ptxIsa));
    }
  }

  // spotless:off
  private static final List<MemType> LOAD_TYPES = List.of(
      new MemType("u8",   B16,  "any"),
      new MemType("s8",   B16,  "any"),
      new MemType("u16",  B16,  "any"),
      new MemType("s16",  B16,  "any"),
      new MemType("u32",  B32,  "any"),
      new MemType("u64",  B64,  "any"),
      new MemType("f32",  F32,  "any"),
      new MemType("f64",  F64,  "any"),
      // .b128 came with PTX ISA 8.3
      new MemType("b128", B128, "8.3"));

  private static final List<MemType> STORE_TYPES = List.of(
      new MemType("u8",   B16,  "any"),
      new MemType("u16",  B16,  "any"),
      new MemType("u32",  B32,  "any"),
      new MemType("u64",  B64,  "any"),
      new MemType("f32",  F32,  "any"),
      new MemType("f64",  F64,  "any"),
      new MemType("b128", B128, "8.3"));
  // spotless:on

  /** A vector memory type: lanes of one scalar suffix, at most 16 bytes; every target has them. */
  private record VectorType(String suffix, RegisterClass regClass, int lanes) {}

  // spotless:off
  private static final List<VectorType> VECTOR_TYPES = List.of(
      new VectorType("u32", B32, 2),
      new VectorType("u32", B32, 4),
      new VectorType("f32", F32, 2),
      new VectorType("f32", F32, 4),
      new VectorType("u64", B64, 2),
      new VectorType("f64", F64, 2));
  // spotless:on

  private static final Map<String, MachineOpcode> TABLE = table();

  private static final java.util.Set<MachineOpcode> PARAM_LOADS =
      LOAD_TYPES.stream()
          .map(m -> TABLE.get(name("LD_PARAM", m)))
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  private static final java.util.Set<MachineOpcode> PARAM_STORES =
      STORE_TYPES.stream()
          .map(m -> TABLE.get(name("ST_PARAM", m)))
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  private static final java.util.Set<MachineOpcode> READ_ONLY_LOADS = readOnlyLoads();

  private static java.util.Set<MachineOpcode> readOnlyLoads() {
    java.util.Set<MachineOpcode> s = new java.util.HashSet<>();
    for (MemType m : LOAD_TYPES) {
      s.add(TABLE.get(name("LD_GLOBAL_NC", m)));
    }
    for (VectorType v : VECTOR_TYPES) {
      String upper = "V" + v.lanes() + "_" + v.suffix().toUpperCase(Locale.ROOT);
      s.add(TABLE.get("LD_GLOBAL_NC_" + upper));
    }
    return java.util.Collections.unmodifiableSet(s);
  }

  private static Map<String, MachineOpcode> table() {
    Map<String, MachineOpcode> t = new LinkedHashMap<>();
    for (MemType m : LOAD_TYPES) {
      put(t, name("LD_PARAM", m), m.ptxIsa(), loadSymbol("ld.param." + m.suffix(), m.regClass()));
      for (String space : List.of("global", "shared", "local", "const", "")) {
        String prefix = space.isEmpty() ? "LD" : "LD_" + space.toUpperCase(Locale.ROOT);
        String ptx = space.isEmpty() ? "ld." : "ld." + space + ".";
        put(t, name(prefix, m), m.ptxIsa(), load(ptx + m.suffix(), m.regClass(), address(space)));
      }
      String nc = "ld.global.nc." + m.suffix();
      put(t, name("LD_GLOBAL_NC", m), m.ptxIsa(), load(nc, m.regClass(), B64));
    }
    for (VectorType v : VECTOR_TYPES) {
      String shape = "v" + v.lanes() + "." + v.suffix();
      String upper = "V" + v.lanes() + "_" + v.suffix().toUpperCase(Locale.ROOT);
      for (String space : List.of("global", "shared", "local", "const", "")) {
        String ld = space.isEmpty() ? "LD" : "LD_" + space.toUpperCase(Locale.ROOT);
        String ldPtx = space.isEmpty() ? "ld." : "ld." + space + ".";
        put(
            t,
            ld + "_" + upper,
            PtxIsa.ANY,
            vectorLoad(ldPtx + shape, v.regClass(), v.lanes(), address(space)));
        if (!space.equals("const")) {
          String st = space.isEmpty() ? "ST" : "ST_" + space.toUpperCase(Locale.ROOT);
          String stPtx = space.isEmpty() ? "st." : "st." + space + ".";
          put(
              t,
              st + "_" + upper,
              PtxIsa.ANY,
              vectorStore(stPtx + shape, v.regClass(), v.lanes(), address(space)));
        }
      }
      String nc = "ld.global.nc." + shape;
      put(t, "LD_GLOBAL_NC_" + upper, PtxIsa.ANY, vectorLoad(nc, v.regClass(), v.lanes(), B64));
    }
    for (MemType m : STORE_TYPES) {
      put(t, name("ST_PARAM", m), m.ptxIsa(), storeSymbol("st.param." + m.suffix(), m.regClass()));
      for (String space : List.of("global", "shared", "local", "")) {
        String prefix = space.isEmpty() ? "ST" : "ST_" + space.toUpperCase(Locale.ROOT);
        String ptx = space.isEmpty() ? "st." : "st." + space + ".";
        put(t, name(prefix, m), m.ptxIsa(), store(ptx + m.suffix(), m.regClass(), address(space)));
      }
    }
    return Collections.unmodifiableMap(t);
  }

  /**
   * The address register class of a space named as in PTX, "" for generic ({@link AddressWidths}).
   */
  private static RegisterClass address(String space) {
    return AddressWidths.registerClass(
        space.isEmpty() ? AddressSpace.GENERIC : AddressSpace.parse(space));
  }

  private static String name(String prefix, MemType m) {
    return prefix + "_" + m.suffix().toUpperCase(Locale.ROOT);
  }

  private static void put(
      Map<String, MachineOpcode> t, String name, PtxVersion ptxIsa, OpcodeShape shape) {
    if (t.put(name, new GeneratedOpcode(name, ptxIsa, shape)) != null) {
      // two rows generating one name would leave only the second: a table error, caught at load
      throw new IllegalStateException("memory opcode " + name + " generated twice");
    }
  }

  /**
   * The load of memory type {@code suffix} ({@code u8 s8 u16 s16 u32 u64 f32 f64}) from {@code
   * space}, through the read-only cache if {@code nonCoherent}; null if PTX has none.
   */
  public static MachineOpcode loadOf(AddressSpace space, String suffix, boolean nonCoherent) {
    String prefix =
        switch (space) {
          case GLOBAL -> nonCoherent ? "LD_GLOBAL_NC" : "LD_GLOBAL";
          case GENERIC -> "LD";
          default -> "LD_" + space.name();
        };
    return TABLE.get(prefix + "_" + suffix.toUpperCase(Locale.ROOT));
  }

  /**
   * The load of {@code lanes} lanes of {@code suffix} ({@code u32 f32 u64 f64}) from {@code space}
   * in one access, through the read-only cache if {@code nonCoherent}; null if PTX has none.
   */
  public static MachineOpcode vectorLoadOf(
      AddressSpace space, String suffix, int lanes, boolean nonCoherent) {
    return loadOf(space, "V" + lanes + "_" + suffix, nonCoherent);
  }

  /** The store of {@code lanes} lanes of {@code suffix} into {@code space}; null if none. */
  public static MachineOpcode vectorStoreOf(AddressSpace space, String suffix, int lanes) {
    return storeOf(space, "V" + lanes + "_" + suffix);
  }

  /** The store of memory type {@code suffix} into {@code space}; null if PTX has none. */
  public static MachineOpcode storeOf(AddressSpace space, String suffix) {
    String prefix = space == AddressSpace.GENERIC ? "ST" : "ST_" + space.name();
    return TABLE.get(prefix + "_" + suffix.toUpperCase(Locale.ROOT));
  }

  /**
   * True for a load from the {@code .param} space ({@code LD_PARAM_U64}): a function's parameters
   * never change while it runs, so such a load may be repeated anywhere in the function.
   */
  public static boolean isParamLoad(MachineOpcode op) {
    return PARAM_LOADS.contains(op);
  }

  /**
   * True for a store to the {@code .param} space ({@code ST_PARAM_F32}): a function's return
   * parameter, or a call's argument.
   */
  public static boolean isParamStore(MachineOpcode op) {
    return PARAM_STORES.contains(op);
  }

  /**
   * True for a load through the read-only data cache ({@code ld.global.nc}): only for memory the
   * kernel never writes, so no store can be ordered with it.
   */
  public static boolean isReadOnlyLoad(MachineOpcode op) {
    return READ_ONLY_LOADS.contains(op);
  }

  /**
   * What a {@code .local} load or store ({@code LD_LOCAL_F32}, {@code ST_LOCAL_V2_U32}) moves: its
   * lanes, each {@code bytes} wide at consecutive offsets, in registers of {@code regClass}; {@code
   * exact} is false when a lane's register is wider than its bytes ({@code u8} and {@code s8}: the
   * load extends, the store narrows).
   */
  public record LocalAccess(
      boolean store, int lanes, int bytes, RegisterClass regClass, boolean exact) {}

  private static final Map<MachineOpcode, LocalAccess> LOCAL_ACCESSES = localAccesses();

  private static Map<MachineOpcode, LocalAccess> localAccesses() {
    Map<MachineOpcode, LocalAccess> m = new LinkedHashMap<>();
    for (MemType t : LOAD_TYPES) {
      m.put(row(name("LD_LOCAL", t)), access(false, 1, t));
    }
    for (MemType t : STORE_TYPES) {
      m.put(row(name("ST_LOCAL", t)), access(true, 1, t));
    }
    for (VectorType v : VECTOR_TYPES) {
      String upper = "V" + v.lanes() + "_" + v.suffix().toUpperCase(Locale.ROOT);
      MemType t = new MemType(v.suffix(), v.regClass(), PtxIsa.ANY);
      m.put(row("LD_LOCAL_" + upper), access(false, v.lanes(), t));
      m.put(row("ST_LOCAL_" + upper), access(true, v.lanes(), t));
    }
    return Collections.unmodifiableMap(m);
  }

  /**
   * The row named {@code name}; a name the table lacks is a bug in this class, not a missing row.
   */
  private static MachineOpcode row(String name) {
    return java.util.Objects.requireNonNull(TABLE.get(name), name);
  }

  private static LocalAccess access(boolean store, int lanes, MemType t) {
    int bits = Integer.parseInt(t.suffix().substring(1));
    return new LocalAccess(store, lanes, bits / 8, t.regClass(), bits == t.regClass().bits());
  }

  /**
   * The shape of {@code op} if it is a {@code .local} load or store addressed by a register plus an
   * immediate (the address is use 0, the offset use 1, a store's values follow), else null.
   */
  public static LocalAccess localAccess(MachineOpcode op) {
    return LOCAL_ACCESSES.get(op);
  }

  /** The {@code cvta} from {@code space} to generic. */
  public static MachineOpcode toGeneric(AddressSpace space) {
    return switch (space) {
      case GLOBAL -> CVTA_GLOBAL_U64;
      case SHARED -> CVTA_SHARED_U64;
      case LOCAL -> CVTA_LOCAL_U64;
      case CONST -> CVTA_CONST_U64;
      default -> throw new IllegalArgumentException("no cvta from " + space);
    };
  }

  /**
   * The {@code cvta} that undoes {@code op} ({@code cvta.global} for {@code cvta.to.global} and
   * back: the global window and the generic address of the same byte), or null if {@code op} is no
   * {@code cvta} or its inverse is not in this table (only {@code .global} has both directions).
   */
  public static MachineOpcode cvtaInverse(MachineOpcode op) {
    if (op == CVTA_TO_GLOBAL_U64) {
      return CVTA_GLOBAL_U64;
    }
    if (op == CVTA_GLOBAL_U64) {
      return CVTA_TO_GLOBAL_U64;
    }
    return null;
  }

  /** The opcodes the table generates, the constants' rows excepted. */
  static Collection<MachineOpcode> generated() {
    return TABLE.values();
  }
}
