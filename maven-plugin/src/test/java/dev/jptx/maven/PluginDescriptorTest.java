package dev.jptx.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Holds the generated descriptor to API.md §2: users' poms and command lines are written against
 * these exact names, properties and defaults, so a rename must fail here first.
 */
class PluginDescriptorTest {
  private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");

  /**
   * parameter → "property default" as API.md §2's table gives them ("" for none), with §5's
   * additions ({@code remarks}, {@code optimizeForSize}, {@code minOccupancy}).
   */
  private static final Map<String, String> API =
      new TreeMap<>(
          Map.ofEntries(
              Map.entry("targets", "jptx.targets sm_75"),
              Map.entry("optimizationLevel", "jptx.opt 3"),
              Map.entry("fastMath", "jptx.fastMath false"),
              Map.entry("lineInfo", "jptx.lineInfo true"),
              Map.entry("checks", "jptx.checks false"),
              Map.entry("maxRegisters", "jptx.maxRegisters 0"),
              Map.entry("compilerArgs", " "),
              Map.entry("validate", "jptx.validate auto"),
              Map.entry("ptxasPath", "jptx.ptxas "),
              Map.entry("failOnSpills", "jptx.failOnSpills false"),
              Map.entry("remarks", "jptx.remarks "),
              Map.entry("optimizeForSize", "jptx.optimizeForSize false"),
              Map.entry("minOccupancy", "jptx.minOccupancy 0"),
              Map.entry("skip", "jptx.skip false")));

  private static Element compileMojo() throws Exception {
    Document d =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DESCRIPTOR.toFile());
    assertEquals("jptx", text(d.getDocumentElement(), "goalPrefix"));
    NodeList mojos = d.getElementsByTagName("mojo");
    for (int i = 0; i < mojos.getLength(); i++) {
      Element m = (Element) mojos.item(i);
      if ("compile".equals(text(m, "goal"))) {
        return m;
      }
    }
    throw new AssertionError("no compile goal in " + DESCRIPTOR);
  }

  private static String text(Element e, String child) {
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c && c.getTagName().equals(child)) {
        return c.getTextContent().strip();
      }
    }
    return null;
  }

  private static Element child(Element e, String name) {
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c && c.getTagName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  @Test
  void compileGoal_bindingAndResolution_asApiSays() throws Exception {
    assertTrue(Files.exists(DESCRIPTOR), "run through Maven: the descriptor is generated");
    Element m = compileMojo();
    assertEquals("process-classes", text(m, "phase"));
    assertEquals("true", text(m, "threadSafe"));
    assertEquals("compile", text(m, "requiresDependencyResolution"));
  }

  @Test
  void compileGoal_parameters_areExactlyApiTable() throws Exception {
    Element m = compileMojo();
    Map<String, String> found = new TreeMap<>();
    Element parameters = child(m, "parameters");
    for (Node n = parameters.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element p && "true".equals(text(p, "editable"))) {
        found.put(text(p, "name"), "");
      }
    }
    Element configuration = child(m, "configuration");
    for (Node n = configuration.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c && found.containsKey(c.getTagName())) {
        String value = c.getTextContent().strip();
        String property = value.startsWith("${") ? value.substring(2, value.length() - 1) : value;
        found.put(c.getTagName(), property + " " + c.getAttribute("default-value"));
      }
    }
    found.replaceAll((k, v) -> v.isEmpty() ? " " : v);
    assertEquals(API, found);
  }

  @Test
  void ptxasPath_isAFile() throws Exception {
    Element parameters = child(compileMojo(), "parameters");
    for (Node n = parameters.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element p && "ptxasPath".equals(text(p, "name"))) {
        assertEquals("java.io.File", text(p, "type"));
        return;
      }
    }
    throw new AssertionError("no ptxasPath parameter");
  }
}
