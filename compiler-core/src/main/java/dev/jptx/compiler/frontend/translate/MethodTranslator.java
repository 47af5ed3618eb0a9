package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.SourceLines;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.LimitExceededException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Translates one method's bytecode into the body of an IR function whose parameters already hold
 * the method's arguments. It runs ASM's {@code Analyzer} with {@link TypeInterpreter} for the slot
 * types, splits the code into {@link BytecodeBlocks}, then walks the blocks in bytecode order,
 * simulating the operand stack and letting {@link SsaBuilder} turn locals and stack slots that live
 * across blocks into SSA values. Every IR instruction keeps its Java line.
 */
final class MethodTranslator implements Opcodes {
  private final ClassNode owner;
  private final MethodNode method;
  private final TranslationContext cx;
  private final ArithmeticTranslator arithmetic;
  private final InvokeTranslator calls;
  private final MemoryTranslator memory;
  private final StackTranslator stackOps;
  private final RecordTranslator records;
  private final Map<Integer, Block> blockOf = new HashMap<>();
  private Frame<SlotType>[] frames;
  private BytecodeBlocks blocks;
  private SsaBuilder ssa;

  MethodTranslator(ClassNode owner, MethodNode method, TranslationContext cx) {
    this.owner = owner;
    this.method = method;
    this.cx = cx;
    this.arithmetic = new ArithmeticTranslator(cx);
    this.records = new RecordTranslator(cx);
    this.calls = new InvokeTranslator(cx, records);
    this.memory = new MemoryTranslator(cx);
    this.stackOps = new StackTranslator(cx);
  }

  /**
   * Translates the code. {@code entry} is the function's first block, where {@code arguments} (one
   * operand per Java parameter, in order) have been set up.
   */
  void translate(Block entry, List<Operand> arguments) {
    if (!MethodStructureCheck.accept(method, cx)) {
      return;
    }
    cx.printfFormats = StringLiterals.printfFormats(owner, method, cx);
    cx.printf = PrintfCalls.analyze(owner, method, cx);
    try {
      AddressSpace params =
          cx.f.kind() == Function.Kind.KERNEL ? AddressSpace.GLOBAL : AddressSpace.GENERIC;
      TypeInterpreter types = new TypeInterpreter(params, cx.unit.staticData::spaceOf);
      frames = new Analyzer<>(types).analyze(owner.name, method);
    } catch (AnalyzerException e) {
      cx.line = e.node == null ? 0 : SourceLines.lineOf(e.node);
      cx.error("invalid bytecode: " + e.getMessage());
      return;
    } catch (LimitExceededException e) {
      // ASM bounds the memory of its analysis: frames of maxStack + maxLocals per instruction
      cx.line = SourceLines.firstLine(method);
      cx.error(
          "the method is too large to translate: its bytecode needs an operand stack of "
              + method.maxStack
              + " entries over "
              + method.instructions.size()
              + " instructions, more than the bytecode analysis accepts ("
              + e.getMessage()
              + "); split the expression into local variables");
      return;
    }
    blocks = BytecodeBlocks.of(method, frames);
    Map<Block, List<Block>> preds = createBlocks(entry);
    ssa = new SsaBuilder(preds, new PhiFactory(cx.f, cx::error, cx.unit.records));
    Block first = blockOf.get(0);
    int slot = 0;
    for (Operand a : arguments) {
      ssa.write(SsaBuilder.local(slot), entry, a);
      slot += a instanceof Operand.Scalar s && cx.f.type(s.value()).bits() == 64 ? 2 : 1;
    }
    ssa.seal(entry);
    if (!first.equals(entry)) {
      cx.block = entry;
      cx.emitVoid(new InstData.Jump(first));
    }
    Map<Block, Integer> unfilledPreds = new HashMap<>();
    preds.forEach((b, ps) -> unfilledPreds.put(b, ps.size()));
    for (BytecodeBlocks.BytecodeBlock bb : blocks.blocks()) {
      if (!bb.reachable()) {
        continue;
      }
      Block b = blockOf.get(bb.index());
      if (unfilledPreds.getOrDefault(b, 0) == 0) {
        ssa.seal(b);
      }
      translateBlock(bb, b);
      for (Block s : new java.util.LinkedHashSet<>(cx.f.successors(b))) {
        if (unfilledPreds.merge(s, -1, Integer::sum) == 0) {
          ssa.seal(s);
        }
      }
    }
  }

