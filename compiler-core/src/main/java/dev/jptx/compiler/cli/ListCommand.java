package dev.jptx.compiler.cli;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.frontend.classes.KernelSpec;
import dev.jptx.spi.KernelIndexLine;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.objectweb.asm.tree.ClassNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jptx list}: the kernels of class directories and jars, one per line. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List the @Kernel methods found: class, method, PTX entry, descriptor.",
      "With --verbose, a build output's figures per target: registers, shared memory, spills and"
          + " occupancy."
    })
final class ListCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR_OR_JAR", arity = "1..*", description = "Class roots to search.")
  List<Path> inputs;

  @CommandLine.Option(
      names = "--verbose",
      description =
          "Below each kernel, per target built into DIR's META-INF/jptx and validated: registers,"
              + " shared memory, spills and theoretical occupancy (as on the build line).")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Diagnostics d = new Diagnostics();
    for (Path root : inputs) {
      if (!Files.exists(root)) {
        throw new IllegalArgumentException("no such file or directory: " + root);
      }
      try (ClassPath cp = new ClassPath(List.of(root))) {
        for (String name : ClassPath.classesIn(root)) {
          ClassNode c;
          try {
            ClassPath.checkReadable(root, name);
            byte[] bytes = cp.read(name).orElseThrow();
            if (!ClassFiles.mayHaveKernels(bytes)) {
              continue;
            }
            c = ClassFiles.read(bytes);
          } catch (ClassFiles.UnreadableClassException e) {
            d.error(ClassFiles.diagnostic(ClassPath.location(root, name), e));
            continue;
          }
          for (KernelSpec k : KernelScanner.scan(c, d)) {
            // escaped as in kernels.list, so that a name with a space or line break stays one field
            out.println(
                KernelIndexLine.encode(k.className())
                    + " "
                    + KernelIndexLine.encode(k.method().name)
                    + " "
                    + KernelIndexLine.encode(k.entryName())
                    + " "
                    + KernelIndexLine.encode(k.descriptor()));
            if (verbose) {
              ModuleFigures.print(out, root, k);
            }
          }
        }
      }
    }
    for (Diagnostic x : d.all()) {
      err.println(x.format());
    }
    out.flush();
    err.flush();
    return d.hasErrors() ? JptxCommand.KERNEL_ERRORS : 0;
  }
}
