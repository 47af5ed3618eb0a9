package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Dim3;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUjit_option;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.driver.JITOptions;

/**
 * {@link CudaDriver} through JCuda's driver bindings, with JCuda's exceptions switched off: every
 * call's {@code CUresult} is checked here and a failure becomes a {@link CudaError}. Only usable
 * after {@code cuInit} succeeded (the probe in {@code Device.open} does that, catching a missing
 * driver library).
 */
public final class JCudaDriverApi implements CudaDriver {
  /** Bytes for the JIT compiler's error log: ptxas reports one line per error. */
  private static final int LOG_BYTES = 16 * 1024;

  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CUdevice> devices = new ConcurrentHashMap<>();
  private final Map<Long, NativePointerObject> handles = new ConcurrentHashMap<>();
  private final AllocationTable<CUdeviceptr> allocations = new AllocationTable<>();
  // by identity: a ByteBuffer's equals compares contents
  private final Map<ByteBuffer, Pointer> pinned =
      Collections.synchronizedMap(new IdentityHashMap<>());

  /** Binds to the driver JCuda has loaded; call after a successful {@code cuInit}. */
  public JCudaDriverApi() {
    JCudaDriver.setExceptionsEnabled(false);
  }

  /** A device pointer whose address we can read: JCuda keeps it in a protected field. */
  private static final class Address extends CUdeviceptr {
    long value() {
      return getNativePointer();
    }
  }

  private static void check(int result, String call) {
    if (result != CUresult.CUDA_SUCCESS) {
      throw new CudaError(call, result);
    }
  }

  private long register(NativePointerObject o) {
    long id = ids.incrementAndGet();
    handles.put(id, o);
    return id;
  }

  @SuppressWarnings("unchecked")
  private <T extends NativePointerObject> T handle(long id, Class<T> type) {
    NativePointerObject o = handles.get(id);
    if (!type.isInstance(o)) {
      throw new IllegalStateException("no " + type.getSimpleName() + " with handle " + id);
    }
    return (T) o;
  }

  private CUstream stream(long id) {
    return id == 0 ? new CUstream() : handle(id, CUstream.class);
  }

  private CUdeviceptr pointer(long address) {
    return allocations.get(address);
  }

  private CUdevice dev(int device) {
    CUdevice d = devices.get((long) device);
    if (d == null) {
      throw new IllegalStateException("no device handle " + device);
    }
    return d;
  }

  @Override
  public int deviceCount() {
    int[] count = new int[1];
    check(JCudaDriver.cuDeviceGetCount(count), "cuDeviceGetCount");
    return count[0];
  }

  @Override
  public int device(int ordinal) {
    var d = new CUdevice();
    check(JCudaDriver.cuDeviceGet(d, ordinal), "cuDeviceGet");
    devices.put((long) ordinal, d);
    return ordinal;
  }

  @Override
  public String deviceName(int device) {
    byte[] name = new byte[256];
    check(JCudaDriver.cuDeviceGetName(name, name.length, dev(device)), "cuDeviceGetName");
    return cString(name);
  }

  private static String cString(byte[] bytes) {
    int n = 0;
    while (n < bytes.length && bytes[n] != 0) {
      n++;
    }
    return new String(bytes, 0, n, StandardCharsets.UTF_8).strip();
  }

  @Override
  public int[] computeCapability(int device) {
    int[] major = new int[1];
    int[] minor = new int[1];
    check(
        JCudaDriver.cuDeviceComputeCapability(major, minor, dev(device)),
        "cuDeviceComputeCapability");
    return new int[] {major[0], minor[0]};
  }

  @Override
  public long totalMemory(int device) {
    long[] bytes = new long[1];
    check(JCudaDriver.cuDeviceTotalMem(bytes, dev(device)), "cuDeviceTotalMem");
    return bytes[0];
  }

  @Override
  public int deviceAttribute(int device, int attribute) {
    int[] value = new int[1];
    check(JCudaDriver.cuDeviceGetAttribute(value, attribute, dev(device)), "cuDeviceGetAttribute");
    return value[0];
  }

