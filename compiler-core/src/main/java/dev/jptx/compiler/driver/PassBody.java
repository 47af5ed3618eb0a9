package dev.jptx.compiler.driver;

/** What a registered pass does to the code: builds its pass object from the context and runs it. */
@FunctionalInterface
interface PassBody {
  /**
   * Runs the pass named {@code name} (its registry name, for errors) on {@code code}.
   *
   * @throws dev.jptx.compiler.diag.InternalCompilerError when the pass fails on one function
   */
  void run(Code code, String name, PassContext context);
}
