package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * The state one method's translation shares between its parts: the function being built, where
 * instructions go now (block, Java line), the simulated operand stack, and error reporting.
 */
public final class TranslationContext {
  /** The function being built. */
  public final Function f;

  /** The class being translated, which the function belongs to. */
  public final TranslationUnit unit;

  private final Diagnostics diagnostics;
  private final String sourceFile;
  private final String kernelName;
  private String messagePrefix = "";
  private final Set<Integer> reportedLines = new HashSet<>();
  private boolean hasErrors;
  private final List<Operand> stack = new ArrayList<>();
  Block block;
  int line;
  int bytecodeOffset;

  /** Where a device function returning a record stores it (its hidden first parameter), or null. */
  Value recordResult;

  /** The string constants of the method being translated that are printf format literals. */
  Set<AbstractInsnNode> printfFormats = Set.of();

  /**
   * Where a device function that returns an array stores it (see {@code
   * DeviceSignature.returnsArray}); null for other functions.
   */
  Value arrayResult;

  /** The element type of the array a device function returns, with {@link #arrayResult}. */
  org.objectweb.asm.Type arrayResultElement;

  /** The printf calls of the method being translated. */
  PrintfCalls printf = PrintfCalls.NONE;

  TranslationContext(
      Function f,
      Diagnostics diagnostics,
      String sourceFile,
      String kernelName,
      TranslationUnit unit) {
    this.unit = unit;
    this.f = f;
    this.diagnostics = diagnostics;
    this.sourceFile = sourceFile;
    this.kernelName = kernelName;
  }

  /** The block instructions go to now. */
  public Block block() {
    return block;
  }

  /** The Java line of the instruction being translated. */
  public int line() {
    return line;
  }

  /** Whether the {@code checks} option is on: index, divisor and range checks are emitted. */
  public boolean checks() {
    return unit.checks;
  }

  /** The bytecode offset of the instruction being translated. */
  public int bytecodeOffset() {
    return bytecodeOffset;
  }

  /** The kernel whose translation this is (or that first called this device function). */
  String kernelName() {
    return kernelName;
  }

  /** The source file of the method being translated. */
  public String sourceFile() {
    return sourceFile;
  }

  /** The text put before every message. */
  public String messagePrefix() {
    return messagePrefix;
  }

  /** Text put before every message, naming the device function being translated. */
  void setMessagePrefix(String prefix) {
    messagePrefix = prefix;
  }

  /** Appends an instruction with a result of {@code type} at the current position. */
  public Value emit(InstData data, Type type) {
    return f.result(f.append(block, data, type, line));
  }

  /** Appends an instruction without a result. */
  public void emitVoid(InstData data) {
    f.append(block, data, dev.jptx.compiler.ir.VoidType.VOID, line);
  }

  /**
   * Reports a construct the compiler cannot translate, at the current line. One report per line is
   * enough: a rejected {@code new} is followed by its constructor call on the same line.
   */
  public void error(String message) {
    int key = line > 0 ? line : -1 - bytecodeOffset;
    if (reportedLines.add(key)) {
      hasErrors = true;
      diagnostics.error(
          new Diagnostic(sourceFile, line, bytecodeOffset, kernelName, messagePrefix + message));
    }
  }

  /** Reports {@code message} at {@code line}: for checks that run after translation. */
  void errorAt(int line, String message) {
    this.line = line;
    error(message);
  }

  /** True if this method's translation or its checks reported an error. */
  boolean hasErrors() {
    return hasErrors;
  }

  // ---- the operand stack

  public void push(Operand o) {
    stack.add(o);
  }

  public void push(Value v) {
    stack.add(new Operand.Scalar(v));
  }

  Operand pop() {
    return stack.remove(stack.size() - 1);
  }

  Operand peek(int depthFromTop) {
    return stack.get(stack.size() - 1 - depthFromTop);
  }

  List<Operand> stack() {
    return stack;
  }

  void resetStack(List<Operand> entries) {
    stack.clear();
    stack.addAll(entries);
  }

  /** Pops a primitive of the given stack type; poison becomes a zero of that type. */
  public Value popScalar(ScalarType type) {
    Operand o = pop();
    if (o instanceof Operand.Scalar s) {
      return s.value();
    }
    return f.constant(type, 0);
  }

  /** Pops an array; null if it is poison or not an array (already reported). */
  public Operand.ArrayRef popArray() {
    Operand o = pop();
    return o instanceof Operand.ArrayRef a ? a : null;
  }
}
