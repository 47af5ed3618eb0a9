package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.NoDeviceException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * Finds a CUDA device without ever crashing the JVM: loading JCuda's native library (which links
 * {@code libcuda.so.1}) may fail with a {@link LinkageError}, and {@code cuInit} reports a stub
 * driver or no device through its result code; each becomes a {@link NoDeviceException} saying
 * which. Exceptions of JCuda itself are switched off so that every call returns a code we check.
 * With a working driver it opens a {@link CudaDevice}.
 */
final class CudaProbe {
  /** {@code CUDA_ERROR_INSUFFICIENT_DRIVER}: the driver is older than the CUDA runtime. */
  static final int INSUFFICIENT_DRIVER = 35;

  /** {@code CUDA_ERROR_STUB_LIBRARY}: {@code libcuda.so} is the toolkit's stub, not a driver. */
  static final int STUB_LIBRARY = 34;

  /** {@code CUDA_ERROR_NO_DEVICE}: a driver, but no CUDA-capable device. */
  static final int NO_DEVICE = 100;

  private static final String ALTERNATIVES =
      " Run kernels without a GPU with Device.simulator() or Device.jvm().";

  // The outcome of initialising the driver, computed once: a failed class initialisation cannot be
  // retried, and a second attempt would only report a less helpful NoClassDefFoundError.
  private static volatile String initFailure;
  private static volatile Throwable initCause;
  private static volatile boolean initialised;

  private CudaProbe() {}

  static Device open(int ordinal) {
    initialise();
    return CudaDevice.open(new JCudaDriverApi(), ordinal, List.of());
  }

  private static synchronized void initialise() {
    if (!initialised) {
      try {
        initialiseDriver();
      } catch (NoDeviceException e) {
        initFailure = e.getMessage();
        initCause = e.getCause();
      }
      initialised = true;
    }
    if (initFailure != null) {
      throw new NoDeviceException(initFailure, initCause);
    }
  }

  private static void initialiseDriver() {
    int result;
    try {
      JCudaDriver.setExceptionsEnabled(false);
      result = JCudaDriver.cuInit(0);
    } catch (LinkageError e) {
      // UnsatisfiedLinkError (no libcuda.so.1, or JCuda's natives missing for this platform),
      // NoClassDefFoundError, ExceptionInInitializerError: all mean there is no usable driver.
      throw new NoDeviceException(
          "no CUDA driver: JCuda could not load the CUDA driver library ("
              + reason(e)
              + ")."
              + ALTERNATIVES,
          e);
    }
    switch (result) {
      case CUresult.CUDA_SUCCESS:
        return;
      case STUB_LIBRARY:
        throw new NoDeviceException(
            "no CUDA driver: libcuda.so is the CUDA toolkit's stub library, not an installed"
                + " NVIDIA driver (cuInit: CUDA_ERROR_STUB_LIBRARY)."
                + ALTERNATIVES);
      case NO_DEVICE:
        throw new NoDeviceException(
            "no CUDA device: the NVIDIA driver is installed but reports no CUDA-capable device"
                + " (cuInit: CUDA_ERROR_NO_DEVICE)."
                + ALTERNATIVES);
      case INSUFFICIENT_DRIVER:
        throw new NoDeviceException(
            "CUDA driver too old for JCuda 12.0 (cuInit: CUDA_ERROR_INSUFFICIENT_DRIVER); update"
                + " the NVIDIA driver."
                + ALTERNATIVES);
      default:
        throw new NoDeviceException(
            "CUDA driver unusable: cuInit failed with "
                + CUresult.stringFor(result)
                + "."
                + ALTERNATIVES);
    }
  }

  /**
   * The essence of a linking failure: JCuda's messages carry every attempt's stack trace, but the
   * dynamic linker's complaint (such as {@code libcuda.so.1: cannot open shared object file}) says
   * it all.
   */
  static String reason(LinkageError e) {
    String message = String.valueOf(e.getMessage());
    var linker = Pattern.compile("([\\w.+-]+\\.so[\\w.]*: cannot open shared object file[^\\n]*)");
    Matcher m = linker.matcher(message);
    if (m.find()) {
      return m.group(1).trim();
    }
    int newline = message.indexOf('\n');
    return e.getClass().getSimpleName()
        + ": "
        + (newline < 0 ? message : message.substring(0, newline));
  }
}