  /** One IR block per reachable bytecode block, and their predecessors. */
  private Map<Block, List<Block>> createBlocks(Block entry) {
    Map<Block, List<Block>> preds = new HashMap<>();
    boolean firstHasPreds = false;
    for (BytecodeBlocks.BytecodeBlock bb : blocks.blocks()) {
      if (bb.reachable() && bb.successors().contains(0)) {
        firstHasPreds = true;
      }
    }
    for (BytecodeBlocks.BytecodeBlock bb : blocks.blocks()) {
      if (bb.reachable()) {
        Block b = bb.index() == 0 && !firstHasPreds ? entry : cx.f.addBlock();
        blockOf.put(bb.index(), b);
        preds.put(b, new ArrayList<>());
      }
    }
    preds.put(entry, new ArrayList<>());
    if (firstHasPreds) {
      preds.get(blockOf.get(0)).add(entry);
    }
    for (BytecodeBlocks.BytecodeBlock bb : blocks.blocks()) {
      if (bb.reachable()) {
        for (int s : bb.successors()) {
          List<Block> ps = preds.get(blockOf.get(s));
          Block from = blockOf.get(bb.index());
          if (!ps.contains(from)) {
            ps.add(from);
          }
        }
      }
    }
    return preds;
  }

  private void translateBlock(BytecodeBlocks.BytecodeBlock bb, Block b) {
    cx.block = b;
    Frame<SlotType> entryFrame = frames[bb.start()];
    List<Operand> stack = new ArrayList<>();
    for (int k = 0; k < entryFrame.getStackSize(); k++) {
      stack.add(ssa.read(SsaBuilder.stack(k), b, entryFrame.getStack(k)));
    }
    cx.resetStack(stack);
    cx.line = SourceLines.lineOf(method.instructions.get(bb.start()));
    boolean terminated = false;
    for (int i = bb.start(); i < bb.end() && !terminated; i++) {
      AbstractInsnNode n = method.instructions.get(i);
      if (n instanceof LineNumberNode ln) {
        cx.line = ln.line;
        continue;
      }
      if (n.getOpcode() < 0 || frames[i] == null) {
        continue;
      }
      cx.bytecodeOffset = BytecodeOffsets.offsetOf(method, n);
      AbstractInsnNode next = nextReal(i + 1, bb.end());
      if (ArithmeticTranslator.isThreeWayCompare(n.getOpcode())
          && next instanceof JumpInsnNode j
          && j.getOpcode() >= IFEQ
          && j.getOpcode() <= IFLE) {
        Value cond = arithmetic.fusedCondition(n.getOpcode(), j.getOpcode());
        branch(cond, j, bb);
        terminated = true;
      } else {
        terminated = instruction(n, i, bb);
      }
    }
    if (!terminated) {
      cx.emitVoid(new InstData.Jump(blockOf.get(bb.index() + 1)));
    }
    List<Operand> exit = cx.stack();
    for (int k = 0; k < exit.size(); k++) {
      ssa.write(SsaBuilder.stack(k), b, exit.get(k));
    }
  }

  private AbstractInsnNode nextReal(int from, int end) {
    for (int i = from; i < end; i++) {
      AbstractInsnNode n = method.instructions.get(i);
      if (n.getOpcode() >= 0) {
        return n;
      }
    }
    return null;
  }

