package dev.jptx.runtime;

/**
 * Run in a JVM with a small heap by {@code OutOfMemoryTest}: asks a device for more memory than the
 * heap holds, and prints the exception's class and message (or "no error").
 */
public final class OutOfMemoryProbe {
  private OutOfMemoryProbe() {}

  public static void main(String[] args) {
    try (Device d = args[0].equals("sim") ? Device.simulator() : Device.jvm()) {
      try {
        switch (args[1]) {
          case "allocate" -> d.allocate(int.class, 100_000_000);
          case "copy" -> {
            int[] host = new int[4_000_000];
            java.util.Arrays.fill(host, 7); // zeros might never need a page
            java.util.List<DeviceArray> kept = new java.util.ArrayList<>();
            for (int i = 0; i < 100; i++) {
              kept.add(d.copyOf(host)); // 16 MB of device memory each, kept
            }
          }
          default -> throw new IllegalArgumentException(args[1]);
        }
        System.out.println("no error");
      } catch (RuntimeException | Error e) {
        System.out.println(e.getClass().getName() + ": " + e.getMessage());
      }
    }
  }
}
