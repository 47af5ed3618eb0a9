package dev.jptx.compiler.pipeliner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import dev.jptx.compiler.pipeliner.DependenceGraph.Kind;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import dev.jptx.compiler.target.MathOpcodes;
import dev.jptx.compiler.target.PipelineClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RecMII, ResMII, the swing order and modulo placement on small hand-built graphs. */
class SwingSchedulerTest {
  private static DependenceGraph graph(MachineOpcode... ops) {
    List<MachineInstr> is = new ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      is.add(MachineInstr.of(ops[i], List.of(new VReg(i)), List.of(), 0));
    }
    return DependenceGraph.of(is);
  }

  private static DependenceGraph integers(int n) {
    MachineOpcode[] ops = new MachineOpcode[n];
    Arrays.fill(ops, IntegerOpcodes.ADD_S32);
    return graph(ops);
  }

  private static void edge(DependenceGraph g, int from, int to, int latency, int distance) {
    g.add(new Edge(from, to, latency, distance, Kind.DATA));
  }

  @Test
  void recMii_isTheLargestCircuitLatencyOverItsDistance() {
    DependenceGraph g = integers(3);
    edge(g, 0, 1, 4, 0);
    edge(g, 1, 2, 4, 0);
    edge(g, 2, 0, 4, 1);
    edge(g, 1, 1, 4, 2);
    List<Recurrences.Circuit> cs = Recurrences.of(g);
    assertEquals(2, cs.size());
    // 0 -> 1 -> 2 -> 0: 12 cycles over one iteration; 1 -> 1: 4 cycles over two
    assertEquals(12, Recurrences.recMii(cs));
    edge(g, 2, 0, 4, 0); // a second, shorter edge back is no circuit of its own: distance 0
    assertEquals(12, Recurrences.recMii(Recurrences.of(g)));
  }

  @Test
  void recMii_roundsUpAndIsZeroWithoutCircuits() {
    DependenceGraph g = integers(2);
    edge(g, 0, 1, 4, 0);
    assertEquals(0, Recurrences.recMii(Recurrences.of(g)));
    edge(g, 1, 0, 5, 2);
    assertEquals(5, Recurrences.recMii(Recurrences.of(g))); // ceil(9 / 2)
  }

  @Test
  void resMii_isTheBusiestResource() {
    assertEquals(3, ReservationTable.resMii(integers(3), 1));
    // the integer pipe takes one warp instruction a cycle, whatever the issue width
    assertEquals(3, ReservationTable.resMii(integers(3), 2));
    // one special function holds the SFU for 8 cycles, more than two issue slots
    DependenceGraph g = graph(MathOpcodes.EX2_APPROX_F32, IntegerOpcodes.ADD_S32);
    assertEquals(PipelineClass.SPECIAL.unitCycles(), ReservationTable.resMii(g, 1));
  }

  @Test
  void nodeOrder_placesTheRecurrenceFirstThenSweeps() {
    // 0 -> 1 -> 2 a chain, 3 -> 4 -> 3 a recurrence, 4 -> 2 joins them
    DependenceGraph g = integers(5);
    edge(g, 0, 1, 4, 0);
    edge(g, 1, 2, 4, 0);
    edge(g, 3, 4, 4, 0);
    edge(g, 4, 3, 4, 1);
    edge(g, 4, 2, 4, 0);
    List<Recurrences.Circuit> cs = Recurrences.of(g);
    List<BitSet> sets = NodeOrder.sets(g, cs);
    assertEquals(
        List.of(BitSet.valueOf(new long[] {0b11000}), BitSet.valueOf(new long[] {0b111})), sets);
    // the recurrence from its deepest node bottom-up (4 then 3); then the rest top-down from the
    // successors of what is ordered (2), bottom-up from 2's predecessors (1, then 0)
    assertEquals(List.of(4, 3, 2, 1, 0), NodeOrder.of(g, cs));
  }

  @Test
  void nodeOrder_aPathFromAnEarlierRecurrenceJoinsTheLaterOne() {
    // 0 <-> 1 a long recurrence (a load and a store that may alias), 3 -> 3 a short one (a running
    // fma) fed from 0 through 2, which is in no recurrence
    DependenceGraph g = integers(4);
    edge(g, 0, 1, 33, 0);
    edge(g, 1, 0, 4, 1);
    edge(g, 0, 2, 33, 0);
    edge(g, 2, 3, 4, 0);
    edge(g, 3, 3, 4, 1);
    List<Recurrences.Circuit> cs = Recurrences.of(g);
    assertEquals(
        List.of(BitSet.valueOf(new long[] {0b0011}), BitSet.valueOf(new long[] {0b1100})),
        NodeOrder.sets(g, cs));
    // 2 comes before 3, so 3 goes after where 2 found room, not at its ASAP: 2's only cycle, 33,
    // is 1's at II 37, which left 2 no cycle when 3 came first
    List<Integer> order = NodeOrder.of(g, cs);
    assertEquals(List.of(1, 0, 2, 3), order);
    int[] cycles =
        SwingScheduler.place(
            g,
            order,
            NodeOrder.asap(g),
            new int[] {-1, -1, -1, -1},
            37,
            new ReservationTable(37, 1));
    assertArrayEquals(new int[] {0, 33, 34, 38}, cycles);
  }

  @Test
  void place_failsBelowTheRecurrenceAndFitsAtIt() {
    DependenceGraph g = integers(2);
    edge(g, 0, 1, 4, 0);
    edge(g, 1, 0, 4, 1);
    List<Integer> order = NodeOrder.of(g, Recurrences.of(g));
    int[] asap = NodeOrder.asap(g);
    int[] none = {-1, -1};
    assertNull(SwingScheduler.place(g, order, asap, none, 7, new ReservationTable(7, 1)));
    int[] cycles = SwingScheduler.place(g, order, asap, none, 8, new ReservationTable(8, 1));
    assertNotNull(cycles);
    assertArrayEquals(new int[] {0, 4}, cycles);
  }

  @Test
  void place_respectsTheReservationTable() {
    // two independent special functions at II 16: the SFU is busy 8 cycles for each
    DependenceGraph g = graph(MathOpcodes.EX2_APPROX_F32, MathOpcodes.LG2_APPROX_F32);
    List<Integer> order = List.of(0, 1);
    int[] asap = {0, 0};
    int[] none = {-1, -1};
    assertArrayEquals(
        new int[] {0, 8},
        SwingScheduler.place(g, order, asap, none, 16, new ReservationTable(16, 1)));
    assertNull(SwingScheduler.place(g, order, asap, none, 15, new ReservationTable(15, 1)));
  }
}
