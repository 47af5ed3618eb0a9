package dev.jptx.compiler.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CyclesTest {
  @Test
  void findsSelfLoopsAndComponents_notChainsOrOutsideNodes() {
    Map<String, List<String>> g = new HashMap<>();
    g.put("a", List.of("b"));
    g.put("b", List.of("c", "a")); // a <-> b
    g.put("c", List.of("d", "ext")); // c -> d, d -> d
    g.put("d", List.of("d"));
    g.put("e", List.of("f", "c"));
    g.put("f", List.of("g"));
    g.put("g", List.of("e")); // e -> f -> g -> e
    g.put("h", List.of());
    assertEquals(Set.of("a", "b", "d", "e", "f", "g"), Cycles.onCycles(g));
  }

  @Test
  void agreesWithAWalkFromEveryNode_onRandomGraphs() {
    java.util.Random random = new java.util.Random(7);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(12);
      Map<Integer, List<Integer>> g = new HashMap<>();
      for (int v = 0; v < n; v++) {
        List<Integer> out = new ArrayList<>();
        for (int k = random.nextInt(3); k > 0; k--) {
          out.add(random.nextInt(n + 2)); // n and n+1 are not keys
        }
        g.put(v, out);
      }
      assertEquals(byWalks(g), Cycles.onCycles(g), g.toString());
    }
  }

  @Test
  void aLongChainClosedIntoOneCycle_doesNotOverflowTheStack() {
    int n = 200_000;
    Map<Integer, List<Integer>> g = new HashMap<>();
    for (int v = 0; v < n; v++) {
      g.put(v, List.of((v + 1) % n));
    }
    assertEquals(n, Cycles.onCycles(g).size());
    g.put(n - 1, List.of());
    assertEquals(Set.of(), Cycles.onCycles(g));
  }

  /** The definition, one walk per node. */
  private static Set<Integer> byWalks(Map<Integer, List<Integer>> g) {
    Set<Integer> out = new HashSet<>();
    for (int v : g.keySet()) {
      Set<Integer> seen = new HashSet<>();
      List<Integer> work = new ArrayList<>(g.get(v));
      while (!work.isEmpty()) {
        int w = work.remove(work.size() - 1);
        if (seen.add(w)) {
          work.addAll(g.getOrDefault(w, List.of()));
        }
      }
      if (seen.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }
}
