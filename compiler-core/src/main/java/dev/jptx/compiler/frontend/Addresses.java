package dev.jptx.compiler.frontend;

import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.Value;

/** Address conversions the front end needs where arrays cross function boundaries. */
final class Addresses {
  private Addresses() {}

  /** {@code address} as a generic pointer: itself if generic, else an {@code addrspacecast}. */
  static Value generic(TranslationContext cx, Value address) {
    PointerType p = (PointerType) cx.f.type(address);
    if (p.space() == AddressSpace.GENERIC) {
      return address;
    }
    return cx.emit(
        new InstData.Cast(Opcode.ADDRSPACECAST, address), new PointerType(AddressSpace.GENERIC));
  }
}
