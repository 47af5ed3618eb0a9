package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Dim3;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A CUDA driver in memory, for testing everything above {@link CudaDriver} without a GPU: device
 * memory is a map of byte arrays at 256-byte aligned addresses, asynchronous work runs at once, a
 * launch is recorded (with a snapshot of memory) and runs an optional Java body, and any call can
 * be made to fail once with a chosen result code. Every call is logged by its CUDA name.
 */
final class FakeCudaDriver implements CudaDriver {
  /** One recorded {@code cuLaunchKernel}. */
  record Launched(
      long function,
      Dim3 grid,
      Dim3 block,
      int sharedMemoryBytes,
      long stream,
      byte[][] params,
      Map<Long, byte[]> memory) {
    /** Parameter {@code i} as a little-endian buffer. */
    ByteBuffer param(int i) {
      return ByteBuffer.wrap(params[i]).order(ByteOrder.LITTLE_ENDIAN);
    }
  }

  String name = "Fake GPU";
  int major = 8;
  int minor = 6;
  int multiprocessors = 84;
  long totalMemory = 24L << 30;
  int registersPerBlock = 65536;

  /** The opt-in shared memory per block (8.6: 99 KiB); negative: the driver cannot say. */
  int sharedPerBlockOptin = 99 * 1024;

  int deviceCount = 1;
  float elapsedMillis = 1.5f;
  final Map<Integer, Integer> functionAttributes =
      new HashMap<>(Map.of(CudaDriver.FUNCTION_SHARED_SIZE_BYTES, 0));
  Consumer<Launched> kernelBody = l -> {};

  final List<String> calls = new ArrayList<>();
  final List<String> loadedPtx = new ArrayList<>();
  final List<Launched> launches = new ArrayList<>();
  final TreeMap<Long, byte[]> memory = new TreeMap<>();
  final Set<ByteBuffer> pinned = Collections.newSetFromMap(new IdentityHashMap<>());
  final Set<Long> liveHandles = new java.util.HashSet<>();
  private final Map<String, CudaError> failures = new HashMap<>();
  private final Map<Long, String> functionNames = new HashMap<>();
  private long nextAddress = 0x7f00_0000_0000L;
  private long nextHandle = 1;
  long currentContext;

  /** Makes the next call of {@code call} fail with {@code code}. */
  void failNext(String call, int code) {
    failures.put(call, new CudaError(call, code));
  }

  /**
   * A fault at the next {@code call}, sticky as a real context's: it and every later call but
   * {@code cuCtxDestroy} fail with {@code code}.
   */
  void faultAt(String call, int code) {
    stickyFrom = call;
    stickyCode = code;
  }

  private String stickyFrom;
  private int stickyCode;
  private boolean faulted;

  /** Makes the next module load fail with {@code code} and the JIT log {@code log}. */
  void failNextLoad(int code, String log) {
    failures.put("cuModuleLoadDataEx", new CudaError("cuModuleLoadDataEx", code, log));
  }

  private synchronized void call(String name) {
    calls.add(name);
    faulted |= name.equals(stickyFrom);
    if (faulted && !name.equals("cuCtxDestroy")) {
      throw new CudaError(name, stickyCode);
    }
    CudaError e = failures.remove(name);
    if (e != null) {
      throw e;
    }
  }

  private long handle() {
    long h = nextHandle++;
    liveHandles.add(h);
    return h;
  }

  private void release(long h) {
    if (!liveHandles.remove(h)) {
      throw new IllegalStateException("handle " + h + " is not live");
    }
  }

  /** The bytes of the allocation at {@code address}. */
  byte[] at(long address) {
    byte[] b = memory.get(address);
    if (b == null) {
      throw new IllegalStateException("no allocation at 0x" + Long.toHexString(address));
    }
    return b;
  }

