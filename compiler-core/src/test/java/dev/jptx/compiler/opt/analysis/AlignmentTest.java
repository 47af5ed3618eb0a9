package dev.jptx.compiler.opt.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Value;
import org.junit.jupiter.api.Test;

/** Known alignment of hand-written IR: parameters, index arithmetic, loops, locals and globals. */
class AlignmentTest {
  private static final String KERNEL =
      """
      global @tile shared f32[256] align 16
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = mul i32 %1, 4
        %3 = sext i32 %2 to i64
        %4 = mul i64 %3, 4
        %5 = ptradd ptr.global %0, %4
        %6 = add i32 %2, 2
        %7 = sext i32 %6 to i64
        %8 = mul i64 %7, 4
        %9 = ptradd ptr.global %0, %8
        %10 = globaladdr ptr.shared @tile
        %11 = shl i64 %3, 3
        %12 = ptradd ptr.shared %10, %11
        %13 = alloca ptr.local 16, align 8
        %14 = ptradd ptr.local %13, 4
        jump b1
      b1:
        %15 = phi i32 [b0: 0], [b2: %16]
        %17 = icmp slt i32 %15, %1
        br %17, b2, b3
      b2:
        %18 = sext i32 %15 to i64
        %19 = mul i64 %18, 4
        %20 = ptradd ptr.global %0, %19
        store i32 %15, %20
        %16 = add i32 %15, 4
        jump b1
      b3:
        ret
      }
      func void @d(ptr.global %0) {
      b0:
        %1 = ptradd ptr.global %0, 16
        store i32 0, %1
        ret
      }
      """;

  private final Module m = IrParser.parseModule("t", KERNEL);
  private final Function k = m.function("k");
  private final Alignment a = Alignment.of(k, m);

  /** The value named {@code %id} in the function's text (results in the order they are written). */
  private static Value v(Function f, int id) {
    String text = KERNEL.substring(KERNEL.indexOf("@" + f.name() + "("));
    text = text.substring(0, text.indexOf("\n}"));
    java.util.List<String> names = new java.util.ArrayList<>();
    for (String line : text.split("\n")) {
      java.util.regex.Matcher mt = java.util.regex.Pattern.compile("^\\s*(%\\d+) =").matcher(line);
      if (mt.find()) {
        names.add(mt.group(1));
      }
    }
    int n = names.indexOf("%" + id);
    for (var i : f.allInsts()) {
      if (f.result(i) != null && n-- == 0) {
        return f.result(i);
      }
    }
    throw new AssertionError("no %" + id);
  }

  @Test
  void kernelArrays_areAlignedAsTheDevicesAllocate() {
    assertEquals(Alignment.PARAM_ALIGN, a.alignment(k.params().get(0)));
  }

  @Test
  void indexArithmetic_carriesItsZeroBits() {
    // a[4*i]: a multiple of 16 bytes; a[4*i + 2]: of 8
    assertEquals(16, a.alignment(v(k, 5)));
    assertEquals(8, a.alignment(v(k, 9)));
    assertEquals(2, a.zeroBits(v(k, 2)));
  }

  @Test
  void globalsAndLocals_haveTheirDeclaredAlignment() {
    assertEquals(16, a.alignment(v(k, 10)));
    assertEquals(16, a.alignment(v(k, 12)));
    assertEquals(8, a.alignment(v(k, 13)));
    assertEquals(4, a.alignment(v(k, 14)));
  }

  @Test
  void inductionVariable_steppingByFour_keepsItsZeroBits() {
    assertEquals(2, a.zeroBits(v(k, 15)));
    assertEquals(16, a.alignment(v(k, 20)));
  }

  @Test
  void deviceFunctionPointer_promisesNothing() {
    Function d = m.function("d");
    Alignment ad = Alignment.of(d, m);
    assertEquals(1, ad.alignment(d.params().get(0)));
    assertEquals(1, ad.alignment(v(d, 1)));
  }
}
