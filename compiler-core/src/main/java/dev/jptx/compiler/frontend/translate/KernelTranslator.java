package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.frontend.classes.SourceLines;
import dev.jptx.compiler.ir.AddressSpace;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ParamFlags;
import dev.jptx.compiler.ir.PointerType;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;

/**
 * Builds the IR function of one kernel: its parameters in the kernel ABI of API.md (an array is a
 * {@code ptr.global} and an {@code i32} length, an array of arrays its table of row addresses, its
 * table of row lengths and its row count; {@code boolean byte short char} arrive as {@code i8/i16}
 * and widen to {@code i32} in the entry block; a record of primitives is its components), its
 * launch bounds, then its body.
 */
public final class KernelTranslator {
  private KernelTranslator() {}

  /**
   * The kernel's function, or null if its body had errors (reported to the unit's diagnostics);
   * {@link LocalArrayResults} checks it further once the class is translated.
   */
  public static Function translate(ClassNode owner, KernelSpec spec, TranslationUnit unit) {
    Function f =
        new Function(spec.entryName(), Function.Kind.KERNEL, dev.jptx.compiler.ir.VoidType.VOID);
    FunctionAttributes a =
        FunctionAttributes.NONE.withOrigin(spec.sourceFile(), spec.qualifiedName());
    if (spec.maxThreadsPerBlock() > 0) {
      a = a.withMaxThreads(spec.maxThreadsPerBlock(), 1, 1);
    }
    a =
        a.withMinBlocksPerSm(spec.minBlocksPerMultiprocessor())
            .withMaxRegisters(spec.maxRegisters());
    a = a.withNoOutline(KernelScanner.hasAnnotation(spec.method(), KernelScanner.NO_OUTLINE));
    f.setAttributes(a.withFastMath(spec.fastMath()));
    Block entry = f.addBlock();
    TranslationContext cx =
        new TranslationContext(f, unit.diagnostics, spec.sourceFile(), spec.qualifiedName(), unit);
    cx.block = entry;
    cx.line = SourceLines.firstLine(spec.method());
    List<Operand> args = new ArrayList<>();
    Type[] params = Type.getArgumentTypes(spec.descriptor());
    for (int i = 0; i < params.length; i++) {
      if (params[i].getSort() == Type.OBJECT && !unit.records.isValue(params[i])) {
        cx.error(KernelScanner.parameterProblem(spec.method(), i));
        args.add(new Operand.Poison(new SlotType(params[i])));
        continue;
      }
      args.add(parameter(cx, params[i], KernelScanner.isReadOnly(spec.method(), i)));
    }
    new MethodTranslator(owner, spec.method(), cx).translate(entry, args);
    if (cx.hasErrors()) {
      return null;
    }
    TrivialPhiCleanup.run(f);
    unit.translated.add(cx);
    return f;
  }

  /** The PTX parameters of a Java one: a record's are its components', in declaration order. */
  private static Operand parameter(TranslationContext cx, Type t, boolean readOnly) {
    Function f = cx.f;
    if (JavaTypes.isArrayOfPrimitiveArrays(t)) {
      if (readOnly) {
        cx.error(
            "@ReadOnly is not supported on an array of arrays (its rows may be shared with other"
                + " arguments)");
      }
      // the tables are only read, whatever the rows see
      ParamFlags table = new ParamFlags(true, ParamFlags.Extension.NONE);
      Value rows = f.addParam(new PointerType(AddressSpace.GLOBAL), table);
      Value lengths = f.addParam(new PointerType(AddressSpace.GLOBAL), table);
      return new Operand.RowTable(rows, lengths, f.addParam(ScalarType.I32), t.getElementType());
    }
    if (t.getSort() == Type.OBJECT) {
      List<Operand> components = new ArrayList<>();
      for (RecordTypes.Component c : cx.unit.records.layout(t).components()) {
        components.add(parameter(cx, c.type(), false));
      }
      return new Operand.RecordValue(t, components);
    }
    if (t.getSort() == Type.ARRAY) {
      Value address =
          f.addParam(
              new PointerType(AddressSpace.GLOBAL),
              new ParamFlags(readOnly, ParamFlags.Extension.NONE));
      Value length = f.addParam(ScalarType.I32);
      return new Operand.ArrayRef(address, length, t.getElementType(), readOnly);
    }
    ScalarType mem = JavaTypes.memoryType(t);
    ScalarType stack = JavaTypes.stackType(t);
    if (mem == stack) {
      return new Operand.Scalar(f.addParam(mem));
    }
    boolean signed = JavaTypes.isSigned(t);
    Value p =
        f.addParam(
            mem,
            new ParamFlags(false, signed ? ParamFlags.Extension.SIGN : ParamFlags.Extension.ZERO));
    Opcode ext = signed ? Opcode.SEXT : Opcode.ZEXT;
    return new Operand.Scalar(cx.emit(new InstData.Cast(ext, p), stack));
  }
}
