package dev.jptx.runtime;

/**
 * Where kernels run. Four kinds give this same interface: {@link #open()} a CUDA device through
 * JCuda, {@link #simulator()} the built-in PTX simulator, {@link #jvm()} the Java methods
 * themselves, and {@link #best()} the first of those that works.
 *
 * <pre>{@code
 * try (Device gpu = Device.open()) {
 *     gpu.launch(Launch.grid1d(n, 256), Saxpy::saxpy, n, 2.0f, x, y); // copies x, y in; y out
 * }
 * }</pre>
 *
 * <p>A device is safe to use from several Java threads. Close it to free its resources; {@code
 * close()} throws no checked exception.
 */
public interface Device extends AutoCloseable {
  /**
   * CUDA device 0.
   *
   * @return the device
   * @throws NoDeviceException without a usable driver or device; the message says which
   */
  static Device open() {
    return open(0);
  }

  /**
   * A CUDA device by its ordinal. Never crashes the JVM: a missing driver library, a stub driver,
   * no device or a driver too old is a {@link NoDeviceException}.
   *
   * @param ordinal 0 for the first device
   * @return the device
   * @throws NoDeviceException without a usable driver or device; the message says which
   */
  static Device open(int ordinal) {
    if (ordinal < 0) {
      throw new IllegalArgumentException("device ordinal must not be negative: " + ordinal);
    }
    return DeviceProviders.open(DeviceProvider.CUDA, ordinal);
  }

  /**
   * The built-in PTX simulator, running the same PTX modules as a CUDA device would: jptx kernels
   * from their {@code META-INF/jptx} modules, raw PTX through {@link #loadPtx}. It reports compute
   * capability 9.0 and dynamic instruction counts; a bad memory access fails the launch naming the
   * PTX line, the address, the state space and the thread.
   *
   * @return the device
   */
  static Device simulator() {
    return DeviceProviders.open(DeviceProvider.SIMULATOR, 0);
  }

  /**
   * A device that runs the kernels' Java methods themselves, one real Java thread per GPU thread of
   * a block: the reference semantics compiled code must reproduce.
   *
   * @return a new device
   */
  static Device jvm() {
    return DeviceProviders.open(DeviceProvider.JVM, 0);
  }

  /**
   * CUDA if usable, else the simulator, unless the system property {@code jptx.device} or else the
   * environment variable {@code JPTX_DEVICE} says {@code cuda}, {@code sim}, {@code jvm} or {@code
   * best} (the default). Logs which it chose and why through {@link System.Logger} {@code
   * dev.jptx.runtime}; the first fallback from CUDA to the simulator at {@code WARNING}.
   *
   * @return the device
   * @throws NoDeviceException with {@code cuda} chosen and no usable CUDA device
   * @throws IllegalArgumentException if the property or variable holds another value
   */
  static Device best() {
    return DeviceSelection.best();
  }

