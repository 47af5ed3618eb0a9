package dev.jptx.samples.mandelbrot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleTest {
  @Test
  void run_simulator_matchesTheJvmPixelForPixelAndWritesThePng(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Path png = dir.resolve("out/m.png");
    try (Device sim = Device.simulator()) {
      assertTrue(run(sim, 48, png, text), text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 1728 pixels differ"), report);
    assertTrue(report.contains("thread-instructions"), report); // the simulator counts them
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(48, image.getWidth());
    assertEquals(36, image.getHeight());
    // the centre of the viewport, (-0.6, 0), lies inside the set: black
    assertEquals(0, image.getRGB(25, 18) & 0xffffff);
    // the top left corner, (-2.2, -1.2), escapes at once: not black
    assertTrue((image.getRGB(0, 0) & 0xffffff) != 0);
  }

  private static boolean run(Device device, int width, Path png, ByteArrayOutputStream text) {
    return Main.run(device, width, png, new PrintStream(text, true, StandardCharsets.UTF_8));
  }
}
