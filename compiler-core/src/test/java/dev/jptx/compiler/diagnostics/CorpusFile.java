package dev.jptx.compiler.diagnostics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One file of the diagnostics corpus ({@code src/test/resources/diagnostics}): a Java source in
 * package {@code diag} whose lines carry the errors expected on them as trailing comments,
 *
 * <pre>
 *   Object o = new Object(); //! error: object allocation (new java.lang.Object) is not ...
 * </pre>
 *
 * with the message exactly as it follows {@code "kernel <name>: "}; several markers on one line for
 * several errors there, in the order they are reported. The kernel is the {@code @Kernel} method
 * whose declaration comes last before the marker, read from the source text so the expectation does
 * not depend on the compiler under test.
 *
 * @param className the binary class name, {@code diag.Boxing}
 * @param source the source text
 * @param expected every expected error in javac's format, in line order
 */
record CorpusFile(String className, String source, List<String> expected) {
  static final String MARKER = "//! error: ";
  private static final String PACKAGE = "diag";
  private static final Pattern METHOD_NAME =
      Pattern.compile("([\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)\\s*\\(");

  /** Every file of the corpus, sorted by class name (the order a build visits them). */
  static List<CorpusFile> all() {
    try {
      Path dir = Path.of(CorpusFile.class.getResource("/diagnostics").toURI());
      try (Stream<Path> files = Files.list(dir)) {
        List<CorpusFile> corpus = new ArrayList<>();
        for (Path p : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          String simple = p.getFileName().toString().replace(".java", "");
          corpus.add(parse(PACKAGE + "." + simple, Files.readString(p)));
        }
        return corpus;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads the markers of one source. */
  static CorpusFile parse(String className, String source) {
    String path = className.replace('.', '/') + ".java";
    List<String> expected = new ArrayList<>();
    String kernel = null;
    boolean annotated = false;
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.startsWith("@Kernel")) {
        annotated = true;
      } else if (annotated && !line.startsWith("@")) {
        Matcher m = METHOD_NAME.matcher(line);
        if (!m.find()) {
          throw new IllegalArgumentException(path + ":" + (i + 1) + ": no method after @Kernel");
        }
        kernel = className + "." + m.group(1);
        annotated = false;
      }
      int at = line.indexOf(MARKER);
      if (at < 0) {
        continue;
      }
      if (kernel == null) {
        throw new IllegalArgumentException(path + ":" + (i + 1) + ": a marker before any kernel");
      }
      for (String message : line.substring(at + MARKER.length()).split(" " + MARKER)) {
        expected.add(path + ":" + (i + 1) + ": error: kernel " + kernel + ": " + message.strip());
      }
    }
    return new CorpusFile(className, source, List.copyOf(expected));
  }

  /** {@code Boxing}. */
  String simpleName() {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
