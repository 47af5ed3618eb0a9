package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.dag.IntrinsicNodes;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.SmTarget;
import java.util.List;

/**
 * The intrinsics PTX has no single instruction for on some targets, one row each: (intrinsic, type
 * as {@link IntrinsicNodes#keyType} gives it, where the row applies) and the {@link CustomLowering}
 * that rewrites the node into ones instruction selection has rows for. The first row that applies
 * wins; intrinsics without a row are selected as they are.
 *
 * <p>A lowering returns the replacement of the node's first result. For a chained intrinsic that
 * has a value, the lowering itself replaces the uses of the node's chain.
 */
final class IntrinsicLowerings {
  /** One entry. */
  record Row(Intrinsic intrinsic, Type type, Availability when, CustomLowering lowering) {}

  /** Packed f16x2 arithmetic and {@code f16} registers arrive with sm_53. */
  private static final Availability NO_F16X2 = Availability.belowSm(53);

  /** {@code max/min.f16x2} and everything {@code bf16} arrive with sm_80. */
  private static final Availability BEFORE_SM80 = Availability.belowSm(80);

  private static final List<Row> ROWS =
      List.of(
          // half precision where the target lacks the instruction: emulations that round once
          new Row(Intrinsic.HADD2, I32, NO_F16X2, new HalfArithmeticLowering()),
          new Row(Intrinsic.HSUB2, I32, NO_F16X2, new HalfArithmeticLowering()),
          new Row(Intrinsic.HMUL2, I32, NO_F16X2, new HalfArithmeticLowering()),
          new Row(Intrinsic.HFMA2, I32, NO_F16X2, new HalfFmaLowering()),
          new Row(Intrinsic.HMAX2, I32, BEFORE_SM80, new HalfMinMaxLowering()),
          new Row(Intrinsic.HMIN2, I32, BEFORE_SM80, new HalfMinMaxLowering()),
          new Row(Intrinsic.BF16FMA2, I32, BEFORE_SM80, new Bf16FmaLowering()),
          new Row(Intrinsic.FLOAT_TO_BF16, I16, BEFORE_SM80, new Bf16ConversionLowering()),
          // a shift everywhere: cvt.f32.bf16 needs PTX ISA 7.1, above sm_80's first version
          new Row(Intrinsic.BF16_TO_FLOAT, F32, Availability.ALWAYS, new Bf16ConversionLowering()));

  private IntrinsicLowerings() {}

  /** The lowering of {@code n} on {@code target}, or null if it is not an intrinsic with a row. */
  static CustomLowering find(SdNode n, SmTarget target) {
    if (n.opcode() != DagOpcode.INTRINSIC && n.opcode() != DagOpcode.INTRINSIC_CHAIN) {
      return null;
    }
    Intrinsic in = IntrinsicNodes.intrinsic(n);
    Type t = IntrinsicNodes.keyType(n);
    for (Row r : ROWS) {
      if (r.intrinsic() == in && r.type().equals(t) && r.when().appliesTo(target)) {
        return r.lowering();
      }
    }
    return null;
  }

  /** All rows, for table tests and documentation. */
  static List<Row> rows() {
    return ROWS;
  }
}
