package dev.jptx.compiler.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the per-function figures out of {@code ptxas -v} output (the same text JCuda's PTX compiler
 * writes to its info log):
 *
 * <pre>
 * ptxas info    : Compiling entry function 'saxpy' for 'sm_90'
 * ptxas info    : Function properties for saxpy
 *     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 * ptxas info    : Used 10 registers, used 0 barriers, 380 bytes cmem[0]
 * </pre>
 *
 * <p>A kernel with static shared memory has {@code , 1024 bytes smem} on its {@code Used} line.
 */
final class AssemblerLog {
  private static final Pattern COMPILING =
      Pattern.compile("Compiling (?:entry )?function '([^']+)'");
  private static final Pattern PROPERTIES =
      Pattern.compile(
          "(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads");
  private static final Pattern USED = Pattern.compile("Used (\\d+) registers");
  private static final Pattern SMEM = Pattern.compile("(\\d+) bytes smem");

  private AssemblerLog() {}

  static List<KernelResources> parse(String log) {
    List<KernelResources> out = new ArrayList<>();
    String function = null;
    int stack = 0;
    int stores = 0;
    int loads = 0;
    for (String line : log.split("\n")) {
      Matcher m = COMPILING.matcher(line);
      if (m.find()) {
        function = m.group(1);
        stack = stores = loads = 0;
        continue;
      }
      m = PROPERTIES.matcher(line);
      if (m.find()) {
        stack = Integer.parseInt(m.group(1));
        stores = Integer.parseInt(m.group(2));
        loads = Integer.parseInt(m.group(3));
        continue;
      }
      m = USED.matcher(line);
      if (m.find() && function != null) {
        Matcher smem = SMEM.matcher(line);
        int shared = smem.find() ? Integer.parseInt(smem.group(1)) : 0;
        out.add(
            new KernelResources(
                function, Integer.parseInt(m.group(1)), stores, loads, stack, shared));
        function = null;
      }
    }
    return out;
  }
}