  @Override
  public long createContext(int device) {
    var context = new CUcontext();
    check(JCudaDriver.cuCtxCreate(context, 0, dev(device)), "cuCtxCreate");
    return register(context);
  }

  @Override
  public void setCurrentContext(long context) {
    check(JCudaDriver.cuCtxSetCurrent(handle(context, CUcontext.class)), "cuCtxSetCurrent");
  }

  @Override
  public void destroyContext(long context) {
    check(JCudaDriver.cuCtxDestroy(handle(context, CUcontext.class)), "cuCtxDestroy");
    handles.remove(context);
  }

  @Override
  public long loadModule(String ptx) {
    byte[] text = ptx.getBytes(StandardCharsets.UTF_8);
    byte[] image = Arrays.copyOf(text, text.length + 1); // the driver reads a C string
    // cuModuleLoadDataEx through JCuda's wrapper, which hands the log buffers to the driver
    var options = new JITOptions();
    options.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, LOG_BYTES);
    options.putBytes(CUjit_option.CU_JIT_ERROR_LOG_BUFFER, new byte[LOG_BYTES]);
    var module = new CUmodule();
    int result = JCudaDriver.cuModuleLoadDataJIT(module, Pointer.to(image), options);
    if (result != CUresult.CUDA_SUCCESS) {
      byte[] log = options.getBytes(CUjit_option.CU_JIT_ERROR_LOG_BUFFER);
      throw new CudaError("cuModuleLoadDataEx", result, log == null ? "" : cString(log));
    }
    return register(module);
  }

  @Override
  public void unloadModule(long module) {
    check(JCudaDriver.cuModuleUnload(handle(module, CUmodule.class)), "cuModuleUnload");
    handles.remove(module);
  }

  @Override
  public long function(long module, String name) {
    var function = new CUfunction();
    check(
        JCudaDriver.cuModuleGetFunction(function, handle(module, CUmodule.class), name),
        "cuModuleGetFunction");
    return register(function);
  }

  @Override
  public int functionAttribute(long function, int attribute) {
    int[] value = new int[1];
    check(
        JCudaDriver.cuFuncGetAttribute(value, attribute, handle(function, CUfunction.class)),
        "cuFuncGetAttribute");
    return value[0];
  }

  @Override
  public void setFunctionAttribute(long function, int attribute, int value) {
    check(
        JCudaDriver.cuFuncSetAttribute(handle(function, CUfunction.class), attribute, value),
        "cuFuncSetAttribute");
  }

  @Override
  public long allocate(long bytes) {
    var p = new Address();
    check(JCudaDriver.cuMemAlloc(p, bytes), "cuMemAlloc");
    allocations.add(p.value(), p);
    return p.value();
  }

  @Override
  public void free(long address) {
    allocations.release(address, p -> check(JCudaDriver.cuMemFree(p), "cuMemFree"));
  }

  @Override
  public void zero(long address, long bytes) {
    check(JCudaDriver.cuMemsetD8(pointer(address), (byte) 0, bytes), "cuMemsetD8");
  }

  @Override
  public void copyToDevice(long dst, ByteBuffer src) {
    check(JCudaDriver.cuMemcpyHtoD(pointer(dst), host(src), src.limit()), "cuMemcpyHtoD");
  }

  @Override
  public void copyToHost(ByteBuffer dst, long src) {
    check(JCudaDriver.cuMemcpyDtoH(host(dst), pointer(src), dst.limit()), "cuMemcpyDtoH");
  }

  /** A pointer to a buffer's first byte (a heap buffer through its array). */
  private static Pointer host(ByteBuffer b) {
    return b.hasArray() ? Pointer.to(b.array()) : Pointer.toBuffer(b);
  }

  @Override
  public ByteBuffer allocatePinned(long bytes) {
    var p = new Pointer();
    check(JCudaDriver.cuMemAllocHost(p, bytes), "cuMemAllocHost");
    ByteBuffer b = p.getByteBuffer(0, bytes).order(ByteOrder.LITTLE_ENDIAN);
    pinned.put(b, p);
    return b;
  }

  @Override
  public void freePinned(ByteBuffer buffer) {
    Pointer p = pinned.remove(buffer);
    if (p == null) {
      throw new IllegalStateException("not a page-locked buffer of this driver");
    }
    check(JCudaDriver.cuMemFreeHost(p), "cuMemFreeHost");
  }

  private Pointer pinnedPointer(ByteBuffer b) {
    Pointer p = pinned.get(b);
    if (p == null) {
      throw new IllegalStateException("asynchronous copies need page-locked memory");
    }
    return p;
  }

  @Override
  public void copyToDeviceAsync(long dst, ByteBuffer pinnedSrc, long stream) {
    check(
        JCudaDriver.cuMemcpyHtoDAsync(
            pointer(dst), pinnedPointer(pinnedSrc), pinnedSrc.limit(), stream(stream)),
        "cuMemcpyHtoDAsync");
  }

  @Override
  public void copyToHostAsync(ByteBuffer pinnedDst, long src, long stream) {
    check(
        JCudaDriver.cuMemcpyDtoHAsync(
            pinnedPointer(pinnedDst), pointer(src), pinnedDst.limit(), stream(stream)),
        "cuMemcpyDtoHAsync");
  }

  @Override
  public void launch(
      long function, Dim3 grid, Dim3 block, int sharedMemoryBytes, long stream, byte[][] params) {
    Pointer[] values = new Pointer[params.length];
    for (int i = 0; i < params.length; i++) {
      values[i] = Pointer.to(params[i]);
    }
    check(
        JCudaDriver.cuLaunchKernel(
            handle(function, CUfunction.class),
            grid.x(),
            grid.y(),
            grid.z(),
            block.x(),
            block.y(),
            block.z(),
            sharedMemoryBytes,
            stream(stream),
            Pointer.to(values),
            null),
        "cuLaunchKernel");
  }

  @Override
  public long createStream() {
    var s = new CUstream();
    check(JCudaDriver.cuStreamCreate(s, 0), "cuStreamCreate");
    return register(s);
  }

  @Override
  public void synchronizeStream(long stream) {
    check(JCudaDriver.cuStreamSynchronize(stream(stream)), "cuStreamSynchronize");
  }

  @Override
  public void destroyStream(long stream) {
    check(JCudaDriver.cuStreamDestroy(handle(stream, CUstream.class)), "cuStreamDestroy");
    handles.remove(stream);
  }

  @Override
  public long createEvent() {
    var e = new CUevent();
    check(JCudaDriver.cuEventCreate(e, 0), "cuEventCreate");
    return register(e);
  }

  @Override
  public void recordEvent(long event, long stream) {
    check(JCudaDriver.cuEventRecord(handle(event, CUevent.class), stream(stream)), "cuEventRecord");
  }

  @Override
  public void synchronizeEvent(long event) {
    check(JCudaDriver.cuEventSynchronize(handle(event, CUevent.class)), "cuEventSynchronize");
  }

  @Override
  public boolean queryEvent(long event) {
    int result = JCudaDriver.cuEventQuery(handle(event, CUevent.class));
    if (result == CUresult.CUDA_ERROR_NOT_READY) {
      return false;
    }
    check(result, "cuEventQuery");
    return true;
  }

  @Override
  public void setStackSize(long bytesPerThread) {
    check(
        JCudaDriver.cuCtxSetLimit(jcuda.driver.CUlimit.CU_LIMIT_STACK_SIZE, bytesPerThread),
        "cuCtxSetLimit");
  }

  @Override
  public float elapsedMillis(long start, long end) {
    float[] ms = new float[1];
    check(
        JCudaDriver.cuEventElapsedTime(
            ms, handle(start, CUevent.class), handle(end, CUevent.class)),
        "cuEventElapsedTime");
    return ms[0];
  }

  @Override
  public void destroyEvent(long event) {
    check(JCudaDriver.cuEventDestroy(handle(event, CUevent.class)), "cuEventDestroy");
    handles.remove(event);
  }
}
