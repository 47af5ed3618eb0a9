package dev.jptx.compiler.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The machine-opcode tables' invariants: a name is written once (an opcode constant's name is the
 * constant's, and no two rows share one), every table is indexed, and each opcode's PTX ISA version
 * is its row's, as the per-opcode map and register-class rule that came before the ISA column gave
 * it.
 */
class OpcodeRowsTest {
  private static final PtxVersion ANY = new PtxVersion(0, 0);

  /**
   * The versions the former per-opcode map listed, and those of rows added since with a version of
   * their own; every other opcode has none.
   */
  private static final Map<MachineOpcode, PtxVersion> FORMER_ROWS =
      Map.of(
          SyncOpcodes.BAR_WARP_SYNC, PtxVersion.parse("6.0"),
          SyncOpcodes.SHFL_SYNC_IDX, PtxVersion.parse("6.0"),
          SyncOpcodes.SHFL_SYNC_UP, PtxVersion.parse("6.0"),
          SyncOpcodes.SHFL_SYNC_DOWN, PtxVersion.parse("6.0"),
          SyncOpcodes.SHFL_SYNC_BFLY, PtxVersion.parse("6.0"),
          SyncOpcodes.VOTE_SYNC_BALLOT, PtxVersion.parse("6.0"),
          SyncOpcodes.VOTE_SYNC_ANY, PtxVersion.parse("6.0"),
          SyncOpcodes.VOTE_SYNC_ALL, PtxVersion.parse("6.0"),
          SyncOpcodes.ACTIVEMASK, PtxVersion.parse("6.2"),
          MathOpcodes.TANH_APPROX_F32, PtxVersion.parse("7.0"));

  /** What the former rule added: every instruction on a {@code .b128} register needs ISA 8.3. */
  private static final PtxVersion B128 = PtxVersion.parse("8.3");

  private static boolean onB128(MachineOpcode op) {
    return op.defs().contains(RegisterClass.B128)
        || op.uses().stream().anyMatch(u -> u.registerClass() == RegisterClass.B128);
  }

  @Test
  void ptxIsa_ofEveryOpcodeIsWhatTheFormerMapAndRuleGave() {
    List<String> problems = new ArrayList<>();
    for (MachineOpcode op : MachineOpcodes.all()) {
      PtxVersion want = FORMER_ROWS.getOrDefault(op, ANY);
      if (onB128(op) && B128.compareTo(want) > 0) {
        want = B128;
      }
      if (!op.ptxIsa().equals(want)) {
        problems.add(op.name() + ": " + op.ptxIsa() + ", was " + want);
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void ptxIsa_ofEveryB128RowIsAtLeast83() {
    for (MachineOpcode op : MachineOpcodes.all()) {
      if (onB128(op)) {
        assertTrue(op.ptxIsa().compareTo(B128) >= 0, op.name() + " needs .b128, ISA 8.3");
      }
    }
  }

  @Test
  void ptxIsa_ofTheWarpOperationsAndB128Accesses() {
    assertEquals(PtxVersion.parse("6.0"), SyncOpcodes.SHFL_SYNC_BFLY.ptxIsa());
    assertEquals(PtxVersion.parse("6.2"), SyncOpcodes.ACTIVEMASK.ptxIsa());
    assertEquals(ANY, SyncOpcodes.BAR_SYNC.ptxIsa());
    assertEquals(B128, MoveOpcodes.MOV_B128_PACK.ptxIsa());
    assertEquals(B128, MachineOpcodes.find("ST_GLOBAL_B128").ptxIsa());
    assertEquals(B128, SpillOpcodes.reload(RegisterClass.B128).ptxIsa());
    assertEquals(ANY, MachineOpcodes.find("LD_GLOBAL_NC_V4_F32").ptxIsa());
    assertEquals(PtxVersion.parse("7.0"), MathOpcodes.TANH_APPROX_F32.ptxIsa());
    assertEquals(10, MachineOpcodes.all().stream().filter(o -> FORMER_ROWS.containsKey(o)).count());
  }

  @Test
  void names_areUnique() {
    Set<String> seen = new HashSet<>();
    for (MachineOpcode op : MachineOpcodes.all()) {
      assertTrue(seen.add(op.name()), "two rows named " + op.name());
      assertSame(op, MachineOpcodes.find(op.name()), op.name());
      assertEquals(op.name(), op.toString());
    }
  }

  @Test
  void everyOpcodeConstant_isNamedByItsFieldAndIndexed() throws Exception {
    List<Class<?>> tables = tables();
    assertTrue(tables.size() >= 11, tables.toString());
    List<String> problems = new ArrayList<>();
    for (Class<?> table : tables) {
      for (Field f : table.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())
            || !Modifier.isPublic(f.getModifiers())
            || !MachineOpcode.class.isAssignableFrom(f.getType())) {
          continue;
        }
        MachineOpcode op = (MachineOpcode) f.get(null);
        if (!f.getName().equals(op.name())) {
          problems.add(table.getSimpleName() + "." + f.getName() + " is named " + op.name());
        }
        if (MachineOpcodes.find(op.name()) != op) {
          problems.add(table.getSimpleName() + "." + f.getName() + " is not indexed");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  /** The table classes: every {@code *Opcodes} class of the package but the index. */
  private static List<Class<?>> tables()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path dir = Path.of(MachineOpcode.class.getResource("MachineOpcode.class").toURI()).getParent();
    List<Class<?>> tables = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.sorted().toList()) {
        String file = p.getFileName().toString();
        if (file.endsWith("Opcodes.class") && !file.equals("MachineOpcodes.class")) {
          String name = file.substring(0, file.length() - ".class".length());
          tables.add(Class.forName(MachineOpcode.class.getPackageName() + "." + name));
        }
      }
    }
    return tables;
  }
}
