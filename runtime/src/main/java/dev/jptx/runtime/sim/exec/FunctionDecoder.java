package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Label;
import dev.jptx.runtime.sim.ptx.Param;
import dev.jptx.runtime.sim.ptx.PtxFunction;
import dev.jptx.runtime.sim.ptx.Register;
import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.runtime.sim.ptx.Statement;
import dev.jptx.runtime.sim.ptx.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes one function: lays out its parameter and local spaces, gives every register, constant and
 * special register a slot of the register file, resolves labels to instruction indices, and turns
 * each instruction into an {@link Insn} through {@link Operands} and the family decoders.
 */
final class FunctionDecoder {
  final PtxFunction f;
  final Code code;
  final Program program;
  final ModuleLayout module;
  final Map<String, Integer> registers = new HashMap<>();
  final Map<String, Integer> labels = new HashMap<>();
  final Map<String, ModuleLayout.Symbol> locals = new HashMap<>();
  final List<Long> template = new ArrayList<>();
  final Map<Long, Integer> constants = new HashMap<>();
  final List<Integer> specialSlots = new ArrayList<>();
  final List<Sreg> specialKinds = new ArrayList<>();
  final List<PendingCall> calls = new ArrayList<>();
  int scratch = -1;

  /** A {@code call} whose callee is resolved once every function is decoded. */
  record PendingCall(CallSite site, String callee, int line) {}

  FunctionDecoder(PtxFunction f, Program program, ModuleLayout module) {
    this.f = f;
    this.program = program;
    this.module = module;
    this.code = new Code(f.name(), f.entry());
  }

  Code decode() {
    layoutParams();
    layoutLocals();
    for (Register r : f.registers()) {
      registers.put(r.name(), newSlot(0));
    }
    List<Instruction> insns = new ArrayList<>();
    for (Statement s : f.body()) {
      if (s instanceof Label l) {
        labels.put(l.name(), insns.size());
      } else {
        insns.add((Instruction) s);
      }
    }
    Operands ops = new Operands(this);
    List<Insn> out = new ArrayList<>();
    for (Instruction in : insns) {
      out.add(decode(in, ops));
    }
    // falling off the end of a function returns, as if a ret followed
    out.add(new Insn(Frames::ret, -1, false, f.pos().line(), program.opcode("ret"), "ret"));
    code.insns = out.toArray(new Insn[0]);
    code.registerTemplate = template.stream().mapToLong(Long::longValue).toArray();
    code.specialSlots = specialSlots.stream().mapToInt(Integer::intValue).toArray();
    code.specialKinds = specialKinds.toArray(new Sreg[0]);
    List<Long> bounds = f.directives().getOrDefault("maxntid", f.directives().get("reqntid"));
    if (bounds != null) {
      code.maxThreads = new int[] {bound(bounds, 0), bound(bounds, 1), bound(bounds, 2)};
    }
    return code;
  }

  private static int bound(List<Long> values, int i) {
    return i < values.size() ? values.get(i).intValue() : 1;
  }

  private Insn decode(Instruction in, Operands ops) {
    int guard = -1;
    boolean negated = false;
    if (in.guard() != null) {
      guard = ops.register(in.guard().predicate());
      negated = in.guard().negated();
    }
    Exec exec;
    try {
      exec = Decoders.decode(in, ops);
    } catch (SimulationError | IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new SimulationError(
          "PTX line " + in.pos().line() + ": cannot decode '" + in.text() + "': " + e.getMessage(),
          e);
    }
    String text = in.text();
    return new Insn(exec, guard, negated, in.pos().line(), program.opcode(text), text);
  }

  /** A new register-file slot holding {@code initial} when a frame starts. */
  int newSlot(long initial) {
    template.add(initial);
    return template.size() - 1;
  }

  /** The slot of a constant, shared by every use of the same bits. */
  int constant(long bits) {
    return constants.computeIfAbsent(bits, this::newSlot);
  }

  /** A slot for results nobody reads ({@code _}). */
  int scratch() {
    if (scratch < 0) {
      scratch = newSlot(0);
    }
    return scratch;
  }

  /** The slot of a special register, filled when a frame starts. */
  int special(Sreg s) {
    int i = specialKinds.indexOf(s);
    if (i >= 0) {
      return specialSlots.get(i);
    }
    int slot = newSlot(0);
    specialSlots.add(slot);
    specialKinds.add(s);
    return slot;
  }

  private void layoutParams() {
    long at = 0;
    List<Integer> offsets = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    for (Param p : f.params()) {
      at = ModuleLayout.align(at, p.align() > 0 ? p.align() : Math.max(1, p.type().bytes()));
      locals.put(p.name(), new ModuleLayout.Symbol(StateSpace.PARAM, at, p.byteSize()));
      offsets.add((int) at);
      sizes.add((int) p.byteSize());
      at += p.byteSize();
    }
    code.formalOffsets = offsets.stream().mapToInt(Integer::intValue).toArray();
    code.formalSizes = sizes.stream().mapToInt(Integer::intValue).toArray();
    List<Integer> retOffsets = new ArrayList<>();
    List<Integer> retSizes = new ArrayList<>();
    for (Param p : f.returns()) {
      at = ModuleLayout.align(at, p.align() > 0 ? p.align() : Math.max(1, p.type().bytes()));
      locals.put(p.name(), new ModuleLayout.Symbol(StateSpace.PARAM, at, p.byteSize()));
      retOffsets.add((int) at);
      retSizes.add((int) p.byteSize());
      at += p.byteSize();
    }
    code.returnOffsets = retOffsets.stream().mapToInt(Integer::intValue).toArray();
    code.returnSizes = retSizes.stream().mapToInt(Integer::intValue).toArray();
    for (Variable v : f.locals()) {
      if (v.space() == dev.jptx.runtime.sim.ptx.StateSpace.PARAM) {
        at = ModuleLayout.align(at, ModuleLayout.alignment(v));
        locals.put(v.name(), new ModuleLayout.Symbol(StateSpace.PARAM, at, v.byteSize()));
        at += v.byteSize();
      }
    }
    code.paramBytes = (int) at;
  }

  private void layoutLocals() {
    long at = 0;
    for (Variable v : f.locals()) {
      if (v.space() == dev.jptx.runtime.sim.ptx.StateSpace.LOCAL) {
        at = ModuleLayout.align(at, ModuleLayout.alignment(v));
        locals.put(v.name(), new ModuleLayout.Symbol(StateSpace.LOCAL, at, v.byteSize()));
        at += v.byteSize();
      } else if (v.space() == dev.jptx.runtime.sim.ptx.StateSpace.REG) {
        registers.put(v.name(), newSlot(0));
      }
    }
    code.localBytes = (int) ModuleLayout.align(at, 16);
  }

  /** A symbol of the function (parameter, local) or of the module; null if none. */
  ModuleLayout.Symbol symbol(String name) {
    ModuleLayout.Symbol s = locals.get(name);
    return s != null ? s : module.symbol(name);
  }
}
