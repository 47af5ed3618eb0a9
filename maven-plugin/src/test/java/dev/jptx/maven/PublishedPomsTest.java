package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What a Maven user sees of the published artifacts (issue #24): the parent POM's licence
 * (Apache-2.0, with the {@code LICENSE} file), developers, project URL and SCM as properties a
 * publisher sets, the fixed {@code project.build.outputTimestamp} of reproducible builds; each
 * published module's name and description, and its sources and Javadoc jars switched on.
 */
class PublishedPomsTest {
  /** Surefire runs in the module's directory; the reactor's root is its parent. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final List<String> PUBLISHED =
      List.of("annotations", "compiler-core", "runtime", "gpu-report", "maven-plugin");

  @Test
  void parent_hasLicenceDevelopersUrlScmAndAFixedTimestamp() throws Exception {
    Element project = pom(ROOT.resolve("pom.xml"));
    Element license = child(child(project, "licenses"), "license");
    assertEquals("Apache-2.0", text(license, "name"));
    assertTrue(text(license, "url").contains("LICENSE-2.0"));
    assertFalse(text(child(child(project, "developers"), "developer"), "name").isBlank());
    assertEquals("${jptx.url}", text(project, "url"));
    Element scm = child(project, "scm");
    assertEquals("${jptx.scm.connection}", text(scm, "connection"));
    assertEquals("${jptx.scm.url}", text(scm, "url"));
    Element properties = child(project, "properties");
    assertTrue(
        text(properties, "project.build.outputTimestamp").matches("\\d{4}-\\d\\d-\\d\\dT.*Z"),
        "a fixed outputTimestamp");
    assertEquals("true", text(properties, "jptx.unpublished"));
    String licence = Files.readString(ROOT.resolve("LICENSE"), StandardCharsets.UTF_8);
    assertTrue(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"));
  }

  @Test
  void publishedModules_haveNamesDescriptionsAndSourcesAndJavadoc() throws Exception {
    for (String module : PUBLISHED) {
      Element project = pom(ROOT.resolve(module).resolve("pom.xml"));
      assertFalse(text(project, "name").isBlank(), module + ": no name");
      assertFalse(text(project, "description").isBlank(), module + ": no description");
      assertEquals(
          "false",
          text(child(project, "properties"), "jptx.unpublished"),
          module + ": unpublished");
    }
  }

  private static Element pom(Path file) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    Document d = f.newDocumentBuilder().parse(file.toFile());
    return d.getDocumentElement();
  }

  /** The first child element named {@code name}. */
  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
  }

  private static String text(Element parent, String name) {
    return child(parent, name).getTextContent().strip();
  }
}
