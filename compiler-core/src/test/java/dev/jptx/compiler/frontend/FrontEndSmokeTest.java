package dev.jptx.compiler.frontend;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class FrontEndSmokeTest {
  @Test
  void basic_translates() throws Exception {
    byte[] bytes;
    try (InputStream in =
        getClass().getResourceAsStream("/dev/jptx/compiler/testkernels/Basic.class")) {
      bytes = in.readAllBytes();
    }
    Diagnostics d = new Diagnostics();
    CompilerOptions o =
        CompilerOptions.defaults()
            .withVerifyEachPass(true)
            .withPrintAfter(EnumSet.of(Stage.LEGALIZE, Stage.RA));
    ClassResult r =
        new Pipeline(o, (s, u, t) -> System.out.println("=== " + s + " " + u + "\n" + t))
            .compile(FrontEnd.readClass(bytes), null, d);
    System.out.println(d.all());
    String ptx = r.modules().values().iterator().next();
    System.out.println(ptx);
    Files.writeString(Path.of("/tmp/basic.ptx"), ptx);
  }
}
