package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ParamFlags;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;

/**
 * How each parameter is declared in PTX. Kernels follow the ABI codec the runtime shares ({@link
 * dev.jptx.spi.KernelAbi}: an array is a {@code .u64} device address and an {@code .s32} length,
 * {@code boolean} is {@code .u8}, ...); device functions ({@code .func}) pass Java's stack types
 * and generic addresses.
 */
public final class KernelAbi {
  private KernelAbi() {}

  /**
   * The declared type of a kernel parameter of IR type {@code type} with {@code flags}, from the
   * ABI codec's table ({@link dev.jptx.spi.KernelAbi}) that the runtime marshals arguments by: the
   * IR's narrow integers are Java's {@code boolean}/{@code char} when zero-extended, {@code
   * byte}/{@code short} when sign-extended.
   */
  public static String ptxParamType(Type type, ParamFlags flags) {
    if (type instanceof PointerType) {
      return dev.jptx.spi.KernelAbi.ADDRESS.ptxType();
    }
    boolean unsigned = flags.extension() == ParamFlags.Extension.ZERO;
    if (type instanceof ScalarType s) {
      String descriptor =
          switch (s) {
            case I8 -> unsigned ? "Z" : "B";
            case I16 -> unsigned ? "C" : "S";
            case I32 -> "I";
            case I64 -> "J";
            case F32 -> "F";
            case F64 -> "D";
            default ->
                throw new IllegalArgumentException("no kernel parameter of type " + s.text());
          };
      return dev.jptx.spi.KernelAbi.params(descriptor).get(0).ptxType();
    }
    throw new IllegalArgumentException("no kernel parameter of type " + type.text());
  }

  /**
   * The declared type of a device function's parameter or return value: Java's stack types only
   * (narrow integers arrive widened to {@code int}), array addresses as generic {@code .b64}.
   */
  public static String deviceParamType(Type type) {
    if (type instanceof PointerType p) {
      return AddressWidths.isShort(p.space()) ? ".b32" : ".b64";
    }
    if (type instanceof ScalarType s) {
      return switch (s) {
        case I32 -> ".b32";
        case I64 -> ".b64";
        case F32 -> ".f32";
        case F64 -> ".f64";
        default -> throw new IllegalArgumentException("no device parameter of type " + s.text());
      };
    }
    throw new IllegalArgumentException("no device parameter of type " + type.text());
  }

  /** The PTX name of parameter {@code index} of function {@code function}. */
  public static String paramName(String function, int index) {
    return function + "_param_" + index;
  }
}
