package dev.jptx.runtime.sim.exec;

/**
 * A decoded function: its instructions with branch targets resolved to indices, the size of its
 * register file (registers, then constants and special registers preloaded from {@link
 * #registerTemplate}), and the layout of its {@code .param} and {@code .local} spaces.
 */
final class Code {
  final String name;
  final boolean entry;
  Insn[] insns;
  long[] registerTemplate;
  int paramBytes;
  int[] formalOffsets;
  int[] formalSizes;
  int[] returnOffsets;
  int[] returnSizes;
  int localBytes;
  int[] maxThreads;
  int[] specialSlots = new int[0];
  Sreg[] specialKinds = new Sreg[0];

  Code(String name, boolean entry) {
    this.name = name;
    this.entry = entry;
  }
}
