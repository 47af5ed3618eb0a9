package dev.jptx.samples.support;

/** A sample's first argument: its problem size. */
public final class SizeArgument {
  private SizeArgument() {}

  /**
   * The first argument as a positive size, else {@code fallback} (Maven passes one empty argument
   * when {@code -Djptx.sample.args} is not set); prints {@code usage} and exits 2 on a bad one.
   */
  public static int parse(String[] args, int fallback, String usage) {
    if (args.length == 0 || args[0].isBlank()) {
      return fallback;
    }
    try {
      int size = Integer.parseInt(args[0].strip());
      if (size > 0) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println(usage + ", not " + args[0]);
    System.exit(2);
    return fallback;
  }

  /** {@link #parse(String[], int, String)} with the usage line of a sample whose size is all. */
  public static int parse(String[] args, int fallback) {
    return parse(args, fallback, "usage: Main [SIZE]: SIZE must be a positive int");
  }
}
