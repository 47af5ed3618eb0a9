package dev.jptx.runtime.sim.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Prints a {@link PtxProgram} as PTX that {@link PtxParser} reads back into an equal program
 * (positions aside). The output is flat: one {@code .reg} line per register, the function's
 * variables and call prototypes at the top of its body, no nested blocks and no debug sections.
 */
public final class PtxPrinter {
  private final StringBuilder out = new StringBuilder();

  private PtxPrinter() {}

  /**
   * Prints a program.
   *
   * @param program the program
   * @return PTX text
   */
  public static String print(PtxProgram program) {
    PtxPrinter printer = new PtxPrinter();
    printer.program(program);
    return printer.out.toString();
  }

  /**
   * Appends an offset to a base operand the way the parser reads it back: {@code a+4}, {@code
   * a+-4}.
   */
  static String withOffset(String base, long offset) {
    return offset == 0 ? base : base + "+" + offset;
  }

  private void program(PtxProgram program) {
    if (!program.version().isEmpty()) {
      out.append(".version ").append(program.version()).append('\n');
    }
    if (!program.targets().isEmpty()) {
      out.append(".target ").append(String.join(", ", program.targets())).append('\n');
    }
    out.append(".address_size ").append(program.addressSize()).append("\n\n");
    for (Variable variable : program.variables()) {
      variable(variable, "");
    }
    for (PtxFunction function : program.functions()) {
      out.append('\n');
      function(function);
    }
    for (Map.Entry<Integer, String> file : program.files().entrySet()) {
      out.append(".file ").append(file.getKey()).append(" \"");
      out.append(file.getValue().replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
    }
  }

  private void variable(Variable variable, String indent) {
    out.append(indent);
    if (!variable.linkage().isEmpty()) {
      out.append('.').append(variable.linkage()).append(' ');
    }
    out.append('.').append(variable.space().modifier());
    if (variable.align() != 0) {
      out.append(" .align ").append(variable.align());
    }
    if (variable.vectorWidth() > 1) {
      out.append(" .v").append(variable.vectorWidth());
    }
    out.append(" .").append(variable.type().modifier()).append(' ').append(variable.name());
    dims(variable.dims());
    if (variable.init() != null) {
      out.append(" = ");
      initializer(variable);
    }
    out.append(";\n");
  }

  private void dims(List<Long> dims) {
    for (long dim : dims) {
      out.append(dim < 0 ? "[]" : "[" + dim + "]");
    }
  }

  private void initializer(Variable variable) {
    List<InitValue> values = variable.init().values();
    boolean braces = variable.elementCount() != 1 || variable.vectorWidth() > 1;
    StringJoiner joined = new StringJoiner(", ", braces ? "{" : "", braces ? "}" : "");
    for (InitValue value : values) {
      joined.add(initValue(value, variable.type()));
    }
    out.append(joined);
  }

  private static String initValue(InitValue value, PtxType type) {
    if (value instanceof InitValue.Address address) {
      String base = address.generic() ? "generic(" + address.symbol() + ")" : address.symbol();
      return withOffset(base, address.offset());
    }
    long bits = ((InitValue.Constant) value).bits();
    if (type == PtxType.F32) {
      return String.format("0f%08X", bits);
    } else if (type == PtxType.F64) {
      return String.format("0d%016X", bits);
    }
    return Long.toUnsignedString(bits);
  }

  private void function(PtxFunction function) {
    if (!function.linkage().isEmpty()) {
      out.append('.').append(function.linkage()).append(' ');
    }
    out.append(function.entry() ? ".entry " : ".func ");
    if (!function.returns().isEmpty()) {
      params(function.returns());
      out.append(' ');
    }
    out.append(function.name());
    params(function.params());
    out.append('\n');
    for (Map.Entry<String, List<Long>> directive : function.directives().entrySet()) {
      out.append('.').append(directive.getKey());
      StringJoiner values = new StringJoiner(", ", " ", "").setEmptyValue("");
      directive.getValue().forEach(value -> values.add(Long.toString(value)));
      out.append(values).append('\n');
    }
    if (!function.defined()) {
      out.append(";\n");
      return;
    }
    out.append("{\n");
    registers(function.registers());
    for (Variable local : function.locals()) {
      variable(local, "\t");
    }
    for (CallPrototype prototype : function.prototypes()) {
      out.append('\t').append(prototype.name()).append(": .callprototype ");
      if (!prototype.returns().isEmpty()) {
        params(prototype.returns());
        out.append(' ');
      }
      out.append('_');
      params(prototype.params());
      out.append(";\n");
    }
    body(function.body());
    out.append("}\n");
  }

  /** One line per run of registers of one type, ranges folded back: {@code %r<9>}. */
  private void registers(List<Register> registers) {
    int start = 0;
    while (start < registers.size()) {
      Register first = registers.get(start);
      int end = start + 1;
      while (end < registers.size()
          && registers.get(end).type() == first.type()
          && registers.get(end).vectorWidth() == first.vectorWidth()) {
        end++;
      }
      out.append("\t.reg ");
      if (first.vectorWidth() > 1) {
        out.append(".v").append(first.vectorWidth()).append(' ');
      }
      out.append('.').append(first.type().modifier()).append(' ');
      out.append(String.join(", ", foldRanges(registers.subList(start, end)))).append(";\n");
      start = end;
    }
  }

  /**
   * Folds {@code p0, p1, ..., pN-1} into {@code p<N>}. Exact by construction: the parser expands
   * {@code p<N>} by appending the numbers, which gives back the same names.
   */
  private static List<String> foldRanges(List<Register> registers) {
    List<String> names = new ArrayList<>();
    int i = 0;
    while (i < registers.size()) {
      String name = registers.get(i).name();
      int count = 1;
      if (name.endsWith("0")) {
        String prefix = name.substring(0, name.length() - 1);
        while (i + count < registers.size()
            && registers.get(i + count).name().equals(prefix + count)) {
          count++;
        }
        names.add(count > 1 ? prefix + "<" + count + ">" : name);
      } else {
        names.add(name);
      }
      i += count;
    }
    return names;
  }

  private void params(List<Param> params) {
    StringJoiner joined = new StringJoiner(", ", "(", ")");
    for (Param param : params) {
      StringBuilder text = new StringBuilder();
      text.append('.').append(param.space().modifier());
      if (param.ptr()) {
        text.append(" .ptr");
      }
      if (param.align() != 0) {
        text.append(" .align ").append(param.align());
      }
      if (param.vectorWidth() > 1) {
        text.append(" .v").append(param.vectorWidth());
      }
      text.append(" .").append(param.type().modifier()).append(' ').append(param.name());
      param.dims().forEach(dim -> text.append('[').append(dim).append(']'));
      joined.add(text);
    }
    out.append(joined);
  }

  private void body(List<Statement> body) {
    DebugLoc loc = null;
    for (Statement statement : body) {
      if (statement instanceof Label label) {
        out.append(label.name()).append(":\n");
        continue;
      }
      Instruction instruction = (Instruction) statement;
      if (instruction.loc() != null && !instruction.loc().equals(loc)) {
        loc = instruction.loc();
        out.append("\t.loc ").append(loc.file()).append(' ').append(loc.line());
        out.append(' ').append(loc.column()).append('\n');
      }
      out.append('\t').append(instruction).append(";\n");
    }
  }
}
