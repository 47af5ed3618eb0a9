package dev.jptx.gpureport;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.Stream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The JCuda path itself: asynchronous copies and a launch on a stream, {@link DeviceArray}s reused
 * across many launches, what a launch asking for more than 48 KiB of dynamic shared memory does,
 * and last, in child JVMs, a kernel that stores far past its array: what the user sees, and whether
 * a new process can use the device again.
 */
final class JcudaSection implements Section {
  @Override
  public String title() {
    return "The JCuda path";
  }

  @Override
  public String key() {
    return "jcuda";
  }

  @Override
  public Duration budget(ReportContext context) {
    return Duration.ofSeconds(25);
  }

  @Override
  public void run(ReportContext context, SectionResult out) throws Exception {
    Device device = context.device();
    String saxpyPtx = Bundle.read(context.bundle().nvccModule("sm_75", "strict"));
    try (PtxModule saxpy = device.loadPtx(saxpyPtx);
        PtxModule probes = device.loadPtx(Probes.ptx())) {
      streams(device, saxpy, out);
      reuse(device, saxpy, out);
      for (int kib : List.of(32, 64, 100, 227, 256)) {
        dynamicShared(probes, kib, out);
      }
      atomicSubnormals(probes, out);
    }
    try (PtxModule f16 = device.loadPtx(Probes.f16HighHalf())) {
      f16HighHalf(f16, out);
    }
    outOfBounds(context, out);
  }

  /** y = a*x + y as nvcc --fmad=false computes it: the product rounded, then the sum. */
  private static float[] saxpyReference(float a, float[] x, float[] y, int times) {
    float[] r = y.clone();
    for (int t = 0; t < times; t++) {
      for (int i = 0; i < r.length; i++) {
        float p = a * x[i];
        r[i] = p + r[i];
      }
    }
    return r;
  }

  private static void streams(Device device, PtxModule saxpy, SectionResult out) {
    int n = 1 << 20;
    float[] x = random(n, 1);
    float[] y = random(n, 2);
    float[] result = new float[n];
    long start = System.nanoTime();
    try (Stream s = device.newStream();
        DeviceArray dx = device.allocate(float.class, n);
        DeviceArray dy = device.allocate(float.class, n)) {
      dx.copyFromAsync(x, s);
      dy.copyFromAsync(y, s);
      saxpy.launch("saxpy", Launch.grid1d(n, 256).stream(s), n, 1.5f, dx, dy);
      dy.copyToAsync(result, s);
      s.synchronize();
    }
    long micros = (System.nanoTime() - start) / 1000;
    boolean ok = java.util.Arrays.equals(result, saxpyReference(1.5f, x, y, 1));
    out.linef(
        "- Stream: two asynchronous copies in, saxpy on the stream, one copy out, `synchronize()`:"
            + " %s (%d µs in all, 4 MiB each way).",
        ok ? "correct" : "**WRONG RESULT**", micros);
    out.put("streamCorrect", ok);
    if (!ok) {
      out.fail("saxpy on a stream with asynchronous copies gave a wrong result");
    }
  }

  private static void reuse(Device device, PtxModule saxpy, SectionResult out) {
    int n = 1 << 16;
    int times = 100;
    float[] x = random(n, 3);
    float[] y = random(n, 4);
    float[] result = new float[n];
    long kernelNanos = 0;
    try (DeviceArray dx = device.copyOf(x);
        DeviceArray dy = device.copyOf(y)) {
      for (int t = 0; t < times; t++) {
        saxpy.launch("saxpy", Launch.grid1d(n, 256), n, 0.5f, dx, dy);
        kernelNanos += device.lastLaunchStats().elapsedNanos();
      }
      dy.copyTo(result);
    }
    boolean ok = java.util.Arrays.equals(result, saxpyReference(0.5f, x, y, times));
    out.linef(
        "- `DeviceArray` reuse: %d launches of saxpy on the same two device arrays, one copy back:"
            + " %s (%.1f µs per launch by CUDA events).",
        times, ok ? "correct" : "**WRONG RESULT**", kernelNanos / 1e3 / times);
    out.put("reuseCorrect", ok);
    if (!ok) {
      out.fail("100 saxpy launches on reused DeviceArrays gave a wrong result");
    }
  }

  private static void dynamicShared(PtxModule probes, int kib, SectionResult out) {
    int n = kib * 256;
    int[] result = new int[n];
    String what;
    try {
      probes.launch(
          "fillShared",
          Launch.of(Dim3.of(1), Dim3.of(256)).sharedMemoryBytes(kib * 1024),
          result,
          n);
      boolean ok = result[0] == n - 1 && result[n - 1] == 0;
      what = ok ? "runs, correct" : "runs, **WRONG RESULT**";
      if (!ok) {
        out.fail(kib + " KiB of dynamic shared memory: wrong result");
      }
    } catch (RuntimeException e) {
      what = "refused: `" + BenchSection.firstLine(e.getMessage()) + "`";
    }
    out.linef("- A launch with %d KiB of dynamic shared memory: %s", kib, what);
    out.add("dynamicShared", kib + " KiB: " + what);
  }

