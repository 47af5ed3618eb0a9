package dev.jptx.runtime;

import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@link Device#best()}: the device the system property {@value #PROPERTY}, or else the environment
 * variable {@value #ENVIRONMENT}, names ({@code cuda}, {@code sim}, {@code jvm}, {@code best}); by
 * default ({@code best}) CUDA if usable, else the simulator. The fallback is never silent: the
 * first one in a JVM is logged at {@code WARNING} with the reason, later ones at {@code INFO}, and
 * the device chosen at {@code INFO} ({@link System.Logger} {@code dev.jptx.runtime}). {@code cuda}
 * throws the {@link NoDeviceException} instead of falling back.
 */
final class DeviceSelection {
  /** The system property that picks {@link Device#best()}'s device. */
  static final String PROPERTY = "jptx.device";

  /** The environment variable that picks it where the property is not set. */
  static final String ENVIRONMENT = "JPTX_DEVICE";

  private static final System.Logger LOG = System.getLogger("dev.jptx.runtime");

  private static final AtomicBoolean WARNED = new AtomicBoolean();

  /** What {@link Device#best()} may be told to return. */
  enum Choice {
    CUDA,
    SIM,
    JVM,
    BEST;

    /**
     * The choice the property or, where it is unset or blank, the environment variable names;
     * {@link #BEST} if neither does.
     *
     * @throws IllegalArgumentException for another value, naming where it came from
     */
    static Choice of(String property, String environment) {
      String source = PROPERTY;
      String value = property;
      if (value == null || value.isBlank()) {
        source = ENVIRONMENT;
        value = environment;
      }
      if (value == null || value.isBlank()) {
        return BEST;
      }
      try {
        return valueOf(value.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            source + "=" + value + ": expected cuda, sim, jvm or best", e);
      }
    }
  }

  private DeviceSelection() {}

  /** Makes the next fallback warn again, as the first in a JVM does; for tests. */
  static void forgetWarning() {
    WARNED.set(false);
  }

  static Device best() {
    return best(Choice.of(System.getProperty(PROPERTY), System.getenv(ENVIRONMENT)));
  }

  /** The device {@code choice} names; {@link Choice#BEST} falls back to the simulator. */
  static Device best(Choice choice) {
    switch (choice) {
      case CUDA -> {
        return Device.open();
      }
      case SIM -> {
        return Device.simulator();
      }
      case JVM -> {
        return Device.jvm();
      }
      default -> {
        try {
          Device cuda = Device.open();
          LOG.log(Level.INFO, "jptx: using CUDA device {0}", cuda.info().name());
          return cuda;
        } catch (NoDeviceException e) {
          LOG.log(
              WARNED.compareAndSet(false, true) ? Level.WARNING : Level.INFO,
              "jptx: no CUDA device ({0}); Device.best() runs kernels on the PTX simulator, which"
                  + " is much slower (-D"
                  + PROPERTY
                  + "=cuda makes this an error)",
              e.getMessage());
          Device sim = Device.simulator();
          LOG.log(Level.INFO, "jptx: using the PTX simulator");
          return sim;
        }
      }
    }
  }
}
