package dev.jptx.compiler.pipeliner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.testing.FileTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which loops the pipeliner takes, their parts and control slice, and why it skips the others. */
class PipelineLoopsTest {
  private static MachineFunction parse(String mir) {
    return MirParser.parse(mir).get(0);
  }

  private static String dotLoop() throws URISyntaxException {
    Path p =
        Path.of(PipelineLoopsTest.class.getResource("/filetests/pipeliner/dot-loop.test").toURI());
    return FileTest.read(p).input();
  }

  @Test
  void of_dotLoop_isACandidateWithItsControlSlice() throws URISyntaxException {
    MachineFunction f = parse(dotLoop());
    PipelineLoops.Found found = PipelineLoops.of(f);
    assertEquals(List.of(), found.skipped());
    PipelineLoop l = found.candidates().get(0);
    assertEquals("bb2", l.body().toString());
    assertEquals("bb1", l.entry().toString());
    assertEquals("bb3", l.exit().toString());
    // %8 = ADD_S32 %5, 1 and %27 = SETP_S32 ge, %8, %0, after two PHIs and seven others
    assertEquals(List.of(9, 10), l.control());
  }

  /** A loop of one block whose body is {@code BODY} and whose exit tests {@code %9}. */
  private static final String LOOP =
      """
      entry @k(.u64 k_param_0, .s32 k_param_1) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b64 = CVTA_TO_GLOBAL_U64 %0
        %2:b32 = LD_PARAM_U32 @k_param_1, 0
        %3:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %4:b32 = PHI %3, bb0, %5, bb1
        %5:b32 = ADD_S32 %4, 1
      BODY
        @%9 BRA bb1
        BRA bb2
      bb2:
        RET
      }
      """;

  private static String skipped(String body) {
    PipelineLoops.Found found = PipelineLoops.of(parse(LOOP.replace("BODY", body)));
    assertEquals(List.of(), found.candidates());
    return found.skipped().get(0).reason();
  }

  @Test
  void of_exitThroughMemory_isSkipped() {
    assertEquals(
        "Loop exit condition depends on more than register arithmetic",
        skipped("  %6:b32 = LD_GLOBAL_U32 %1, 0\n  %9:pred = SETP_S32 lt, %6, %2"));
  }

  @Test
  void of_shuffle_isSkipped() {
    assertEquals(
        "Loop contains a convergent warp-wide instruction (SHFL_SYNC_DOWN)",
        skipped("  %6:b32 = SHFL_SYNC_DOWN %5, 1, -1\n  %9:pred = SETP_S32 lt, %5, %2"));
  }
}
