package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Variable declarations: alignment, vectors, arrays, and initializers in memory order. */
class VariableTest {
  private static Variable variable(String declaration) {
    return PtxTexts.module(declaration + "\n").variables().get(0);
  }

  private static List<InitValue> constants(long... bits) {
    List<InitValue> values = new ArrayList<>();
    for (long value : bits) {
      values.add(new InitValue.Constant(value));
    }
    return values;
  }

  @Test
  void parse_scalarWithAlignAndNoInitializer() {
    Variable v = variable(".global .align 8 .u64 g;");
    assertEquals(
        new Variable(
            StateSpace.GLOBAL, "", PtxType.U64, 1, "g", 8, List.of(), null, new SourcePos(4, 23)),
        v);
    assertEquals(8, v.byteSize());
  }

  @Test
  void parse_vectorAndMultiDimensionalSizes() {
    assertEquals(16, variable(".global .v4 .f32 v;").byteSize());
    assertEquals(2 * 3 * 4 * 8, variable(".shared .align 16 .v2 .f32 m[2][3][4];").byteSize());
    assertEquals(List.of(2L, 3L, 4L), variable(".shared .v2 .f32 m[2][3][4];").dims());
    assertEquals(64, variable(".global .b8 x[4*16];").byteSize());
  }

  @Test
  void parse_unsizedExternShared() {
    Variable dyn = variable(".extern .shared .align 16 .b8 dyn[];");
    assertEquals(List.of(-1L), dyn.dims());
    assertEquals(0, dyn.byteSize());
    assertEquals("extern", dyn.linkage());
  }

  @Test
  void parse_multipleNamesInOneDeclaration() {
    List<Variable> variables =
        PtxTexts.module(".global .align 4 .u32 a, b[2] = {1, 2}, c = 3;\n").variables();
    assertEquals(List.of("a", "b", "c"), variables.stream().map(Variable::name).toList());
    assertNull(variables.get(0).init());
    assertEquals(constants(1, 2), variables.get(1).init().values());
    assertEquals(constants(3), variables.get(2).init().values());
    assertEquals(4, variables.get(2).align());
  }

  @Test
  void parse_floatInitializersBecomeIeeeBits() {
    assertEquals(constants(0x3F800000L), variable(".global .f32 a = 0f3F800000;").init().values());
    assertEquals(
        constants(0x3FC00000L, 0xC0000000L, 0x3F800000L),
        variable(".global .f32 a[3] = {1.5, -2.0, 1};").init().values());
    assertEquals(
        constants(Double.doubleToRawLongBits(1e-3), Double.doubleToRawLongBits(0.5)),
        variable(".const .f64 d[2] = {1e-3, 0d3FE0000000000000};").init().values());
    assertEquals(
        constants(0x3FF0000000000000L), variable(".global .f64 d = 0f3F800000;").init().values());
    assertEquals(constants(0x3F800000L), variable(".global .b32 b = 0f3F800000;").init().values());
  }

  @Test
  void parse_integersAreMaskedToTheElementType() {
    assertEquals(
        constants(0xFFL, 0x80L), variable(".global .s8 a[2] = {-1, 128};").init().values());
    assertEquals(constants(0xFFFFL), variable(".global .u16 a = 0xFFFFFFFF;").init().values());
    assertEquals(constants(-1L), variable(".global .u64 a = -1;").init().values());
    assertEquals(constants(12L), variable(".global .u32 a = (1 << 3) | 4;").init().values());
  }

  @Test
  void parse_nestedBracesArePaddedPerSubArray() {
    Variable v = variable(".global .u32 a[3][3] = {{1}, {4, 5}, {7, 8, 9}};");
    assertEquals(constants(1, 0, 0, 4, 5, 0, 7, 8, 9), v.init().values());
    Variable vectors = variable(".global .v2 .u32 p[3] = {{1, 2}, {3}};");
    assertEquals(constants(1, 2, 3, 0), vectors.init().values());
  }

  @Test
  void parse_trailingElementsMayBeMissing() {
    Variable v = variable(".global .align 4 .b8 garr[32] = {1, 0, 0, 0, 2};");
    assertEquals(5, v.init().values().size());
    assertEquals(32, v.byteSize());
  }

  @Test
  void parse_unsizedArrayTakesItsSizeFromTheInitializer() {
    assertEquals(List.of(3L), variable(".global .u32 a[] = {1, 2, 3};").dims());
    assertEquals(List.of(2L, 2L), variable(".global .u32 a[][2] = {{1, 2}, {3}};").dims());
  }

  @Test
  void parse_symbolAddresses() {
    PtxProgram program =
        PtxTexts.module(
            ".global .align 4 .b8 garr[32];\n"
                + ".global .align 8 .u64 p[4] = {garr, garr+4, generic(garr)+8, generic(garr)};\n"
                + ".global .u32 q = garr-4;\n");
    assertEquals(
        List.of(
            new InitValue.Address("garr", 0, false),
            new InitValue.Address("garr", 4, false),
            new InitValue.Address("garr", 8, true),
            new InitValue.Address("garr", 0, true)),
        program.variable("p").init().values());
    assertEquals(
        List.of(new InitValue.Address("garr", -4, false)), program.variable("q").init().values());
  }

  @Test
  void parse_tooManyInitializersFails() {
    var e = assertThrows(PtxParseException.class, () -> variable(".global .u32 a[2] = {1, 2, 3};"));
    assertEquals("line 4, column 21: too many initializers: 3 for 2 elements", e.getMessage());
  }

  @Test
  void parse_addressInANarrowVariableFails() {
    var e =
        assertThrows(
            PtxParseException.class,
            () -> PtxTexts.module(".global .u32 g;\n.global .b8 a[8] = {g};\n"));
    assertEquals("an address cannot initialize a .b8 variable", e.detail());
  }

  @Test
  void parse_undefinedSymbolInInitializerFails() {
    var e = assertThrows(PtxParseException.class, () -> variable(".global .u64 a = missing;"));
    assertEquals("undefined symbol missing", e.detail());
  }
}
