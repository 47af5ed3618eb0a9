package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.regalloc.RegisterAllocator;

/**
 * What a pass may read besides the code: the options (knobs, levels, verification), where a test
 * replaces it, the register allocator, and where it reports optimization remarks.
 *
 * @param options the compilation's options
 * @param allocator the allocator the {@code regalloc} pass uses instead of the pressure-driven one,
 *     or null
 * @param remarks where passes report what they did or could not do (the pipeliner's "Pipelined
 *     succesfully!")
 */
public record PassContext(CompilerOptions options, RegisterAllocator allocator, Remarks remarks) {
  /** A context collecting its remarks on its own. */
  public PassContext(CompilerOptions options, RegisterAllocator allocator) {
    this(options, allocator, new Remarks());
  }

  /** A context with the default allocator. */
  public PassContext(CompilerOptions options) {
    this(options, null);
  }

  /** True when a verifier runs after every pass (the tests' builds). */
  boolean verifying() {
    return options.verifyEachPass();
  }
}
