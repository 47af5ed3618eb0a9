package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.target.SmTargets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the validator reports when ptxas rejects a module, and when ptxas itself crashes. */
class PtxasValidatorTest {
  @TempDir Path dir;

  /** A ptxas that answers --version and then dies of a segmentation fault, as 13.0 does. */
  private Path crashingPtxas() throws Exception {
    Path exe = dir.resolve("ptxas");
    Files.writeString(
        exe,
        "#!/bin/sh\n"
            + "if [ \"$1\" = --version ]; then\n"
            + "  echo 'Cuda compilation tools, release 13.0, V13.0.88'; exit 0\n"
            + "fi\n"
            + "kill -SEGV $$\n");
    Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
    return exe;
  }

  @Test
  void aCrashOfPtxas_saysSoInsteadOfAnEmptyLog() throws Exception {
    PtxasValidator v = PtxasValidator.find(crashingPtxas()).orElseThrow();
    ValidationResult r = v.validate(".version 7.8\n.target sm_90\n", SmTargets.get("sm_90"));
    assertFalse(r.accepted());
    assertTrue(
        r.log()
            .startsWith(
                "ptxas crashed: exit code 139, killed by signal 11 (SIGSEGV). That is a defect of"
                    + " ptxas, not an error in the module"),
        r.log());
  }

  @Test
  void anOrdinaryRejection_keepsPtxassLog() {
    assertEquals("line 3: syntax error", PtxasValidator.failureLog("line 3: syntax error", 255));
    assertEquals("", PtxasValidator.failureLog("", 1));
  }
}