  /**
   * Launches a kernel named by a method reference, e.g. {@code gpu.launch(Launch.grid1d(n, 256),
   * Saxpy::saxpy, n, 2.0f, x, y)}: the Java compiler checks every argument's type against the
   * kernel's. Java arrays are copied to the device before the launch and back after it (not back
   * for {@code @ReadOnly} parameters). Without a stream in {@code launch} this returns when the
   * kernel has finished.
   *
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @throws KernelException if the kernel fails while running
   * @throws IllegalArgumentException if the geometry exceeds the kernel's or the device's limits
   */
  void launch(Launch launch, Kernel0 kernel);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 1 parameter.
   *
   * @param <A> the type of kernel parameter 0
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   */
  <A> void launch(Launch launch, Kernel1<A> kernel, A a);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 2 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   */
  <A, B> void launch(Launch launch, Kernel2<A, B> kernel, A a, B b);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 3 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   */
  <A, B, C> void launch(Launch launch, Kernel3<A, B, C> kernel, A a, B b, C c);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 4 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   */
  <A, B, C, D> void launch(Launch launch, Kernel4<A, B, C, D> kernel, A a, B b, C c, D d);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 5 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   */
  <A, B, C, D, E> void launch(
      Launch launch, Kernel5<A, B, C, D, E> kernel, A a, B b, C c, D d, E e);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 6 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   */
  <A, B, C, D, E, F> void launch(
      Launch launch, Kernel6<A, B, C, D, E, F> kernel, A a, B b, C c, D d, E e, F f);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 7 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   */
  <A, B, C, D, E, F, G> void launch(
      Launch launch, Kernel7<A, B, C, D, E, F, G> kernel, A a, B b, C c, D d, E e, F f, G g);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 8 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param <H> the type of kernel parameter 7
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   * @param h kernel argument 7
   */
  <A, B, C, D, E, F, G, H> void launch(
      Launch launch,
      Kernel8<A, B, C, D, E, F, G, H> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 9 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param <H> the type of kernel parameter 7
   * @param <I> the type of kernel parameter 8
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   * @param h kernel argument 7
   * @param i kernel argument 8
   */
  <A, B, C, D, E, F, G, H, I> void launch(
      Launch launch,
      Kernel9<A, B, C, D, E, F, G, H, I> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 10 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param <H> the type of kernel parameter 7
   * @param <I> the type of kernel parameter 8
   * @param <J> the type of kernel parameter 9
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   * @param h kernel argument 7
   * @param i kernel argument 8
   * @param j kernel argument 9
   */
  <A, B, C, D, E, F, G, H, I, J> void launch(
      Launch launch,
      Kernel10<A, B, C, D, E, F, G, H, I, J> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 11 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param <H> the type of kernel parameter 7
   * @param <I> the type of kernel parameter 8
   * @param <J> the type of kernel parameter 9
   * @param <K> the type of kernel parameter 10
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   * @param h kernel argument 7
   * @param i kernel argument 8
   * @param j kernel argument 9
   * @param k kernel argument 10
   */
  <A, B, C, D, E, F, G, H, I, J, K> void launch(
      Launch launch,
      Kernel11<A, B, C, D, E, F, G, H, I, J, K> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j,
      K k);

  /**
   * As {@link #launch(Launch, Kernel0)} for a kernel of 12 parameters.
   *
   * @param <A> the type of kernel parameter 0
   * @param <B> the type of kernel parameter 1
   * @param <C> the type of kernel parameter 2
   * @param <D> the type of kernel parameter 3
   * @param <E> the type of kernel parameter 4
   * @param <F> the type of kernel parameter 5
   * @param <G> the type of kernel parameter 6
   * @param <H> the type of kernel parameter 7
   * @param <I> the type of kernel parameter 8
   * @param <J> the type of kernel parameter 9
   * @param <K> the type of kernel parameter 10
   * @param <L> the type of kernel parameter 11
   * @param launch the geometry
   * @param kernel a method reference to a {@code @Kernel public static void} method
   * @param a kernel argument 0
   * @param b kernel argument 1
   * @param c kernel argument 2
   * @param d kernel argument 3
   * @param e kernel argument 4
   * @param f kernel argument 5
   * @param g kernel argument 6
   * @param h kernel argument 7
   * @param i kernel argument 8
   * @param j kernel argument 9
   * @param k kernel argument 10
   * @param l kernel argument 11
   */
  <A, B, C, D, E, F, G, H, I, J, K, L> void launch(
      Launch launch,
      Kernel12<A, B, C, D, E, F, G, H, I, J, K, L> kernel,
      A a,
      B b,
      C c,
      D d,
      E e,
      F f,
      G g,
      H h,
      I i,
      J j,
      K k,
      L l);

  /**
   * Launches a kernel by class and method name, checking the arguments at run time: Java arrays,
   * {@link DeviceArray}s (not copied) and boxed primitives, each exactly of its parameter's type.
   * If several kernels of the class have the name, the arguments' types choose.
   *
   * @param launch the geometry
   * @param kernelClass the class declaring the kernel
   * @param methodName the Java method's name
   * @param args the arguments
   * @throws IllegalArgumentException if no kernel matches, naming the kernel, the parameter and
   *     both types
   * @throws KernelException if the kernel fails while running
   */
  void launch(Launch launch, Class<?> kernelClass, String methodName, Object... args);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(boolean[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(byte[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(short[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(char[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(int[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(long[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(float[] x);

  /**
   * A device copy of {@code x}.
   *
   * @param x the host array
   * @return a device array holding the same elements
   */
  DeviceArray copyOf(double[] x);

  /**
   * A new device array.
   *
   * @param elementType a primitive class, e.g. {@code float.class}
   * @param n the length, at least 0
   * @return a zeroed device array
   */
  DeviceArray allocate(Class<?> elementType, int n);

  /**
   * A new stream for asynchronous launches and copies.
   *
   * @return the stream; close it when done
   */
  Stream newStream();

  /**
   * Measurements of the last launch that finished on this device.
   *
   * @return the stats, all zero before the first launch
   */
  LaunchStats lastLaunchStats();

  /**
   * What the device is.
   *
   * @return its name, compute capability, multiprocessors and memory
   */
  DeviceInfo info();

  /**
   * Loads a PTX module from text, for modules not made by jptx. Works on {@code cuda} and {@code
   * sim} devices.
   *
   * @param ptxText the module
   * @return the loaded module
   * @throws UnsupportedOperationException on the {@code jvm} device
   */
  PtxModule loadPtx(String ptxText);

  /**
   * Sets the stack each GPU thread has for calls of functions that cannot be inlined (recursion,
   * {@code @NoInline}) and their local variables, for later launches. A call beyond it ends the
   * launch with a {@link KernelException}. The {@code cuda} device sets the driver's limit ({@code
   * cuCtxSetLimit(CU_LIMIT_STACK_SIZE)}, 1 KiB unless set); the simulator charges each call its
   * callee's {@code .local} frame, its parameters and 16 bytes (1 MiB unless set, enough for any
   * recursion a thousand calls deep); the JVM device runs Java, whose thread stacks hold Java
   * frames, so there it only checks the argument and a {@code StackOverflowError} is still reported
   * as a {@link KernelException}.
   *
   * @param bytesPerThread the stack size, 1 byte to 1 GiB
   * @throws IllegalArgumentException if out of range
   */
  void setStackSize(long bytesPerThread);

  /** Waits for queued work and frees the device's resources. */
  @Override
  void close();
}
