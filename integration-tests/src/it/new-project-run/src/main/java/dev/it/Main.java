package dev.it;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;

/** Runs saxpy on the best device there is and checks every element. */
public final class Main {
  private Main() {}

  /**
   * Runs it; throws if an element is wrong.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    int n = 1000;
    float[] x = new float[n];
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = i;
      y[i] = 1f;
    }
    try (Device gpu = Device.best()) {
      gpu.launch(Launch.grid1d(n, 128), Saxpy::saxpy, n, 2f, x, y);
      for (int i = 0; i < n; i++) {
        if (y[i] != 2f * i + 1f) {
          throw new IllegalStateException("y[" + i + "] = " + y[i] + ", expected " + (2f * i + 1f));
        }
      }
      System.out.println(
          "new-project-run: saxpy on " + gpu.info().name() + ": " + n + " elements OK");
    }
  }
}