  /** Translates one instruction; true if it ended the block with a terminator. */
  private boolean instruction(AbstractInsnNode n, int index, BytecodeBlocks.BytecodeBlock bb) {
    int op = n.getOpcode();
    if (records.translate(n)
        || arithmetic.translate(op)
        || stackOps.translate(n)
        || memory.translate(n)) {
      return false;
    }
    if (op >= ILOAD && op <= ALOAD) {
      int var = ((org.objectweb.asm.tree.VarInsnNode) n).var;
      cx.push(ssa.read(SsaBuilder.local(var), cx.block, frames[index].getLocal(var)));
    } else if (op >= ISTORE && op <= ASTORE) {
      ssa.write(SsaBuilder.local(((org.objectweb.asm.tree.VarInsnNode) n).var), cx.block, cx.pop());
    } else if (op == IINC) {
      iinc((org.objectweb.asm.tree.IincInsnNode) n, index);
    } else if (n instanceof JumpInsnNode j) {
      return jump(j, bb);
    } else if (op == RETURN) {
      cx.emitVoid(new InstData.Return(List.of()));
      return true;
    } else if (op >= IRETURN && op <= DRETURN) {
      dev.jptx.compiler.ir.Type rt = cx.f.returnType();
      Value v = cx.popScalar(rt instanceof ScalarType s ? s : ScalarType.I32);
      cx.emitVoid(new InstData.Return(rt instanceof ScalarType ? List.of(v) : List.of()));
      return true;
    } else if (op == ARETURN && cx.recordResult != null) {
      if (cx.pop() instanceof Operand.RecordValue r) {
        RecordValues.storeResult(cx, cx.recordResult, r);
      }
      cx.emitVoid(new InstData.Return(List.of()));
      return true;
    } else if (op == ARETURN) {
      ArrayResults.store(cx, cx.pop());
      cx.emitVoid(new InstData.Return(List.of()));
      return true;
    } else if (op == TABLESWITCH || op == LOOKUPSWITCH) {
      switchOf(n, bb);
      return true;
    } else if (op == GETSTATIC
        && cx.unit.staticData.get((org.objectweb.asm.tree.FieldInsnNode) n, cx)) {
      return false;
    } else if (op == ANEWARRAY && cx.printf.array(n) != null) {
      printfBuffer(cx.printf.array(n));
    } else if (op == ATHROW) {
      cx.error("exceptions (throw) are not supported in kernels");
      cx.emitVoid(new InstData.Return(List.of()));
      return true;
    } else if (n instanceof org.objectweb.asm.tree.MethodInsnNode m) {
      calls.invoke(m);
    } else if (n instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode d) {
      calls.invokeDynamic(d);
    } else if (op == NEW && endsInThrow(index, bb)) {
      cx.error(
          "exceptions (throw new "
              + org.objectweb.asm.Type.getObjectType(((org.objectweb.asm.tree.TypeInsnNode) n).desc)
                  .getClassName()
              + ") are not supported in kernels");
      cx.push(new Operand.Poison(frames[index + 1].getStack(frames[index + 1].getStackSize() - 1)));
    } else {
      Unsupported.translate(cx, n, frames[index + 1]);
    }
    return false;
  }

  /** A printf's argument array: the local buffer vprintf reads (none without arguments). */
  private void printfBuffer(PrintfCalls.Call c) {
    cx.pop();
    PointerType local = new PointerType(AddressSpace.LOCAL);
    Value address =
        c.bytes() == 0
            ? cx.f.constant(local, 0)
            : cx.emit(new InstData.Alloca(c.bytes(), 8), local);
    cx.push(
        new Operand.ArrayRef(
            address,
            cx.f.i32(c.types().size()),
            org.objectweb.asm.Type.getType(Object.class),
            false));
  }

  /** {@code tableswitch} and {@code lookupswitch}: one IR switch over the case keys. */
  private void switchOf(AbstractInsnNode n, BytecodeBlocks.BytecodeBlock bb) {
    Value v = cx.popScalar(ScalarType.I32);
    List<Long> keys = new ArrayList<>();
    List<Block> targets = new ArrayList<>();
    LabelNode otherwise;
    if (n instanceof org.objectweb.asm.tree.TableSwitchInsnNode t) {
      for (int k = 0; k < t.labels.size(); k++) {
        // javac fills the holes of a dense switch with the default label
        if (t.labels.get(k) != t.dflt) {
          keys.add((long) t.min + k);
          targets.add(target(t.labels.get(k)));
        }
      }
      otherwise = t.dflt;
    } else {
      org.objectweb.asm.tree.LookupSwitchInsnNode l =
          (org.objectweb.asm.tree.LookupSwitchInsnNode) n;
      for (int k = 0; k < l.keys.size(); k++) {
        keys.add((long) l.keys.get(k));
        targets.add(target(l.labels.get(k)));
      }
      otherwise = l.dflt;
    }
    cx.emitVoid(new InstData.Switch(v, keys, targets, target(otherwise)));
  }

