package dev.jptx.compiler.driver;

import dev.jptx.compiler.frontend.classes.KernelScanner;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

/** The {@code bytecode} stage's textual form: ASM's listing of each kernel method. */
final class BytecodeListing {
  private BytecodeListing() {}

  static String of(ClassNode c, java.util.Set<String> onlyMethods) {
    StringWriter out = new StringWriter();
    PrintWriter pw = new PrintWriter(out);
    for (MethodNode m : c.methods) {
      if (KernelScanner.kernelAnnotation(m) == null
          || !onlyMethods.isEmpty() && !onlyMethods.contains(m.name)) {
        continue;
      }
      pw.println("method " + c.name.replace('/', '.') + "." + m.name + m.desc);
      Textifier t = new Textifier();
      m.accept(new TraceMethodVisitor(t));
      t.print(pw);
      pw.println();
    }
    pw.flush();
    return out.toString();
  }
}
