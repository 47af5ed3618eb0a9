package dev.jptx.compiler.ir;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A call of CUDA's {@code vprintf}: the format string as a NUL-terminated module variable in global
 * memory (one per distinct string), and the arguments packed into a local buffer, each at an offset
 * aligned to its size ({@code i32}, {@code i64} or {@code f64}, the C vararg promotions already
 * applied by the caller).
 */
public final class PrintfCall {
  private PrintfCall() {}

  /** Emits the call at {@code b}; returns nothing ({@code vprintf}'s count is dropped). */
  public static void emit(Builder b, Module m, String format, List<Value> args) {
    Function f = b.function();
    Value local = null;
    if (!args.isEmpty()) {
      List<Type> types = args.stream().map(f::type).toList();
      List<Integer> offsets = offsets(types);
      local = b.add(new InstData.Alloca(size(types), 8), new PointerType(AddressSpace.LOCAL));
      for (int k = 0; k < args.size(); k++) {
        b.store(b.ptrAdd(local, f.i64(offsets.get(k))), args.get(k));
      }
    }
    call(b, m, format, local);
  }

  /**
   * Emits {@code vprintf} of {@code format} with an argument buffer already filled ({@code
   * ptr.local}), or none if {@code buffer} is null.
   */
  public static void call(Builder b, Module m, String format, Value buffer) {
    Function f = b.function();
    PointerType generic = new PointerType(AddressSpace.GENERIC);
    GlobalVariable g = formatString(m, format);
    Value fmt = b.add(new InstData.GlobalAddress(g.name()), g.pointerType());
    Value fmtGeneric = b.cast(Opcode.ADDRSPACECAST, fmt, generic);
    Value args =
        buffer == null ? f.constant(generic, 0) : b.cast(Opcode.ADDRSPACECAST, buffer, generic);
    b.intrinsic(Intrinsic.VPRINTF, ScalarType.I32, fmtGeneric, args);
  }

  /** The byte offset of each argument in the buffer: each aligned to its own size. */
  public static List<Integer> offsets(List<Type> types) {
    List<Integer> offsets = new ArrayList<>();
    int at = 0;
    for (Type t : types) {
      int bytes = t.bits() / 8;
      at = (at + bytes - 1) / bytes * bytes;
      offsets.add(at);
      at += bytes;
    }
    return offsets;
  }

  /** The buffer size for arguments of these types, a multiple of 8. */
  public static int size(List<Type> types) {
    List<Integer> offsets = offsets(types);
    int end =
        types.isEmpty()
            ? 0
            : offsets.get(offsets.size() - 1) + types.get(types.size() - 1).bits() / 8;
    return Math.max(8, (end + 7) & ~7);
  }

  private static GlobalVariable formatString(Module m, String format) {
    byte[] utf8 = format.getBytes(StandardCharsets.UTF_8);
    List<Long> bytes = new ArrayList<>();
    for (byte x : utf8) {
      bytes.add((long) (x & 0xFF));
    }
    bytes.add(0L);
    for (GlobalVariable g : m.globals()) {
      if (g.space() == AddressSpace.GLOBAL
          && g.elementType() == ScalarType.I8
          && g.init().equals(bytes)) {
        return g;
      }
    }
    GlobalVariable g =
        new GlobalVariable(
            m.uniqueName("__jptx_fmt"),
            AddressSpace.GLOBAL,
            ScalarType.I8,
            bytes.size(),
            1,
            bytes,
            false);
    m.addGlobal(g);
    return g;
  }
}
