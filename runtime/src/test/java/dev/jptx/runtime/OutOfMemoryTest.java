package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Device memory that runs out is the {@link IllegalStateException} the cuda device throws on every
 * device, not a raw {@link OutOfMemoryError}: the simulator and the JVM device keep device memory
 * in the Java heap. Each case runs in a JVM of its own with a 96 MiB heap.
 */
class OutOfMemoryTest {
  private static String probe(String device, String what) throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-Xmx96m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    OutOfMemoryProbe.class.getName(),
                    device,
                    what))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertEquals(0, p.waitFor(), out);
    return out;
  }

  @Test
  void simulator_copyBeyondTheHeap_isTheCudaDevicesIllegalStateException() throws Exception {
    String out = probe("sim", "copy");
    assertTrue(
        out.startsWith(
            "java.lang.IllegalStateException: copying a int[4000000] to the device on jptx PTX"
                + " simulator failed: out of device memory (this device keeps device memory in the"
                + " Java heap: give the JVM more with -Xmx)"),
        out);
  }

  @Test
  void jvm_allocateBeyondTheHeap_isTheCudaDevicesIllegalStateException() throws Exception {
    String out = probe("jvm", "allocate");
    assertTrue(
        out.startsWith(
                "java.lang.IllegalStateException: allocating a DeviceArray of int[100000000]")
            && out.contains("failed: out of device memory"),
        out);
  }
}