  /** True if the block of instruction {@code index} ends by throwing: {@code throw new X(...)}. */
  private boolean endsInThrow(int index, BytecodeBlocks.BytecodeBlock bb) {
    for (int i = bb.end() - 1; i > index; i--) {
      int op = method.instructions.get(i).getOpcode();
      if (op >= 0) {
        return op == ATHROW;
      }
    }
    return false;
  }

  private void iinc(org.objectweb.asm.tree.IincInsnNode n, int index) {
    Operand o = ssa.read(SsaBuilder.local(n.var), cx.block, frames[index].getLocal(n.var));
    cx.push(o);
    Value v = cx.popScalar(dev.jptx.compiler.ir.ScalarType.I32);
    Value sum =
        cx.emit(
            new InstData.Binary(dev.jptx.compiler.ir.Opcode.ADD, v, cx.f.i32(n.incr)),
            dev.jptx.compiler.ir.ScalarType.I32);
    ssa.write(SsaBuilder.local(n.var), cx.block, new Operand.Scalar(sum));
  }

  private boolean jump(JumpInsnNode j, BytecodeBlocks.BytecodeBlock bb) {
    int op = j.getOpcode();
    if (op == GOTO) {
      cx.emitVoid(new InstData.Jump(target(j.label)));
      return true;
    }
    Value cond;
    if (op >= IFEQ && op <= IFLE) {
      Value a = cx.popScalar(dev.jptx.compiler.ir.ScalarType.I32);
      cond = arithmetic.compare(ArithmeticTranslator.intPredicate(op), a, cx.f.i32(0));
    } else if (op >= IF_ICMPEQ && op <= IF_ICMPLE) {
      Value b = cx.popScalar(dev.jptx.compiler.ir.ScalarType.I32);
      Value a = cx.popScalar(dev.jptx.compiler.ir.ScalarType.I32);
      cond = arithmetic.compare(ArithmeticTranslator.intPredicate(op), a, b);
    } else {
      Operand record = RecordTranslator.isRecord(cx.peek(0)) ? cx.peek(0) : null;
      if (record == null && op != IFNULL && op != IFNONNULL) {
        record = RecordTranslator.isRecord(cx.peek(1)) ? cx.peek(1) : null;
      }
      if (record != null) {
        records.escape(
            record,
            op == IFNULL || op == IFNONNULL ? "compared with null" : "compared with == or !=");
      } else {
        cx.error(
            op == IFNULL || op == IFNONNULL
                ? "null checks are not supported in kernels"
                : "comparing references (== and != on arrays) is not supported in kernels");
      }
      cx.pop();
      if (op == IF_ACMPEQ || op == IF_ACMPNE) {
        cx.pop();
      }
      return endAfterError(bb);
    }
    branch(cond, j, bb);
    return true;
  }

  private void branch(Value cond, JumpInsnNode j, BytecodeBlocks.BytecodeBlock bb) {
    Block fallThrough = blockOf.get(bb.index() + 1);
    cx.emitVoid(new InstData.Branch(cond, target(j.label), fallThrough));
  }

  /** Ends a block whose terminator was rejected; the function is discarded anyway. */
  private boolean endAfterError(BytecodeBlocks.BytecodeBlock bb) {
    cx.emitVoid(new InstData.Return(List.of()));
    return true;
  }

  private Block target(LabelNode label) {
    return blockOf.get(blocks.blockOf(method.instructions.indexOf(label)));
  }
}
