package dev.jptx.compiler.frontend.classes;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/** Source files and lines of class-file code, from its debug info. */
public final class SourceLines {
  private SourceLines() {}

  /**
   * The package-relative source path of a class: its {@code SourceFile} attribute in its package
   * directory, or, without debug info, the outermost class's name with {@code .java}.
   */
  public static String sourceFile(ClassNode c) {
    int slash = c.name.lastIndexOf('/');
    String dir = slash < 0 ? "" : c.name.substring(0, slash + 1);
    if (c.sourceFile != null) {
      return dir + c.sourceFile;
    }
    String simple = c.name.substring(slash + 1);
    int dollar = simple.indexOf('$');
    return dir + (dollar > 0 ? simple.substring(0, dollar) : simple) + ".java";
  }

  /** The line of an instruction: that of the nearest preceding line-number entry, or 0. */
  public static int lineOf(AbstractInsnNode insn) {
    for (AbstractInsnNode n = insn; n != null; n = n.getPrevious()) {
      if (n instanceof LineNumberNode ln) {
        return ln.line;
      }
    }
    return 0;
  }

  /**
   * The line of the first instruction at or after {@code insn}: for a label that starts a range (a
   * {@code try} block), whose line entry follows it.
   */
  public static int lineFrom(AbstractInsnNode insn) {
    for (AbstractInsnNode n = insn; n != null; n = n.getNext()) {
      if (n instanceof LineNumberNode ln) {
        return ln.line;
      }
      if (n.getOpcode() >= 0) {
        return lineOf(n);
      }
    }
    return lineOf(insn);
  }

  /** The first instruction with an opcode at or after {@code insn}, or null. */
  public static AbstractInsnNode firstOpcodeFrom(AbstractInsnNode insn) {
    for (AbstractInsnNode n = insn; n != null; n = n.getNext()) {
      if (n.getOpcode() >= 0) {
        return n;
      }
    }
    return null;
  }

  /** The first line of a method's code, or 0 without debug info. */
  public static int firstLine(MethodNode m) {
    for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
      if (n instanceof LineNumberNode ln) {
        return ln.line;
      }
    }
    return 0;
  }
}
