package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.translate.IntrinsicTranslator;
import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.Module;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The intrinsics of one class's translation: a call of {@code Gpu} goes to its tables ({@link
 * GpuIntrinsics} and those it delegates to), shared arrays to this module's {@link SharedMemory};
 * the device library's hardware approximations to their instructions ({@link HardwareApproxCalls});
 * any other static call to the device library ({@link LibraryCalls}), then to the JDK's ({@link
 * JdkIntrinsics}).
 */
public final class Intrinsics implements IntrinsicTranslator {
  private final SharedMemory sharedMemory;

  /** The intrinsics of a translation into {@code module}, which receives the shared arrays. */
  public Intrinsics(Module module) {
    this.sharedMemory = new SharedMemory(module);
  }

  @Override
  public boolean translate(TranslationContext cx, MethodInsnNode call) {
    if (call.owner.equals(KernelScanner.GPU)) {
      return GpuIntrinsics.translate(cx, call.name, call.desc, sharedMemory);
    }
    return HardwareApproxCalls.translate(cx, call)
        || LibraryCalls.translate(cx, call)
        || JdkIntrinsics.translate(cx, call);
  }

  /**
   * Once the whole class is translated, reports each kernel of {@code m} that, with the device
   * functions it calls, views the dynamic shared memory as two element types or declares more
   * static shared memory than a block may have.
   */
  public void checkSharedMemory(Module m, Diagnostics diagnostics) {
    sharedMemory.checkDynamicTypes(m, diagnostics);
    sharedMemory.checkStaticTotal(m, diagnostics);
  }
}
