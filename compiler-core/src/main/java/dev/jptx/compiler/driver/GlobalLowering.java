package dev.jptx.compiler.driver;

import dev.jptx.compiler.ir.GlobalVariable;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.mir.PtxGlobal;
import java.util.ArrayList;
import java.util.List;

/** The module variables of the IR as the PTX printer declares them. */
final class GlobalLowering {
  private GlobalLowering() {}

  static List<PtxGlobal> of(Module m) {
    List<PtxGlobal> out = new ArrayList<>();
    for (GlobalVariable g : m.globals()) {
      out.add(
          new PtxGlobal(
              g.name(),
              g.space().ptxName(),
              elementType(g.elementType()),
              g.count(),
              g.align(),
              g.init(),
              g.external()));
    }
    return out;
  }

  private static String elementType(ScalarType t) {
    return switch (t) {
      case I8 -> ".b8";
      case I16 -> ".b16";
      case I32 -> ".b32";
      case I64 -> ".b64";
      case F32 -> ".f32";
      case F64 -> ".f64";
      default -> throw new IllegalArgumentException("no PTX variable of " + t.text());
    };
  }
}