  /** Writes {@code values} as little-endian floats at {@code address}. */
  void putFloats(long address, float... values) {
    ByteBuffer.wrap(at(address)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(values);
  }

  @Override
  public int deviceCount() {
    call("cuDeviceGetCount");
    return deviceCount;
  }

  @Override
  public int device(int ordinal) {
    call("cuDeviceGet");
    return ordinal;
  }

  @Override
  public String deviceName(int device) {
    call("cuDeviceGetName");
    return name;
  }

  @Override
  public int[] computeCapability(int device) {
    call("cuDeviceComputeCapability");
    return new int[] {major, minor};
  }

  @Override
  public long totalMemory(int device) {
    call("cuDeviceTotalMem");
    return totalMemory;
  }

  @Override
  public int deviceAttribute(int device, int attribute) {
    call("cuDeviceGetAttribute");
    switch (attribute) {
      case DEVICE_MULTIPROCESSOR_COUNT:
        return multiprocessors;
      case DEVICE_MAX_REGISTERS_PER_BLOCK:
        return registersPerBlock;
      case DEVICE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
        if (sharedPerBlockOptin < 0) {
          throw new CudaError("cuDeviceGetAttribute", 1);
        }
        return sharedPerBlockOptin;
      default:
        throw new CudaError("cuDeviceGetAttribute", 1);
    }
  }

  @Override
  public long createContext(int device) {
    call("cuCtxCreate");
    currentContext = handle();
    return currentContext;
  }

  @Override
  public void setCurrentContext(long context) {
    if (!liveHandles.contains(context)) {
      throw new IllegalStateException("context " + context + " is destroyed");
    }
    currentContext = context;
  }

  @Override
  public void destroyContext(long context) {
    call("cuCtxDestroy");
    release(context);
  }

  @Override
  public long loadModule(String ptx) {
    call("cuModuleLoadDataEx");
    loadedPtx.add(ptx);
    return handle();
  }

  @Override
  public void unloadModule(long module) {
    call("cuModuleUnload");
    release(module);
  }

  @Override
  public long function(long module, String name) {
    call("cuModuleGetFunction");
    long f = nextHandle++; // owned by its module: never destroyed on its own
    functionNames.put(f, name);
    return f;
  }

  /** The entry name a function handle was made for. */
  String functionName(long function) {
    return functionNames.get(function);
  }

  @Override
  public int functionAttribute(long function, int attribute) {
    call("cuFuncGetAttribute");
    Integer v = functionAttributes.get(attribute);
    if (v == null) {
      throw new CudaError("cuFuncGetAttribute", 1);
    }
    return v;
  }

  @Override
  public void setFunctionAttribute(long function, int attribute, int value) {
    call("cuFuncSetAttribute");
    functionAttributes.put(attribute, value);
  }

  @Override
  public long allocate(long bytes) {
    call("cuMemAlloc");
    if (bytes <= 0) {
      throw new CudaError("cuMemAlloc", 1);
    }
    long a = nextAddress;
    nextAddress += (bytes + 255 + 256) & ~255L; // aligned, with a gap
    byte[] fill = new byte[(int) bytes];
    java.util.Arrays.fill(fill, (byte) 0x5a); // cuMemAlloc does not zero
    memory.put(a, fill);
    return a;
  }

  @Override
  public void free(long address) {
    call("cuMemFree");
    if (memory.remove(address) == null) {
      throw new IllegalStateException("double free at 0x" + Long.toHexString(address));
    }
  }

  @Override
  public void zero(long address, long bytes) {
    call("cuMemsetD8");
    java.util.Arrays.fill(at(address), 0, (int) bytes, (byte) 0);
  }

  @Override
  public void copyToDevice(long dst, ByteBuffer src) {
    call("cuMemcpyHtoD");
    src.duplicate().clear().get(at(dst), 0, src.limit());
  }

  @Override
  public void copyToHost(ByteBuffer dst, long src) {
    call("cuMemcpyDtoH");
    dst.duplicate().clear().put(at(src), 0, dst.limit());
  }

  @Override
  public ByteBuffer allocatePinned(long bytes) {
    call("cuMemAllocHost");
    ByteBuffer b = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
    pinned.add(b);
    return b;
  }

  @Override
  public void freePinned(ByteBuffer buffer) {
    call("cuMemFreeHost");
    if (!pinned.remove(buffer)) {
      throw new IllegalStateException("not a pinned buffer");
    }
  }

  private void checkPinned(ByteBuffer b) {
    if (!pinned.contains(b)) {
      throw new IllegalStateException("an asynchronous copy needs page-locked memory");
    }
  }

  @Override
  public void copyToDeviceAsync(long dst, ByteBuffer pinnedSrc, long stream) {
    call("cuMemcpyHtoDAsync");
    checkPinned(pinnedSrc);
    pinnedSrc.duplicate().clear().get(at(dst), 0, pinnedSrc.limit());
  }

  @Override
  public void copyToHostAsync(ByteBuffer pinnedDst, long src, long stream) {
    call("cuMemcpyDtoHAsync");
    checkPinned(pinnedDst);
    pinnedDst.duplicate().clear().put(at(src), 0, pinnedDst.limit());
  }

  @Override
  public void launch(
      long function, Dim3 grid, Dim3 block, int sharedMemoryBytes, long stream, byte[][] params) {
    call("cuLaunchKernel");
    Map<Long, byte[]> snapshot = new TreeMap<>();
    memory.forEach((a, b) -> snapshot.put(a, b.clone()));
    var l = new Launched(function, grid, block, sharedMemoryBytes, stream, params, snapshot);
    launches.add(l);
    kernelBody.accept(l);
  }

  @Override
  public long createStream() {
    call("cuStreamCreate");
    return handle();
  }

  @Override
  public void synchronizeStream(long stream) {
    call("cuStreamSynchronize");
  }

  @Override
  public void destroyStream(long stream) {
    call("cuStreamDestroy");
    release(stream);
  }

  @Override
  public long createEvent() {
    call("cuEventCreate");
    return handle();
  }

  @Override
  public void recordEvent(long event, long stream) {
    call("cuEventRecord");
  }

  @Override
  public void synchronizeEvent(long event) {
    call("cuEventSynchronize");
  }

  /** {@code cuEventQuery} answers "not ready" this often before "done"; negative: never done. */
  int notReadyQueries;

  /** The stack sizes set, in order. */
  final List<Long> stackSizes = new ArrayList<>();

  @Override
  public boolean queryEvent(long event) {
    call("cuEventQuery");
    if (notReadyQueries == 0) {
      return true;
    }
    if (notReadyQueries > 0) {
      notReadyQueries--;
    }
    return false;
  }

  @Override
  public void setStackSize(long bytesPerThread) {
    call("cuCtxSetLimit");
    stackSizes.add(bytesPerThread);
  }

  @Override
  public float elapsedMillis(long start, long end) {
    call("cuEventElapsedTime");
    return elapsedMillis;
  }

  @Override
  public void destroyEvent(long event) {
    call("cuEventDestroy");
    release(event);
  }
}
