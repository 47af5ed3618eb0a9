package dev.jptx.compiler.isel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The selection rules, one per line, are consistent: each names as many sources as its opcode
 * takes, and each source is a leaf of its pattern (an immediate where it is a field width) or a
 * literal immediate.
 */
class SelectionPatternsTest {
  @Test
  void everyRule_namesItsOpcodesSourcesFromItsPattern() {
    List<String> problems = new ArrayList<>();
    for (SelectionPattern r : SelectionPatterns.all()) {
      String where = r.name() + " -> " + r.out().name();
      if (r.uses().size() != r.out().uses().size()) {
        problems.add(where + ": " + r.uses().size() + " sources for " + r.out().uses().size());
      }
      Map<String, Pat> leaves = new HashMap<>();
      collect(r.pattern(), leaves);
      for (String use : r.uses()) {
        if (use.startsWith("#")) {
          Long.parseLong(use.substring(1));
        } else if (use.startsWith("width:")) {
          if (!(leaves.get(use.substring(6)) instanceof Pat.Imm)) {
            problems.add(where + ": " + use + " names no immediate leaf");
          }
        } else if (!leaves.containsKey(use)) {
          problems.add(where + ": " + use + " is no leaf of the pattern");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void halfRules_comeBetweenTheOthersInOrder() {
    List<SelectionPattern> all = SelectionPatterns.all();
    List<SelectionPattern> halves = HalfPatterns.all();
    int first = all.indexOf(halves.get(0));
    assertTrue(first > 0);
    assertEquals(halves, all.subList(first, first + halves.size()));
    assertEquals("mad.wide", all.get(0).name());
    assertEquals("sext.i1.i16", all.get(all.size() - 1).name());
  }

  private static void collect(Pat p, Map<String, Pat> leaves) {
    if (p instanceof Pat.Op o) {
      o.operands().forEach(q -> collect(q, leaves));
    } else if (p instanceof Pat.Reg r) {
      leaves.put(r.name(), p);
    } else if (p instanceof Pat.Imm i) {
      leaves.put(i.name(), p);
    } else if (p instanceof Pat.RegOrImm ri) {
      leaves.put(ri.name(), p);
    }
  }
}
