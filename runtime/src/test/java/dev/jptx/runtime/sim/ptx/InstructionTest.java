package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Instructions: guards, modifiers, every operand form, calls and control flow. */
class InstructionTest {
  private static final String REGS =
      ".reg .pred %p<3>;\n.reg .b32 %r<9>;\n.reg .b64 %rd<9>;\n.reg .f32 %f<9>;\n";

  private static Instruction first(String body) {
    return PtxTexts.kernel(REGS + body).instructions().get(0);
  }

  @Test
  void parse_guards() {
    PtxFunction k =
        PtxTexts.kernel(REGS + "@%p1 bra $L1;\n@!%p2 bra.uni $L1;\nbra $L1;\n$L1:\nret;");
    List<Instruction> instructions = k.instructions();
    assertEquals(new Guard("%p1", false), instructions.get(0).guard());
    assertEquals(new Guard("%p2", true), instructions.get(1).guard());
    assertNull(instructions.get(2).guard());
    assertEquals("bra.uni", instructions.get(1).text());
    assertEquals("@!%p2 bra.uni $L1", instructions.get(1).toString());
    assertEquals(new SymbolRef("$L1"), instructions.get(1).operand(0));
    assertEquals(new Label("$L1", new SourcePos(13, 1)), k.body().get(3));
  }

  @Test
  void parse_modifiersInOrder() {
    Instruction load = first("ld.global.nc.L1::evict_last.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];");
    assertEquals("ld", load.opcode());
    assertEquals(List.of("global", "nc", "L1::evict_last", "v4", "f32"), load.modifiers());
    assertEquals("ld.global.nc.L1::evict_last.v4.f32", load.text());
    assertEquals(StateSpace.GLOBAL, load.stateSpace());
    assertEquals(4, load.vectorWidth());
    Instruction setp = first("setp.lt.s32 %p1, %r1, %r2;");
    assertEquals(List.of("lt", "s32"), setp.modifiers());
    assertEquals(StateSpace.GENERIC, setp.stateSpace());
    Instruction cvt = first("cvt.rn.f32.s32 %f1, %r1;");
    assertEquals(List.of(PtxType.F32, PtxType.S32), cvt.types());
    Instruction atom = first("atom.shared::cta.add.u32 %r1, [%r2], 1;");
    assertEquals(StateSpace.SHARED, atom.stateSpace());
    assertTrue(atom.hasModifier("add"));
    assertFalse(atom.hasModifier("sub"));
  }

  @Test
  void parse_addressForms() {
    PtxProgram program =
        PtxTexts.module(
            ".global .u32 sym[4];\n.visible .entry k()\n{\n"
                + REGS
                + "ld.global.u32 %r1, [sym+4];\nld.u32 %r1, [%rd1+-8];\nld.u32 %r1, [%rd1+0x10];\n"
                + "ld.u32 %r1, [0x100];\nld.u32 %r1, [%rd1-4];\nld.u32 %r1, [%rd1];\n"
                + "ld.global.u32 %r1, [sym];\n}\n");
    List<Instruction> loads = program.function("k").instructions();
    assertEquals(new Address(new SymbolRef("sym"), 4), loads.get(0).operand(1));
    assertEquals(new Address(new Reg("%rd1"), -8), loads.get(1).operand(1));
    assertEquals(new Address(new Reg("%rd1"), 16), loads.get(2).operand(1));
    assertEquals(new Address(new IntImm(256), 0), loads.get(3).operand(1));
    assertEquals(new Address(new Reg("%rd1"), -4), loads.get(4).operand(1));
    assertEquals(new Address(new Reg("%rd1"), 0), loads.get(5).operand(1));
    assertEquals(new Address(new SymbolRef("sym"), 0), loads.get(6).operand(1));
  }

  @Test
  void parse_symbolsInImmediatePosition() {
    PtxProgram program =
        PtxTexts.module(
            ".global .u32 sym[4];\n.visible .entry k()\n{\n"
                + REGS
                + "mov.u64 %rd1, sym;\nmov.u32 %r1, sym+8;\nmov.u64 %rd2, generic(sym);\n}\n");
    List<Instruction> moves = program.function("k").instructions();
    assertEquals(new SymbolRef("sym", 0), moves.get(0).operand(1));
    assertEquals(new SymbolRef("sym", 8), moves.get(1).operand(1));
    assertEquals(new Generic(new SymbolRef("sym")), moves.get(2).operand(1));
  }

