package dev.jptx.compiler.frontend;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.compiler.frontend.intrinsics.Intrinsics;
import dev.jptx.compiler.frontend.translate.KernelTranslator;
import dev.jptx.compiler.frontend.translate.LocalArrayResults;
import dev.jptx.compiler.frontend.translate.TranslationUnit;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Module;
import java.util.List;
import org.objectweb.asm.tree.ClassNode;

/**
 * The front end's entry: from a class file to an IR module holding its kernels. Every problem found
 * goes to the diagnostics; a class with any problem yields no module.
 */
public final class FrontEnd {
  private FrontEnd() {}

  /** The result of translating one class: its kernels and, if all went well, its module. */
  public record Translation(List<KernelSpec> kernels, Module module) {
    /** True if the class translated without errors. */
    public boolean succeeded() {
      return module != null;
    }
  }

  /** Translates the kernels of {@code c} without checks; problems go to {@code diagnostics}. */
  public static Translation translate(ClassNode c, ClassPath classPath, Diagnostics diagnostics) {
    return translate(c, classPath, diagnostics, false);
  }

  /**
   * Translates the kernels of {@code c} and the device functions they call; with {@code checks},
   * array indices and integer divisors are checked. Problems go to {@code diagnostics}.
   */
  public static Translation translate(
      ClassNode c, ClassPath classPath, Diagnostics diagnostics, boolean checks) {
    Diagnostics local = new Diagnostics();
    List<KernelSpec> kernels = KernelScanner.scan(c, local);
    Module m = new Module(c.name.replace('/', '.'));
    Intrinsics intrinsics = new Intrinsics(m);
    TranslationUnit unit = new TranslationUnit(c, classPath, m, local, checks, intrinsics);
    kernels.forEach(k -> unit.deviceFunctions.reserve(k.entryName()));
    for (KernelSpec k : kernels) {
      Function f = KernelTranslator.translate(c, k, unit);
      if (f != null) {
        m.add(f);
      }
    }
    unit.deviceFunctions.translateAll();
    LocalArrayResults.check(unit);
    unit.deviceFunctions.functions().forEach(m::add);
    intrinsics.checkSharedMemory(m, local);
    // javac's order: by file, then by line within the file
    List<dev.jptx.compiler.diag.Diagnostic> sorted = new java.util.ArrayList<>(local.all());
    sorted.sort(
        java.util.Comparator.comparing(dev.jptx.compiler.diag.Diagnostic::sourceFile)
            .thenComparingInt(dev.jptx.compiler.diag.Diagnostic::line));
    sorted.forEach(diagnostics::error);
    return new Translation(kernels, local.hasErrors() ? null : m);
  }
}
