package dev.jptx.gpureport;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes maps, lists, strings, numbers, booleans and null as JSON text (the report's only need).
 */
final class Json {
  private Json() {}

  /** {@code value} as indented JSON. */
  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, "");
    return out.append('\n').toString();
  }

  private static void write(Object value, StringBuilder out, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(s, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Number n) {
      double d = n.doubleValue();
      out.append(Double.isFinite(d) ? String.format(Locale.ROOT, "%.6g", d) : "null");
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append("{\n");
      String inner = indent + "  ";
      int i = 0;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(inner);
        string(String.valueOf(e.getKey()), out);
        out.append(": ");
        write(e.getValue(), out, inner);
        out.append(++i < map.size() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append("[\n");
      String inner = indent + "  ";
      for (int i = 0; i < list.size(); i++) {
        out.append(inner);
        write(list.get(i), out, inner);
        out.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else {
      string(value.toString(), out);
    }
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
