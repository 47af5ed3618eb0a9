package dev.jptx.runtime.sim.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** PTX texts for tests: resources, small modules around a body, and checks every test shares. */
final class PtxTexts {
  /** The header of every hand-written module. */
  static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

  private PtxTexts() {}

  /** Reads a resource next to the tests. */
  static String resource(String name) {
    try (InputStream in = PtxTexts.class.getResourceAsStream(name)) {
      assertNotNull(in, "missing test resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Parses a module: the header, then {@code declarations}. */
  static PtxProgram module(String declarations) {
    return PtxParser.parse(HEADER + declarations);
  }

  /** Parses a kernel {@code k} with no parameters around {@code body}. */
  static PtxFunction kernel(String body) {
    return module(".visible .entry k()\n{\n" + body + "\n}\n").function("k");
  }

  /** The instructions of a function with this opcode-and-modifiers text. */
  static List<Instruction> find(PtxFunction function, String text) {
    return function.instructions().stream()
        .filter(i -> i.text().equals(text))
        .collect(Collectors.toList());
  }

  /** The only instruction of a function with this text. */
  static Instruction only(PtxFunction function, String text) {
    List<Instruction> found = find(function, text);
    assertEquals(1, found.size(), () -> "instructions " + text + ": " + found);
    return found.get(0);
  }

  /** The expected tokens of a text, such as {@code "u32 u64"}, as parameter types. */
  static String types(List<Param> params) {
    return params.stream().map(p -> p.type().modifier()).collect(Collectors.joining(" "));
  }

  /**
   * Checks what the engine relies on: every register operand is declared or special, every symbol
   * names a parameter, local, label, prototype, module variable or function, every branch targets a
   * label, and names are unique within each function.
   */
  static void assertResolved(PtxProgram program) {
    Set<String> module = new HashSet<>();
    program.variables().forEach(v -> module.add(v.name()));
    program.functions().forEach(f -> module.add(f.name()));
    for (PtxFunction function : program.functions()) {
      Set<String> registers = new HashSet<>();
      Set<String> symbols = new HashSet<>();
      Set<String> all = new HashSet<>();
      function.registers().forEach(r -> assertTrue(all.add(r.name()), r.name()));
      function.locals().forEach(v -> assertTrue(all.add(v.name()), v.name()));
      function.prototypes().forEach(p -> assertTrue(all.add(p.name()), p.name()));
      function.labelIndices().keySet().forEach(l -> assertTrue(all.add(l), l));
      function.registers().forEach(r -> registers.add(r.name()));
      symbols.addAll(all);
      symbols.removeAll(registers);
      function.params().forEach(p -> symbols.add(p.name()));
      function.returns().forEach(p -> symbols.add(p.name()));
      symbols.addAll(module);
      for (Instruction instruction : function.instructions()) {
        if (instruction.guard() != null) {
          assertTrue(registers.contains(instruction.guard().predicate()), instruction::toString);
        }
        for (Operand operand : instruction.operands()) {
          check(operand, registers, symbols, instruction);
        }
        if (instruction.opcode().equals("bra")) {
          SymbolRef target = (SymbolRef) instruction.operand(0);
          assertTrue(function.labelIndices().containsKey(target.name()), instruction::toString);
        }
      }
    }
  }

  private static void check(
      Operand operand, Set<String> registers, Set<String> symbols, Instruction in) {
    if (operand instanceof Reg reg) {
      String name = reg.name();
      if (reg.isSpecial()) {
        assertTrue(Reg.isSpecialName(name), () -> "unknown special register " + name + ": " + in);
      } else {
        String base = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        assertTrue(registers.contains(base), () -> "undeclared " + name + ": " + in);
      }
    } else if (operand instanceof SymbolRef ref) {
      assertTrue(symbols.contains(ref.name()), () -> "unresolved " + ref.name() + ": " + in);
    } else if (operand instanceof Address address) {
      check(address.base(), registers, symbols, in);
    } else if (operand instanceof VectorOp vector) {
      vector.elements().forEach(e -> check(e, registers, symbols, in));
    } else if (operand instanceof ParamList list) {
      list.items().forEach(e -> check(e, registers, symbols, in));
    } else if (operand instanceof Pair pair) {
      check(pair.first(), registers, symbols, in);
      check(pair.second(), registers, symbols, in);
    } else if (operand instanceof Generic generic) {
      check(generic.symbol(), registers, symbols, in);
    } else if (!(operand instanceof IntImm
        || operand instanceof FloatImm
        || operand instanceof Sink)) {
      fail("unexpected operand " + operand);
    }
  }
}
