package dev.jptx.gpureport;

import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.internal.KernelArguments;
import dev.jptx.spi.KernelAbi;

/**
 * A jptx kernel's arguments as its PTX entry takes them (API.md's kernel ABI): each array, host or
 * {@link DeviceArray}, is its address followed by its {@code int} length; a primitive is itself.
 * The raw-module path ({@code Device.loadPtx}) passes arguments one for one, so a caller that
 * launches a jptx module without its Java class expands them first.
 */
public final class JptxAbi {
  private JptxAbi() {}

  /**
   * The entry's parameters for {@code args}.
   *
   * @param args boxed primitives, primitive arrays and device arrays, in the method's order
   * @return the arguments with each array's length after it
   */
  public static Object[] arguments(Object... args) {
    return KernelArguments.slots(args).stream().map(KernelAbi.Slot::value).toArray();
  }
}
