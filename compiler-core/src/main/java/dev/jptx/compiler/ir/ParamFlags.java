package dev.jptx.compiler.ir;

/**
 * What a parameter promises besides its type.
 *
 * @param readOnly the memory it points to is not written during the launch, and no other parameter
 *     aliases it (a {@code @ReadOnly} array)
 * @param extension how a narrow integer parameter was widened by the caller's ABI: a {@code byte}
 *     is {@link Extension#SIGN}, a {@code boolean} or {@code char} {@link Extension#ZERO}
 */
public record ParamFlags(boolean readOnly, Extension extension) {
  /** No promises. */
  public static final ParamFlags NONE = new ParamFlags(false, Extension.NONE);

  /** How a narrow integer parameter is declared in PTX: {@code .s8} or {@code .u8}. */
  public enum Extension {
    NONE,
    SIGN,
    ZERO
  }
}
