package dev.jptx.compiler.driver;

/**
 * The forms code takes on its way through the pipeline. Each pass needs one or more of them and
 * leaves one; the pass manager checks both, so a pass never runs on a form it does not understand.
 */
public enum IrForm {
  /** The SSA IR of the front end and the mid-level optimizer. */
  IR("IR"),
  /** SelectionDAGs, one per function, from DAG building to instruction selection. */
  DAG("DAG"),
  /** Machine IR in SSA form: every virtual register defined once, PHIs at block tops. */
  SSA_MIR("SSA MIR"),
  /** Machine IR after PHI elimination: copies instead of PHIs, registers defined more than once. */
  MIR("MIR after PHI elimination"),
  /** Machine IR after register allocation: registers renamed to their assignment, spills placed. */
  ALLOCATED_MIR("allocated MIR"),
  /** The PTX module's text. */
  PTX("PTX");

  private final String description;

  IrForm(String description) {
    this.description = description;
  }

  /** How the docs and error messages name the form. */
  public String description() {
    return description;
  }

  /** True for the three machine IR forms. */
  public boolean isMachine() {
    return this == SSA_MIR || this == MIR || this == ALLOCATED_MIR;
  }
}
