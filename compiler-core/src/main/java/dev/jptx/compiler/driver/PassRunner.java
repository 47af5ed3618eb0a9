package dev.jptx.compiler.driver;

import dev.jptx.compiler.diag.InternalCompilerError;
import java.util.function.Supplier;

/**
 * Runs one pass on one unit, turning any exception into an {@link InternalCompilerError} that names
 * the unit and the pass: a crash inside the compiler is a compiler bug, never the user's.
 */
final class PassRunner {
  private PassRunner() {}

  static <T> T run(String unit, String pass, Supplier<T> body) {
    try {
      return body.get();
    } catch (InternalCompilerError e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      throw new InternalCompilerError(unit, pass, e);
    } catch (OutOfMemoryError e) {
      throw InternalCompilerError.outOfMemory(unit, pass, e);
    }
  }

  /** Stops the compilation of {@code unit} with an internal error in {@code pass}. */
  static void fail(String unit, String pass, String message) {
    throw new InternalCompilerError(unit, pass, new IllegalStateException(message));
  }

  static void run(String unit, String pass, Runnable body) {
    run(
        unit,
        pass,
        () -> {
          body.run();
          return null;
        });
  }
}
