package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
  @Test
  void write_escapesAndNestsAndWritesNonFiniteAsNull() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("s", "a\"b\\c\nd\u0001");
    m.put("n", List.of(1, 2.5, Double.NaN));
    m.put("e", Map.of());
    m.put("b", true);
    assertEquals(
        "{\n"
            + "  \"s\": \"a\\\"b\\\\c\\nd\\u0001\",\n"
            + "  \"n\": [\n    1,\n    2.50000,\n    null\n  ],\n"
            + "  \"e\": {},\n"
            + "  \"b\": true\n"
            + "}\n",
        Json.write(m));
  }
}
