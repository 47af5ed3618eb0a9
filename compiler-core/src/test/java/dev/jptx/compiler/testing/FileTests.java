package dev.jptx.compiler.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every golden file test under {@code src/test/resources/filetests}, one dynamic test per
 * file. {@code -Dfiletests.bless=true} rewrites the expected sections instead of failing.
 */
class FileTests {
  private static final boolean BLESS = Boolean.getBoolean("filetests.bless");

  @TestFactory
  Stream<DynamicTest> filetests() throws URISyntaxException {
    Path compiled = Path.of(FileTests.class.getResource("/filetests").toURI());
    // bless the sources, not the copies under target/
    Path sources = compiled.resolve("../../../src/test/resources/filetests").normalize();
    List<Path> files = FileTest.under(compiled);
    return files.stream()
        .map(
            p ->
                DynamicTest.dynamicTest(
                    compiled.relativize(p).toString(),
                    () -> {
                      FileTest t = FileTest.read(p);
                      String actual = FileTestCommands.run(t);
                      if (BLESS && !actual.equals(t.expected())) {
                        FileTest.read(sources.resolve(compiled.relativize(p))).bless(actual);
                        return;
                      }
                      assertEquals(t.expected(), actual, () -> "file test " + p.getFileName());
                    }));
  }
}
