package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code ptxas -v} prints about each function:
 *
 * <pre>
 * ptxas info    : Compiling entry function 'reduceSum' for 'sm_90'
 * ptxas info    : Function properties for reduceSum
 *     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 * ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem
 * </pre>
 *
 * <p>A function is named by {@code Compiling [entry] function} (only this line says it is an entry)
 * or by {@code Function properties for}; the figure lines that follow belong to the last function
 * named. A {@code .func} gets only the {@code Function properties} block, so it has stack and spill
 * figures but no registers, barriers or shared memory. On a {@code Used N registers} line, a
 * missing barrier or smem part means 0.
 */
final class PtxasVerboseParser {
  private static final Pattern COMPILING = Pattern.compile("Compiling (entry )?function '([^']+)'");
  private static final Pattern PROPERTIES = Pattern.compile("Function properties for (\\S+)");
  private static final Pattern FRAME =
      Pattern.compile(
          "(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads");
  private static final Pattern REGISTERS = Pattern.compile("Used (\\d+) registers");
  private static final Pattern BARRIERS = Pattern.compile("used (\\d+) barriers");
  private static final Pattern SMEM = Pattern.compile("(\\d+) bytes smem");

  private PtxasVerboseParser() {}

  /**
   * What ptxas said about one function.
   *
   * @param name the function's name
   * @param entry whether ptxas compiled it as an entry
   * @param figures {@link PtxMetric#REGS}, {@link PtxMetric#STACK}, {@link PtxMetric#SPILL_ST},
   *     {@link PtxMetric#SPILL_LD}, {@link PtxMetric#BAR} and {@link PtxMetric#SMEM}, where ptxas
   *     gave them
   */
  record Function(String name, boolean entry, Map<PtxMetric, Long> figures) {
    /** Copies the figures. */
    Function {
      figures = Map.copyOf(figures);
    }
  }

  /**
   * Parses the output.
   *
   * @param output ptxas's standard output and error
   * @return the functions in the order ptxas first named them
   */
  static List<Function> parse(String output) {
    Map<String, Builder> functions = new LinkedHashMap<>();
    Builder current = null;
    for (String line : output.lines().toList()) {
      Matcher m = COMPILING.matcher(line);
      if (m.find()) {
        current = functions.computeIfAbsent(m.group(2), Builder::new);
        current.entry |= m.group(1) != null;
        continue;
      }
      m = PROPERTIES.matcher(line);
      if (m.find()) {
        current = functions.computeIfAbsent(m.group(1), Builder::new);
        continue;
      }
      if (current != null) {
        figures(line, current.figures);
      }
    }
    List<Function> result = new ArrayList<>();
    for (Builder b : functions.values()) {
      result.add(new Function(b.name, b.entry, b.figures));
    }
    return result;
  }

  private static void figures(String line, Map<PtxMetric, Long> figures) {
    Matcher frame = FRAME.matcher(line);
    if (frame.find()) {
      figures.put(PtxMetric.STACK, Long.parseLong(frame.group(1)));
      figures.put(PtxMetric.SPILL_ST, Long.parseLong(frame.group(2)));
      figures.put(PtxMetric.SPILL_LD, Long.parseLong(frame.group(3)));
      return;
    }
    Matcher registers = REGISTERS.matcher(line);
    if (registers.find()) {
      figures.put(PtxMetric.REGS, Long.parseLong(registers.group(1)));
      figures.put(PtxMetric.BAR, firstNumber(BARRIERS, line));
      figures.put(PtxMetric.SMEM, firstNumber(SMEM, line));
    }
  }

  private static long firstNumber(Pattern pattern, String line) {
    Matcher m = pattern.matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  private static final class Builder {
    final String name;
    final Map<PtxMetric, Long> figures = new EnumMap<>(PtxMetric.class);
    boolean entry;

    Builder(String name) {
      this.name = name;
    }
  }
}
