package dev.jptx.compiler.target;

import dev.jptx.compiler.ir.ParamFlags;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;

/**
 * The kernel ABI of API.md as data: how each parameter type is declared in PTX. An array is two
 * parameters, a {@code .u64} device address and an {@code .s32} length; {@code boolean} is {@code
 * .u8}, {@code byte .s8}, {@code short .s16}, {@code char .u16}. The runtime's marshalling follows
 * the same table. Device functions ({@code .func}) pass Java's stack types and generic addresses.
 */
public final class KernelAbi {
  private KernelAbi() {}

  /** The declared type of a parameter of IR type {@code type} with {@code flags}. */
  public static String ptxParamType(Type type, ParamFlags flags) {
    if (type instanceof PointerType) {
      return ".u64";
    }
    boolean unsigned = flags.extension() == ParamFlags.Extension.ZERO;
    if (type instanceof ScalarType s) {
      return switch (s) {
        case I8 -> unsigned ? ".u8" : ".s8";
        case I16 -> unsigned ? ".u16" : ".s16";
        case I32 -> ".s32";
        case I64 -> ".s64";
        case F32 -> ".f32";
        case F64 -> ".f64";
        default -> throw new IllegalArgumentException("no kernel parameter of type " + s.text());
      };
    }
    throw new IllegalArgumentException("no kernel parameter of type " + type.text());
  }

  /**
   * The declared type of a device function's parameter or return value: Java's stack types only
   * (narrow integers arrive widened to {@code int}), array addresses as generic {@code .b64}.
   */
  public static String deviceParamType(Type type) {
    if (type instanceof PointerType) {
      return ".b64";
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