  @Test
  void parse_vectorsSinksAndPairs() {
    PtxFunction k =
        PtxTexts.kernel(
            REGS
                + "ld.global.v4.f32 {%f1, _, %f3, _}, [%rd1];\n"
                + "setp.lt.s32 %p1|%p2, %r1, %r2;\n"
                + "shfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;\n"
                + "mov.b64 {%r1, %r2}, %rd1;");
    List<Instruction> instructions = k.instructions();
    assertEquals(
        new VectorOp(List.of(new Reg("%f1"), Sink.INSTANCE, new Reg("%f3"), new Sink())),
        instructions.get(0).operand(0));
    assertEquals(new Pair(new Reg("%p1"), new Reg("%p2")), instructions.get(1).operand(0));
    assertEquals(new Pair(new Reg("%r1"), new Reg("%p1")), instructions.get(2).operand(0));
    assertEquals(new IntImm(-1), instructions.get(2).operand(4));
    assertEquals("{%r1, %r2}", instructions.get(3).operand(0).text());
  }

  @Test
  void parse_specialRegisters() {
    List<String> names =
        List.of(
            "%tid.x",
            "%ntid.y",
            "%ctaid.z",
            "%nctaid.x",
            "%laneid",
            "%warpid",
            "%lanemask_lt",
            "%clock",
            "%clock64",
            "%globaltimer",
            "%smid",
            "%nsmid",
            "%envreg3",
            "%pm0_64");
    StringBuilder body = new StringBuilder(REGS);
    for (String name : names) {
      body.append("mov.u32 %r1, ").append(name).append(";\n");
    }
    PtxFunction k = PtxTexts.kernel(body.toString());
    for (int i = 0; i < names.size(); i++) {
      Reg reg = (Reg) k.instructions().get(i).operand(1);
      assertEquals(names.get(i), reg.name());
      assertTrue(reg.isSpecial(), reg.name());
      assertTrue(Reg.isSpecialName(reg.name()), reg.name());
    }
    assertFalse(((Reg) k.instructions().get(0).operand(0)).isSpecial());
    assertFalse(new Reg("%r1").isSpecial());
  }

  @Test
  void parse_undeclaredPercentNameIsSpecial() {
    Reg reg = (Reg) first("mov.u32 %r1, %some_future_sreg;").operand(1);
    assertTrue(reg.isSpecial());
    assertFalse(Reg.isSpecialName(reg.name()));
  }

  @Test
  void parse_callForms() {
    PtxProgram program =
        PtxTexts.module(
            ".func (.param .b32 r) f(.param .b32 a, .param .b32 b) { ret; }\n"
                + ".func g() { ret; }\n.func h(.param .b32 a) { ret; }\n"
                + ".visible .entry k()\n{\n.reg .b64 %rd1;\n.param .b32 r;\n"
                + ".param .b32 a;\n.param .b32 b;\n"
                + "call (r), f, (a, b);\ncall g;\ncall h, (a);\ncall.uni (r), f, (a, 7);\n"
                + "proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                + "call (r), %rd1, (a), proto;\nret;\n}\n");
    List<Instruction> calls = PtxTexts.find(program.function("k"), "call");
    CallSite full = CallSite.of(calls.get(0));
    assertEquals(List.of(new SymbolRef("r")), full.returns());
    assertEquals(new SymbolRef("f"), full.target());
    assertEquals(List.of(new SymbolRef("a"), new SymbolRef("b")), full.arguments());
    CallSite bare = CallSite.of(calls.get(1));
    assertEquals(List.of(), bare.returns());
    assertEquals(new SymbolRef("g"), bare.target());
    assertEquals(List.of(), bare.arguments());
    CallSite noReturn = CallSite.of(calls.get(2));
    assertEquals(List.of(), noReturn.returns());
    assertEquals(List.of(new SymbolRef("a")), noReturn.arguments());
    CallSite indirect = CallSite.of(calls.get(3));
    assertEquals(new Reg("%rd1"), indirect.target());
    assertEquals(new SymbolRef("proto"), indirect.prototype());
    Instruction uni = PtxTexts.only(program.function("k"), "call.uni");
    assertEquals(
        List.of(
            new ParamList(List.of(new SymbolRef("r"))),
            new SymbolRef("f"),
            new ParamList(List.of(new SymbolRef("a"), new IntImm(7)))),
        uni.operands());
    assertEquals(1, program.function("k").prototypes().size());
  }

  @Test
  void callSite_rejectsOtherInstructions() {
    Instruction mov = first("mov.u32 %r1, 0;");
    assertThrows(IllegalArgumentException.class, () -> CallSite.of(mov));
  }

  @Test
  void parse_controlFlowWithoutOperands() {
    PtxFunction k = PtxTexts.kernel(REGS + "ret;\nexit;\ntrap;\nbar.sync 0;\nret;");
    assertEquals(
        List.of("ret", "exit", "trap", "bar.sync", "ret"),
        k.instructions().stream().map(Instruction::text).toList());
    assertTrue(k.instructions().get(0).operands().isEmpty());
  }

  @Test
  void parse_branchTargetTablesAreNotSupported() {
    var e =
        assertThrows(
            PtxParseException.class,
            () -> PtxTexts.kernel(REGS + "brx.idx %r1, $Ltab;\n$Ltab: .branchtargets $L0;"));
    assertEquals(
        "line 11, column 8: unexpected '.branchtargets' in a function body", e.getMessage());
  }
}
