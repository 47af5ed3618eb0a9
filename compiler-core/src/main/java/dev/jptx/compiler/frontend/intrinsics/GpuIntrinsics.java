package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code dev.jptx.Gpu} methods the compiler translates, one row each: the method's name and
 * descriptor, and how it becomes IR; barriers, shared memory, atomics and warp operations have
 * their own tables. Methods in none of them are reported as not supported.
 */
final class GpuIntrinsics {
  private record Row(String name, String descriptor, Function<TranslationContext, Value> lower) {}

  private static final List<Row> ROWS =
      List.of(
          read("threadIdxX", Intrinsic.TID_X),
          read("threadIdxY", Intrinsic.TID_Y),
          read("threadIdxZ", Intrinsic.TID_Z),
          read("blockIdxX", Intrinsic.CTAID_X),
          read("blockIdxY", Intrinsic.CTAID_Y),
          read("blockIdxZ", Intrinsic.CTAID_Z),
          read("blockDimX", Intrinsic.NTID_X),
          read("blockDimY", Intrinsic.NTID_Y),
          read("blockDimZ", Intrinsic.NTID_Z),
          read("gridDimX", Intrinsic.NCTAID_X),
          read("gridDimY", Intrinsic.NCTAID_Y),
          read("gridDimZ", Intrinsic.NCTAID_Z),
          read("laneId", Intrinsic.LANEID),
          globalId("globalIdX", Intrinsic.CTAID_X, Intrinsic.NTID_X, Intrinsic.TID_X),
          globalId("globalIdY", Intrinsic.CTAID_Y, Intrinsic.NTID_Y, Intrinsic.TID_Y),
          globalId("globalIdZ", Intrinsic.CTAID_Z, Intrinsic.NTID_Z, Intrinsic.TID_Z),
          globalSize("globalSizeX", Intrinsic.NCTAID_X, Intrinsic.NTID_X),
          globalSize("globalSizeY", Intrinsic.NCTAID_Y, Intrinsic.NTID_Y),
          globalSize("globalSizeZ", Intrinsic.NCTAID_Z, Intrinsic.NTID_Z));

  private static final Map<String, Row> BY_KEY = index();

  private GpuIntrinsics() {}

  private static Map<String, Row> index() {
    Map<String, Row> m = new java.util.HashMap<>();
    for (Row r : ROWS) {
      m.put(r.name() + r.descriptor(), r);
    }
    return Map.copyOf(m);
  }

  /**
   * Translates a call of {@code Gpu.name desc}, declaring shared arrays in {@code shared}; false if
   * no table has a row for it.
   */
  static boolean translate(
      TranslationContext cx, String name, String descriptor, SharedMemory shared) {
    Row r = BY_KEY.get(name + descriptor);
    if (r == null) {
      return BarrierIntrinsics.translate(cx, name, descriptor)
          || shared.translate(cx, name, descriptor)
          || AtomicIntrinsics.translate(cx, name, descriptor)
          || WarpIntrinsics.translate(cx, name, descriptor)
          || HalfIntrinsics.translate(cx, name, descriptor);
    }
    cx.push(r.lower().apply(cx));
    return true;
  }

  private static Row read(String name, Intrinsic in) {
    return new Row(name, "()I", cx -> sreg(cx, in));
  }

  /** {@code ctaid * ntid + tid}, as {@code blockIdx.x * blockDim.x + threadIdx.x}. */
  private static Row globalId(String name, Intrinsic ctaid, Intrinsic ntid, Intrinsic tid) {
    return new Row(
        name,
        "()I",
        cx -> {
          Value product = mul(cx, sreg(cx, ctaid), sreg(cx, ntid));
          return cx.emit(new InstData.Binary(Opcode.ADD, product, sreg(cx, tid)), ScalarType.I32);
        });
  }

  /** {@code nctaid * ntid}, as {@code gridDim.x * blockDim.x}. */
  private static Row globalSize(String name, Intrinsic nctaid, Intrinsic ntid) {
    return new Row(name, "()I", cx -> mul(cx, sreg(cx, nctaid), sreg(cx, ntid)));
  }

  private static Value mul(TranslationContext cx, Value a, Value b) {
    return cx.emit(new InstData.Binary(Opcode.MUL, a, b), ScalarType.I32);
  }

  private static Value sreg(TranslationContext cx, Intrinsic in) {
    return cx.emit(new InstData.IntrinsicCall(in, List.of()), in.result());
  }
}
