package dev.jptx.compiler.fuzz;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.outliner.MachineOutliner;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the machine outliner did to the fuzz kernels, from its remarks: the configurations that
 * force it test it only where it outlines, so the run counts the sequences replaced by calls (each
 * {@code OutliningBenefit} remark says from how many locations) and the functions made.
 */
final class OutlinerTally {
  private static final Pattern LOCATIONS = Pattern.compile("from (\\d+) locations");

  private int functions;
  private int sequences;
  private int missed;

  /** Counts the outliner's remarks among one build's. */
  synchronized void add(List<ReportedRemark> remarks) {
    for (ReportedRemark rr : remarks) {
      Remark r = rr.remark();
      if (!r.pass().equals(MachineOutliner.FAMILY)) {
        continue;
      }
      Matcher m = LOCATIONS.matcher(r.message());
      if (r.kind() == Remark.Kind.PASSED && m.find()) {
        functions++;
        sequences += Integer.parseInt(m.group(1));
      } else {
        missed++;
      }
    }
  }

  /** Sequences replaced by calls. */
  synchronized int sequences() {
    return sequences;
  }

  /** One line: sequences, functions, and the candidates not outlined. */
  synchronized String summary() {
    return String.format(
        "%d sequences outlined into %d functions; %d candidates not outlined",
        sequences, functions, missed);
  }
}
