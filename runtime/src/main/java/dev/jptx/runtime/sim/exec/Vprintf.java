package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.StateSpace;
import dev.jptx.spi.CFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * CUDA's device-side {@code printf}: {@code vprintf(const char *format, char *args)}. The arguments
 * sit in a buffer, each aligned to its size (4 bytes for {@code int}, 8 for {@code long}, {@code
 * double} (a {@code float} arrives promoted) and pointers); their kinds follow from the format, as
 * in C. The text is formatted as glibc would and printed in one piece.
 */
final class Vprintf {
  private Vprintf() {}

  static Exec exec(int[] argOffsets, int[] retOffsets) {
    if (argOffsets.length < 2) {
      throw new SimulationError("vprintf takes two parameters");
    }
    int formatAt = argOffsets[0];
    int argsAt = argOffsets[1];
    int retAt = retOffsets.length > 0 ? retOffsets[0] : -1;
    Mem memory = new Mem(StateSpace.GENERIC);
    return th -> {
      long format = th.frame.params.load(formatAt, 8);
      long args = th.frame.params.load(argsAt, 8);
      String fmt = string(th, memory, format);
      String text = CFormat.format(fmt, arguments(th, memory, fmt, args).toArray());
      th.block.launch.out.print(text);
      if (retAt >= 0) {
        th.frame.params.store(retAt, 4, text.length());
      }
      return th.pc + 1;
    };
  }

  /** The NUL-terminated string at generic address {@code address}. */
  private static String string(ThreadState th, Mem memory, long address) {
    StringBuilder sb = new StringBuilder();
    for (long a = address; ; a++) {
      int c = (int) memory.load(th, a, 1);
      if (c == 0) {
        return sb.toString();
      }
      sb.append((char) c);
    }
  }

  private static List<Object> arguments(ThreadState th, Mem memory, String fmt, long buffer) {
    List<Object> out = new ArrayList<>();
    long at = buffer;
    int i = 0;
    while (i < fmt.length()) {
      if (fmt.charAt(i++) != '%') {
        continue;
      }
      if (i < fmt.length() && fmt.charAt(i) == '%') {
        i++;
        continue;
      }
      while (i < fmt.length() && "-+ #0".indexOf(fmt.charAt(i)) >= 0) {
        i++;
      }
      boolean longArg = false;
      while (i < fmt.length()) {
        char c = fmt.charAt(i++);
        if (c == '*') {
          at = align(at, 4);
          out.add((int) memory.load(th, at, 4));
          at += 4;
        } else if (Character.isDigit(c) || c == '.' || c == 'h') {
          continue;
        } else if ("lLjztq".indexOf(c) >= 0) {
          longArg = true;
        } else {
          if ("fFeEgGaA".indexOf(c) >= 0) {
            at = align(at, 8);
            out.add(Double.longBitsToDouble(memory.load(th, at, 8)));
            at += 8;
          } else if (c == 's') {
            at = align(at, 8);
            out.add(string(th, memory, memory.load(th, at, 8)));
            at += 8;
          } else if (c == 'p') {
            at = align(at, 8);
            out.add(memory.load(th, at, 8));
            at += 8;
          } else if (longArg) {
            at = align(at, 8);
            out.add(memory.load(th, at, 8));
            at += 8;
          } else {
            at = align(at, 4);
            out.add((int) memory.load(th, at, 4));
            at += 4;
          }
          break;
        }
      }
    }
    return out;
  }

  private static long align(long at, int size) {
    return (at + size - 1) & -size;
  }
}
