package dev.jptx.runtime.internal;

import dev.jptx.runtime.KernelMethod;
import dev.jptx.spi.KernelIndexLine;
import dev.jptx.spi.ModuleLayout;
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
   * @param origin the directory or jar that holds it, for messages
   */
  public record Located(String ptx, String resource, String entry, String origin) {}

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
    java.util.List<Listed> lines = listed(kernel, extraRoots);
    if (lines.isEmpty()) {
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
    KernelIndexLine line = lines.get(0).line();
    String target = choice.choose(kernel, line.targets());
    String relative = ModuleLayout.modulePath(owner.getName(), target);
    String resource = ModuleLayout.moduleResource(owner.getName(), target);
    byte[] module = read(lines.get(0).list(), relative, kernel, resource);
    // The same kernel built twice (a class moved from one module of a project to another leaves
    // its old build behind): running whichever comes first on the class path would run stale
    // code, so two different builds are refused; identical copies are harmless. A module root the
    // caller names overrides the class path on purpose (a build for this device, another -O), so
    // it is compared with the other named roots only.
    boolean explicit = isUnder(lines.get(0).list(), extraRoots);
    for (Listed other : lines.subList(1, lines.size())) {
      if (explicit && !isUnder(other.list(), extraRoots)) {
        continue;
      }
      byte[] theirs = readIfPresent(other.list(), relative);
      if (!line.equals(other.line())
          || theirs == null
          || !java.util.Arrays.equals(module, theirs)) {
        throw new IllegalArgumentException(
            "kernel "
                + kernel.displayName()
                + " has two different builds on the classpath: "
                + where(lines.get(0).list())
                + " and "
                + where(other.list())
                + " (remove the stale one, for example by rebuilding the project that no longer"
                + " has the class)");
      }
    }
    return new Located(
        new String(module, StandardCharsets.UTF_8),
        resource,
        line.entry(),
        where(lines.get(0).list()));
  }

  /**
   * What the assembler reported for {@code kernel} in the module {@code choice} picks, from the
   * {@code <target>.resources} file a validated build wrote next to it; empty if the kernel has no
   * module here, or its module was written unvalidated.
   *
   * @param kernel the kernel
   * @param extraRoots directories holding {@code META-INF/jptx}, searched before the classpath
   * @param choice picks the target
   */
  public static java.util.Optional<dev.jptx.spi.ModuleResources> figures(
      KernelMethod kernel, java.util.List<java.nio.file.Path> extraRoots, TargetChoice choice) {
    Class<?> owner = kernel.method().getDeclaringClass();
    java.util.List<Listed> lines = listed(kernel, extraRoots);
    if (lines.isEmpty()) {
      return java.util.Optional.empty();
    }
    KernelIndexLine line = lines.get(0).line();
    String target;
    try {
      target = choice.choose(kernel, line.targets());
    } catch (IllegalArgumentException e) {
      return java.util.Optional.empty();
    }
    byte[] text =
        readIfPresent(
            lines.get(0).list(), dev.jptx.spi.ModuleResources.path(owner.getName(), target));
    if (text == null) {
      return java.util.Optional.empty();
    }
    return dev.jptx.spi.ModuleResources.parse(new String(text, StandardCharsets.UTF_8)).stream()
        .filter(r -> r.entry().equals(line.entry()))
        .findFirst();
  }

  private static boolean isUnder(URL list, java.util.List<java.nio.file.Path> roots) {
    for (java.nio.file.Path r : roots) {
      try {
        if (list.toString().startsWith(r.toUri().toURL().toString())) {
          return true;
        }
      } catch (java.net.MalformedURLException e) {
        throw new IllegalArgumentException(e);
      }
    }
    return false;
  }

  /** The index lines of {@code kernel} under {@code extraRoots}, then on its class's class path. */
  private static java.util.List<Listed> listed(
      KernelMethod kernel, java.util.List<java.nio.file.Path> extraRoots) {
    Class<?> owner = kernel.method().getDeclaringClass();
    ClassLoader parent = owner.getClassLoader();
    if (parent == null) {
      parent = ClassLoader.getSystemClassLoader();
    }
    return findLines(
        withRoots(parent, extraRoots),
        owner.getName(),
        kernel.method().getName(),
        kernel.descriptor());
  }

  /** A kernel's line and the {@code kernels.list} it is in. */
  private record Listed(URL list, KernelIndexLine line) {}

  /** The jar or directory that holds {@code list}, as a path where it is a file, for messages. */
  private static String where(URL list) {
    String s = list.toString();
    int bang = s.indexOf("!/");
    if (s.startsWith("jar:") && bang > 0) {
      s = s.substring("jar:".length(), bang);
    } else if (s.endsWith("/" + ModuleLayout.INDEX)) {
      s = s.substring(0, s.length() - ("/" + ModuleLayout.INDEX).length());
    }
    try {
      java.net.URI uri = new java.net.URI(s);
      return "file".equals(uri.getScheme()) ? java.nio.file.Path.of(uri).toString() : s;
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return s;
    }
  }

  private static byte[] read(URL list, String relative, KernelMethod kernel, String resource) {
    byte[] bytes = readIfPresent(list, relative);
    if (bytes == null) {
      throw new IllegalArgumentException(
          "kernels.list names "
              + resource
              + " for kernel "
              + kernel.displayName()
              + ", but it is not in "
              + where(list));
    }
    return bytes;
  }

  private static byte[] readIfPresent(URL list, String relative) {
    URL module;
    try {
      // a JVM class name may hold spaces, '#', '?', line breaks and any letter: the path is
      // quoted as a URI path ("./" keeps a ':' in its first segment from reading as a scheme)
      String path = new java.net.URI(null, null, "./" + relative, null).toASCIIString();
      module = new URL(list, path);
    } catch (java.net.MalformedURLException | java.net.URISyntaxException e) {
      throw new IllegalArgumentException(e);
    }
    try (InputStream in = module.openStream()) {
      return in.readAllBytes();
    } catch (java.io.FileNotFoundException | java.nio.file.NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + module, e);
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

  /** The line {@code l} holds, or null if it is not one (a corrupt index). */
  private static KernelIndexLine parse(String l) {
    try {
      return KernelIndexLine.parse(l);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static java.util.List<Listed> findLines(
      ClassLoader loader, String cls, String method, String desc) {
    java.util.List<Listed> found = new java.util.ArrayList<>();
    try {
      Enumeration<URL> lists = loader.getResources(ModuleLayout.INDEX);
      java.util.Set<String> seen = new java.util.HashSet<>();
      while (lists.hasMoreElements()) {
        URL url = lists.nextElement();
        if (!seen.add(url.toString())) {
          continue; // a root reached twice (an extra root that is also on the class path)
        }
        try (BufferedReader r =
            new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
          String l;
          int number = 0;
          while ((l = r.readLine()) != null) {
            number++;
            if (l.isBlank()) {
              continue;
            }
            KernelIndexLine f = parse(l);
            if (f == null || !l.chars().allMatch(c -> c >= 0x20 && c != 0x7f)) {
              throw new IllegalArgumentException(
                  where(url)
                      + ": META-INF/jptx/kernels.list line "
                      + number
                      + " is not '<class> <method> <entry> <descriptor> <targets>': the index is"
                      + " corrupt (rebuild it with the jptx Maven plugin or 'jptx compile')");
            }
            if (f.className().equals(cls)
                && f.method().equals(method)
                && f.descriptor().equals(desc)) {
              found.add(new Listed(url, f));
            }
          }
        }
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read META-INF/jptx/kernels.list", e);
    }
  }
}
