package dev.jptx.compiler.validate;

import java.util.List;

/** One rule of {@link PtxLint}, checked over one function body at a time. */
interface LintRule {
  /** Adds a finding to {@code out} for every instruction of {@code f} that breaks the rule. */
  void check(PtxFunctionBody f, List<LintFinding> out);
}
