package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The printer's output parses back to the same program. */
class PrinterTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "jptx-Basic.ptx",
        "jptx-Loops.ptx",
        "jptx-Params.ptx",
        "nvcc-features.ptx",
        "nvcc-indirect-call.ptx",
        "nvcc-debug.ptx",
        "nvcc-lineinfo.ptx",
      })
  void print_roundTrips(String resource) {
    PtxProgram program = PtxParser.parse(PtxTexts.resource(resource));
    String printed = PtxPrinter.print(program);
    PtxProgram reparsed = PtxParser.parse(printed);
    assertEquals(printed, PtxPrinter.print(reparsed));
    assertEquals(program.functions().size(), reparsed.functions().size());
    for (int i = 0; i < program.functions().size(); i++) {
      PtxFunction before = program.functions().get(i);
      PtxFunction after = reparsed.functions().get(i);
      assertEquals(before.registers(), after.registers());
      assertEquals(before.params().size(), after.params().size());
      assertEquals(before.instructions().size(), after.instructions().size());
      for (int j = 0; j < before.instructions().size(); j++) {
        Instruction expected = before.instructions().get(j);
        Instruction actual = after.instructions().get(j);
        assertEquals(expected.toString(), actual.toString());
        assertEquals(expected.operands(), actual.operands());
        assertEquals(expected.loc(), actual.loc());
      }
    }
    for (Variable variable : program.variables()) {
      Variable again = reparsed.variable(variable.name());
      assertEquals(variable.init(), again.init(), variable.name());
      assertEquals(variable.dims(), again.dims(), variable.name());
    }
  }

  @Test
  void print_foldsRegisterRanges() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .b32 %r<4>, %x, %y0, %y1;\n.reg .v2 .f32 %v<2>;\n.reg .pred p;\nret;");
    String printed =
        PtxPrinter.print(new PtxProgram("8.0", List.of("sm_90"), 64, List.of(), List.of(k)));
    assertTrue(printed.contains("\t.reg .b32 %r<4>, %x, %y<2>;\n"), printed);
    assertTrue(printed.contains("\t.reg .v2 .f32 %v<2>;\n"), printed);
    assertTrue(printed.contains("\t.reg .pred p;\n"), printed);
  }

  @Test
  void print_immediatesReadBackExactly() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .f64 %fd1;\n.reg .f32 %f1;\n.reg .b64 %rd1;\n"
                + "mov.f64 %fd1, 1e-3;\nmov.f64 %fd1, -2.5;\nmov.f32 %f1, 0fBF800000;\n"
                + "mov.f64 %fd1, 0d7FF0000000000000;\nmov.b64 %rd1, -9223372036854775808;\n"
                + "ld.u64 %rd1, [%rd1+-8];");
    assertEquals(
        "[mov.f64 %fd1, 0.001, mov.f64 %fd1, -2.5, mov.f32 %f1, 0fBF800000, "
            + "mov.f64 %fd1, 0d7FF0000000000000, mov.b64 %rd1, -9223372036854775808, "
            + "ld.u64 %rd1, [%rd1+-8]]",
        k.instructions().toString());
  }
}
