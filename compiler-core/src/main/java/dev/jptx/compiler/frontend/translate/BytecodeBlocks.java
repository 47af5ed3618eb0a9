package dev.jptx.compiler.frontend.translate;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The basic blocks of a method's bytecode: runs of instructions between branch targets and after
 * branches, with their successors. Blocks that the analyzer found unreachable are marked so.
 */
final class BytecodeBlocks {
  /** Instructions {@code [start, end)} of the method's instruction list. */
  record BytecodeBlock(
      int index, int start, int end, List<Integer> successors, boolean reachable) {}

  private final List<BytecodeBlock> blocks = new ArrayList<>();
  private final int[] blockOfInsn;

  private BytecodeBlocks(MethodNode m, Frame<SlotType>[] frames) {
    InsnList insns = m.instructions;
    TreeSet<Integer> leaders = new TreeSet<>();
    leaders.add(0);
    for (int i = 0; i < insns.size(); i++) {
      AbstractInsnNode n = insns.get(i);
      for (LabelNode target : targets(n)) {
        leaders.add(insns.indexOf(target));
      }
      if (endsBlock(n) && i + 1 < insns.size()) {
        leaders.add(i + 1);
      }
    }
    blockOfInsn = new int[insns.size()];
    List<Integer> starts = new ArrayList<>(leaders);
    for (int b = 0; b < starts.size(); b++) {
      int start = starts.get(b);
      int end = b + 1 < starts.size() ? starts.get(b + 1) : insns.size();
      for (int i = start; i < end; i++) {
        blockOfInsn[i] = b;
      }
    }
    for (int b = 0; b < starts.size(); b++) {
      int start = starts.get(b);
      int end = b + 1 < starts.size() ? starts.get(b + 1) : insns.size();
      blocks.add(
          new BytecodeBlock(
              b,
              start,
              end,
              successors(insns, start, end, b, starts.size()),
              reachable(frames, start, end)));
    }
  }

  /** The blocks of {@code m}, given the analyzer's frames. */
  static BytecodeBlocks of(MethodNode m, Frame<SlotType>[] frames) {
    return new BytecodeBlocks(m, frames);
  }

  List<BytecodeBlock> blocks() {
    return blocks;
  }

  /** The block holding instruction {@code insnIndex}. */
  int blockOf(int insnIndex) {
    return blockOfInsn[insnIndex];
  }

  /** Jump targets first (default first for switches), then the fall-through block. */
  private List<Integer> successors(InsnList insns, int start, int end, int block, int count) {
    AbstractInsnNode last = lastReal(insns, start, end);
    List<Integer> succ = new ArrayList<>();
    for (LabelNode target : last == null ? List.<LabelNode>of() : targets(last)) {
      succ.add(blockOfInsn[insns.indexOf(target)]);
    }
    boolean fallsThrough =
        last == null
            || !(last.getOpcode() == Opcodes.GOTO
                || last instanceof TableSwitchInsnNode
                || last instanceof LookupSwitchInsnNode
                || isExit(last.getOpcode()));
    if (fallsThrough && block + 1 < count) {
      succ.add(block + 1);
    }
    return succ;
  }

  private static AbstractInsnNode lastReal(InsnList insns, int start, int end) {
    for (int i = end - 1; i >= start; i--) {
      if (insns.get(i).getOpcode() >= 0) {
        return insns.get(i);
      }
    }
    return null;
  }

  private static boolean reachable(Frame<SlotType>[] frames, int start, int end) {
    for (int i = start; i < end; i++) {
      if (frames[i] != null) {
        return true;
      }
    }
    return false;
  }

  /** The labels an instruction may jump to, default first for switches. */
  static List<LabelNode> targets(AbstractInsnNode n) {
    if (n instanceof JumpInsnNode j) {
      return List.of(j.label);
    } else if (n instanceof TableSwitchInsnNode t) {
      List<LabelNode> l = new ArrayList<>();
      l.add(t.dflt);
      l.addAll(t.labels);
      return l;
    } else if (n instanceof LookupSwitchInsnNode s) {
      List<LabelNode> l = new ArrayList<>();
      l.add(s.dflt);
      l.addAll(s.labels);
      return l;
    }
    return List.of();
  }

  private static boolean endsBlock(AbstractInsnNode n) {
    return n instanceof JumpInsnNode
        || n instanceof TableSwitchInsnNode
        || n instanceof LookupSwitchInsnNode
        || isExit(n.getOpcode());
  }

  private static boolean isExit(int opcode) {
    return (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) || opcode == Opcodes.ATHROW;
  }
}
