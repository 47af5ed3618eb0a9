package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Entries and functions: parameters, return parameters, directives and register declarations. */
class FunctionTest {
  @Test
  void parse_entryParamsWithAttributes() {
    PtxFunction k =
        PtxTexts.module(
                ".visible .entry k(\n.param .u64 .ptr .global .align 16 p,\n"
                    + ".param .align 8 .b8 s[16],\n.param .v2 .f32 v,\n.param .b8 m[2][3]\n)\n"
                    + "{ ret; }\n")
            .function("k");
    assertTrue(k.entry());
    List<Param> params = k.params();
    assertEquals(
        new Param(StateSpace.PARAM, PtxType.U64, 1, "p", 16, List.of(), true, new SourcePos(5, 36)),
        params.get(0));
    assertEquals(8, params.get(1).align());
    assertEquals(List.of(16L), params.get(1).dims());
    assertEquals(16, params.get(1).byteSize());
    assertEquals(2, params.get(2).vectorWidth());
    assertEquals(8, params.get(2).byteSize());
    assertEquals(List.of(2L, 3L), params.get(3).dims());
    assertFalse(params.get(1).ptr());
    assertEquals(new SourcePos(4, 17), k.pos());
  }

  @Test
  void parse_funcReturnsBeforeTheName() {
    PtxFunction f =
        PtxTexts.module(
                ".func (.param .b32 func_retval0, .param .align 16 .b8 r2[16]) foo"
                    + "(.param .b32 foo_param_0, .reg .u32 x)\n{\nret;\n}\n")
            .function("foo");
    assertFalse(f.entry());
    assertEquals(List.of("func_retval0", "r2"), f.returns().stream().map(Param::name).toList());
    assertEquals(StateSpace.PARAM, f.params().get(0).space());
    assertEquals(StateSpace.REG, f.params().get(1).space());
    assertEquals(PtxType.U32, f.params().get(1).type());
    assertEquals(f.returns().get(1), f.param("r2"));
  }

  @Test
  void parse_entryWithoutParameterList() {
    PtxFunction k = PtxTexts.module(".entry k\n{\nexit;\n}\n").function("k");
    assertTrue(k.params().isEmpty());
    assertEquals("exit", k.instructions().get(0).opcode());
  }

  @Test
  void parse_performanceDirectives() {
    PtxProgram program =
        PtxTexts.module(
            ".entry a() .maxntid 256, 1, 1 .minnctapersm 2 .maxnreg 64 { ret; }\n"
                + ".entry b()\n.maxntid 256\n.pragma \"nounroll\";\n.reqntid 32, 4\n"
                + ".maxnctapersm 3\n{ ret; }\n"
                + ".func c() .noreturn { trap; }\n");
    Map<String, List<Long>> a = program.function("a").directives();
    assertEquals(List.of("maxntid", "minnctapersm", "maxnreg"), List.copyOf(a.keySet()));
    assertEquals(List.of(256L, 1L, 1L), a.get("maxntid"));
    assertEquals(List.of(2L), a.get("minnctapersm"));
    assertEquals(List.of(64L), a.get("maxnreg"));
    Map<String, List<Long>> b = program.function("b").directives();
    assertEquals(
        Map.of("maxntid", List.of(256L), "reqntid", List.of(32L, 4L), "maxnctapersm", List.of(3L)),
        b);
    assertEquals(Map.of("noreturn", List.of()), program.function("c").directives());
  }

  @Test
  void parse_registerRangesExpand() {
    PtxFunction k =
        PtxTexts.kernel(
            ".reg .pred %p<3>;\n.reg .b32 %r<2>, %x;\n.reg .pred p, q;\n.reg .v2 .f32 %v<2>;\n"
                + ".reg .f16x2 %h;\n.reg .b64 %SP;\nret;");
    assertEquals(
        List.of(
            new Register(PtxType.PRED, 1, "%p0"),
            new Register(PtxType.PRED, 1, "%p1"),
            new Register(PtxType.PRED, 1, "%p2"),
            new Register(PtxType.B32, 1, "%r0"),
            new Register(PtxType.B32, 1, "%r1"),
            new Register(PtxType.B32, 1, "%x"),
            new Register(PtxType.PRED, 1, "p"),
            new Register(PtxType.PRED, 1, "q"),
            new Register(PtxType.F32, 2, "%v0"),
            new Register(PtxType.F32, 2, "%v1"),
            new Register(PtxType.F16X2, 1, "%h"),
            new Register(PtxType.B64, 1, "%SP")),
        k.registers());
  }

  @Test
  void parse_registersWithoutPercentResolveAsRegisters() {
    PtxFunction k = PtxTexts.kernel(".reg .pred p;\n.reg .u32 a;\nsetp.eq.u32 p, a, 0;\n@!p ret;");
    Instruction setp = k.instructions().get(0);
    assertEquals(List.of(new Reg("p"), new Reg("a"), new IntImm(0)), setp.operands());
    assertEquals(new Guard("p", true), k.instructions().get(1).guard());
  }

  @Test
  void parse_vectorRegisterComponents() {
    PtxFunction k = PtxTexts.kernel(".reg .v4 .f32 %v;\n.reg .f32 %f;\nmov.f32 %f, %v.y;");
    assertEquals(new Reg("%v.y", false), k.instructions().get(0).operand(1));
  }

  @Test
  void parse_functionLevelVariables() {
    PtxFunction k =
        PtxTexts.kernel(
            ".local .align 8 .b8 __local_depot0[16];\n.shared .align 4 .f32 tile[32][33];\n"
                + ".const .u32 c = 5;\n.param .b64 pp;\nret;");
    assertEquals(
        List.of(StateSpace.LOCAL, StateSpace.SHARED, StateSpace.CONST, StateSpace.PARAM),
        k.locals().stream().map(Variable::space).toList());
    assertEquals(32 * 33 * 4, k.local("tile").byteSize());
    assertEquals(List.of(new InitValue.Constant(5)), k.local("c").init().values());
  }
}
