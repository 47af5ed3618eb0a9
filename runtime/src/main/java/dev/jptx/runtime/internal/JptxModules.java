package dev.jptx.runtime.internal;

import dev.jptx.runtime.KernelMethod;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;

/**
 * Finds the PTX module of a jptx kernel on the classpath: every {@code META-INF/jptx/kernels.list}
 * the kernel's class loader sees is searched for the kernel's line (class, method, descriptor),
 * which names the PTX entry and the targets built; the device's {@link TargetChoice} picks one, and
 * its module is read from {@code META-INF/jptx/<class path>/<target>.ptx}. No compiler is needed at
 * run time.
 */
public final class JptxModules {
  /**
   * A kernel's module.
   *
   * @param ptx the PTX text
   * @param resource where it came from, for messages
   * @param entry the PTX entry name of the kernel
   */
  public record Located(String ptx, String resource, String entry) {}

  /** Picks the target of a kernel's module a device runs, from the targets built. */
  @FunctionalInterface
  public interface TargetChoice {
    /**
     * The target to run.
     *
     * @param kernel the kernel, for messages
     * @param targets the targets listed in {@code kernels.list}, at least one
     * @return one of them
     * @throws IllegalArgumentException if none runs on the device, saying why
     */
    String choose(KernelMethod kernel, java.util.List<String> targets);
  }

  private JptxModules() {}

  /**
   * Finds and reads the module of {@code kernel}.
   *
   * @param kernel the kernel
   * @param extraRoots directories holding {@code META-INF/jptx}, searched before the classpath
   * @param choice picks the target
   * @return the module
   * @throws IllegalArgumentException if no module is found, naming the kernel
   */
  public static Located locate(
      KernelMethod kernel, java.util.List<java.nio.file.Path> extraRoots, TargetChoice choice) {
    Class<?> owner = kernel.method().getDeclaringClass();
    ClassLoader parent = owner.getClassLoader();
    if (parent == null) {
      parent = ClassLoader.getSystemClassLoader();
    }
    ClassLoader loader = withRoots(parent, extraRoots);
    String[] line =
        findLine(loader, owner.getName(), kernel.method().getName(), kernel.descriptor());
    if (line == null) {
      throw new IllegalArgumentException(
          "no PTX module for kernel "
              + kernel.displayName()
              + " on the classpath: no line for "
              + owner.getName()
              + " "
              + kernel.method().getName()
              + " "
              + kernel.descriptor()
              + " in any META-INF/jptx/kernels.list (build it with the jptx Maven plugin or"
              + " 'jptx compile')");
    }
    String target = choice.choose(kernel, java.util.List.of(line[4].split(",")));
    String resource = "META-INF/jptx/" + owner.getName().replace('.', '/') + "/" + target + ".ptx";
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "kernels.list names "
                + resource
                + " for kernel "
                + kernel.displayName()
                + ", but it is not on the classpath");
      }
      return new Located(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource, line[2]);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  /** The loader, or one that first looks in {@code roots} (directories holding META-INF/jptx). */
  private static ClassLoader withRoots(
      ClassLoader parent, java.util.List<java.nio.file.Path> roots) {
    if (roots.isEmpty()) {
      return parent;
    }
    java.net.URL[] urls = new java.net.URL[roots.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = roots.get(i).toUri().toURL();
      } catch (java.net.MalformedURLException e) {
        throw new IllegalArgumentException(e);
      }
    }
    // child-first: a module built for this device wins over one on the class path
    return new java.net.URLClassLoader(urls, null) {
      @Override
      public URL getResource(String name) {
        URL u = super.getResource(name);
        return u != null ? u : parent.getResource(name);
      }

      @Override
      public Enumeration<URL> getResources(String name) throws IOException {
        java.util.List<URL> all =
            new java.util.ArrayList<>(java.util.Collections.list(super.getResources(name)));
        all.addAll(java.util.Collections.list(parent.getResources(name)));
        return java.util.Collections.enumeration(all);
      }
    };
  }

  private static String[] findLine(ClassLoader loader, String cls, String method, String desc) {
    try {
      Enumeration<URL> lists = loader.getResources("META-INF/jptx/kernels.list");
      while (lists.hasMoreElements()) {
        URL url = lists.nextElement();
        try (BufferedReader r =
            new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
          String l;
          while ((l = r.readLine()) != null) {
            String[] f = l.trim().split(" ");
            if (f.length == 5 && f[0].equals(cls) && f[1].equals(method) && f[3].equals(desc)) {
              return f;
            }
          }
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read META-INF/jptx/kernels.list", e);
    }
  }
}
