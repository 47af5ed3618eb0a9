package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;

/**
 * Runs in a JVM of its own, because a GPU's memory fault is sticky for its context: {@code
 * OutOfBoundsChild cuda|sim write OFFSET} stores 4 bytes {@code OFFSET} bytes past a 4 KiB array
 * and prints what the user sees, then whether the same device still works; {@code OutOfBoundsChild
 * cuda|sim check} opens a device and runs a kernel, to show a new process is unaffected.
 */
public final class OutOfBoundsChild {
  private OutOfBoundsChild() {}

  /**
   * Runs the probe; prints {@code launch: ...}, {@code afterwards: ...} or {@code check: ...}.
   *
   * @param args {@code cuda|sim write OFFSET}, or {@code cuda|sim check}
   */
  public static void main(String[] args) {
    try (Device device = args[0].equals("sim") ? Device.simulator() : Device.open();
        PtxModule module = device.loadPtx(Probes.ptx())) {
      int[] small = new int[1024];
      if (args[1].equals("check")) {
        int[] out = new int[256];
        module.launch(
            "fillShared", Launch.of(Dim3.of(1), Dim3.of(64)).sharedMemoryBytes(1024), out, 256);
        System.out.println("check: " + (out[0] == 255 && out[255] == 0 ? "works" : "WRONG RESULT"));
        return;
      }
      long offset = Long.parseLong(args[2]);
      try {
        module.launch("writeAt", Launch.of(Dim3.of(1), Dim3.of(1)), small, offset);
        System.out.println("launch: no error reported (the store landed somewhere unchecked)");
      } catch (RuntimeException e) {
        System.out.println("launch: " + e.getClass().getName() + ": " + e.getMessage());
      }
      try {
        int[] out = new int[256];
        module.launch(
            "fillShared", Launch.of(Dim3.of(1), Dim3.of(64)).sharedMemoryBytes(1024), out, 256);
        System.out.println("afterwards: the same device still launches");
      } catch (RuntimeException e) {
        System.out.println("afterwards: " + e.getClass().getName() + ": " + e.getMessage());
      }
    } catch (RuntimeException e) {
      System.out.println("device: " + e.getClass().getName() + ": " + e.getMessage());
    }
  }
}