  /**
   * Whether {@code atom.add.f32} keeps subnormal operands and results, on global and on shared
   * memory: Java keeps them, so jptx's strict mode adds floats to global memory with a
   * compare-and-swap loop on the belief that the global atomic flushes them (and the simulator
   * flushes there, keeping them on shared memory).
   */
  private static void atomicSubnormals(PtxModule probes, SectionResult out) {
    float three = 3 * Float.MIN_VALUE;
    float two = 2 * Float.MIN_VALUE;
    float[] cells = {three, three, two, -1};
    probes.launch("atomicSubnormal", Launch.of(Dim3.of(1), Dim3.of(1)), (Object) cells);
    String global = describe(cells[0], 5 * Float.MIN_VALUE);
    String shared = describe(cells[1], 5 * Float.MIN_VALUE);
    out.linef(
        "- `atom.global.add.f32` of two subnormals (3 + 2 times 2^-149): %s (the old value it"
            + " returned: %s); `atom.shared.add.f32`: %s.",
        global, Float.toHexString(cells[3]), shared);
    out.put("atomGlobalAddF32Subnormal", global);
    out.put("atomSharedAddF32Subnormal", shared);
  }

  /**
   * Whether the ptxas (or driver JIT) miscompile of fuzz kernel k0245 is still there: {@code probe}
   * is the shape jptx no longer emits, {@code probe_bfe} the one it emits instead; both must write
   * zeros.
   */
  private static void f16HighHalf(PtxModule f16, SectionResult out) {
    short[] in = new short[24];
    int[] paths = {2, 2, 2, 2, 0, 1, 2, 0};
    int[] loaded = {0xffa4, 0xfffe, 0x3c00, 0x8000, 0xffff, 0xffff, 0x0001, 0xffff};
    for (int t = 0; t < 8; t++) {
      in[t] = (short) (t + 1);
      in[8 + t] = (short) paths[t];
      in[16 + t] = (short) loaded[t];
    }
    for (String entry : List.of("probe", "probe_bfe")) {
      int[] result = new int[8];
      f16.launch(entry, Launch.of(Dim3.of(1), Dim3.of(8)), result, in);
      boolean zeros = java.util.Arrays.stream(result).allMatch(v -> v == 0);
      StringBuilder hex = new StringBuilder();
      for (int v : result) {
        hex.append(String.format(" %08x", v));
      }
      String verdict = zeros ? "right (all zero)" : "MISCOMPILED:" + hex;
      out.linef(
          "- The ptxas f16 high-half reproducer (fuzz kernel k0245), entry `%s`: %s",
          entry, verdict);
      out.put("f16HighHalf " + entry, verdict);
      if (entry.equals("probe_bfe") && !zeros) {
        out.fail("the bfe form jptx emits for the high half of a merged value is miscompiled too");
      }
    }
  }

  private static String describe(float got, float exact) {
    String bits = String.format("0x%08x", Float.floatToRawIntBits(got));
    if (Float.floatToRawIntBits(got) == Float.floatToRawIntBits(exact)) {
      return "kept (" + bits + ", exact)";
    }
    return got == 0 ? "flushed to zero (" + bits + ")" : "other (" + bits + ")";
  }

  private static void outOfBounds(ReportContext context, SectionResult out) throws Exception {
    String dev = context.deviceName();
    Path work = Files.createTempDirectory("jptx-oob");
    for (long offset : List.of(64L << 20, 1L << 40)) {
      storePast(context, dev, work, offset, out);
    }
    checkNewProcess(context, dev, work, out);
  }

  private static void storePast(
      ReportContext context, String dev, Path work, long offset, SectionResult out)
      throws Exception {
    Processes.Outcome write =
        Processes.run(
            Processes.java(
                context.bundle(),
                List.of(),
                OutOfBoundsChild.class.getName(),
                dev,
                "write",
                Long.toString(offset)),
            work,
            Duration.ofSeconds(20));
    String past = offset >= 1L << 40 ? (offset >> 40) + " TiB" : (offset >> 20) + " MiB";
    out.line("");
    out.line(
        "A kernel that stores 4 bytes "
            + past
            + " past a 4 KiB array, in a JVM of its own (exit "
            + write.exitCode()
            + "):");
    out.line("");
    out.line("```");
    out.line(Processes.tail(write.output(), 12));
    out.line("```");
    out.add("outOfBounds", past + ": " + write.output().strip());
  }

  private static void checkNewProcess(
      ReportContext context, String dev, Path work, SectionResult out) throws Exception {
    Processes.Outcome check =
        Processes.run(
            Processes.java(
                context.bundle(), List.of(), OutOfBoundsChild.class.getName(), dev, "check"),
            work,
            Duration.ofSeconds(20));
    out.line("");
    out.line(
        "Then a new process opens the device and runs a kernel (exit " + check.exitCode() + "):");
    out.line("");
    out.line("```");
    out.line(Processes.tail(check.output(), 6));
    out.line("```");
    out.put("newProcess", check.output().strip());
    if (!check.output().contains("check: works")) {
      out.fail("after the out-of-bounds kernels, a new process could not use the device");
    }
  }

  private static float[] random(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = (float) r.nextDouble(-4, 4);
    }
    return a;
  }
}
