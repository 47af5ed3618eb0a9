package dev.jptx.compiler.driver;

import dev.jptx.compiler.regalloc.RegisterAllocator;

/**
 * What a pass may read besides the code: the options (knobs, levels, verification) and, where a
 * test replaces it, the register allocator.
 *
 * @param options the compilation's options
 * @param allocator the allocator the {@code regalloc} pass uses instead of the pressure-driven one,
 *     or null
 */
public record PassContext(CompilerOptions options, RegisterAllocator allocator) {
  /** A context with the default allocator. */
  public PassContext(CompilerOptions options) {
    this(options, null);
  }

  /** True when a verifier runs after every pass (the tests' builds). */
  boolean verifying() {
    return options.verifyEachPass();
  }
}
