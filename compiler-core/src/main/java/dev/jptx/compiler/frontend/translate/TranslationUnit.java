package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.ir.Module;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.tree.ClassNode;

/**
 * What the translation of one kernel class shares across its methods: the module being built, the
 * classes its code reaches (read once from the class path), the device functions to translate, the
 * constant tables made from {@code static final} arrays, the intrinsics (which keep the
 * shared-memory declarations), and the options that change code.
 */
public final class TranslationUnit {
  final ClassNode owner;
  final Module module;
  final Diagnostics diagnostics;
  final boolean checks;

  /** The device functions the class's code calls, each translated once. */
  public final DeviceFunctions deviceFunctions;

  final StaticData staticData;
  final RecordTypes records;
  final IntrinsicTranslator intrinsics;

  /**
   * The kernels and device functions translated without errors, in translation order, for the
   * checks that need the whole class ({@link LocalArrayResults}).
   */
  final List<TranslationContext> translated = new ArrayList<>();

  private final ClassPath classPath;
  private final Map<String, Optional<ClassNode>> classes = new HashMap<>();

  /**
   * The translation of class {@code owner} into {@code module}, reading the classes it calls from
   * {@code classPath} (null: none) and reporting to {@code diagnostics}; with {@code checks}, array
   * indices and integer divisors are checked.
   */
  public TranslationUnit(
      ClassNode owner,
      ClassPath classPath,
      Module module,
      Diagnostics diagnostics,
      boolean checks,
      IntrinsicTranslator intrinsics) {
    this.owner = owner;
    this.classPath = classPath;
    this.module = module;
    this.diagnostics = diagnostics;
    this.checks = checks;
    this.deviceFunctions = new DeviceFunctions(this);
    this.staticData = new StaticData(this);
    this.records = new RecordTypes(this);
    this.intrinsics = intrinsics;
    classes.put(owner.name, Optional.of(owner));
  }

  /** A class by internal name, from the class being compiled or the class path; empty if none. */
  Optional<ClassNode> classNode(String internalName) {
    return classes.computeIfAbsent(
        internalName,
        n -> {
          if (n.startsWith(LIBDEVICE)) {
            return libdevice(n);
          }
          if (classPath == null) {
            return Optional.empty();
          }
          return classPath.read(n).map(ClassFiles::readKnownGood);
        });
  }

  /** The package of the device library, compiled from the compiler's own classes. */
  public static final String LIBDEVICE = "dev/jptx/compiler/libdevice/";

  private static Optional<ClassNode> libdevice(String internalName) {
    try (java.io.InputStream in =
        TranslationUnit.class.getResourceAsStream("/" + internalName + ".class")) {
      return in == null
          ? Optional.empty()
          : Optional.of(ClassFiles.readKnownGood(in.readAllBytes()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
