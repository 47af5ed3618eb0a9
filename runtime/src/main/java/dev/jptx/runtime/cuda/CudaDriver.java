package dev.jptx.runtime.cuda;

import dev.jptx.runtime.Dim3;
import java.nio.ByteBuffer;

/**
 * The CUDA driver calls the {@code cuda} device makes, and nothing more: a narrow seam so that
 * everything above it (module choice, argument marshalling, transfers, error translation) is tested
 * without a GPU. {@link JCudaDriverApi} implements it through JCuda; tests use a fake.
 *
 * <p>Handles are plain {@code long}s: a device pointer is the device address itself (it goes into
 * the launch parameters as 8 little-endian bytes), every other handle is an identifier the
 * implementation maps to its object. Stream {@code 0} is the default stream. Every call that fails
 * throws {@link CudaError} with the driver's result code; none returns an error code.
 *
 * <p>Call order: {@link #createContext} first; the context must be current ({@link
 * #setCurrentContext}) on the calling thread for every call after it except the device queries.
 */
public interface CudaDriver {
  /** {@code CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK}. */
  int DEVICE_MAX_REGISTERS_PER_BLOCK = 12;

  /** {@code CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT}. */
  int DEVICE_MULTIPROCESSOR_COUNT = 16;

  /**
   * {@code CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN}: the most shared memory a block
   * may have after {@link #FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES} is raised.
   */
  int DEVICE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

  /** {@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK}. */
  int FUNCTION_MAX_THREADS_PER_BLOCK = 0;

  /** {@code CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES}: static shared memory. */
  int FUNCTION_SHARED_SIZE_BYTES = 1;

  /** {@code CU_FUNC_ATTRIBUTE_NUM_REGS}. */
  int FUNCTION_NUM_REGS = 4;

  /** {@code CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES}: the opt-in above 48 KiB. */
  int FUNCTION_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

  /**
   * {@code cuDeviceGetCount}.
   *
   * @return the number of CUDA devices
   */
  int deviceCount();

  /**
   * {@code cuDeviceGet}.
   *
   * @param ordinal 0 for the first device
   * @return the device handle
   */
  int device(int ordinal);

  /**
   * {@code cuDeviceGetName}.
   *
   * @param device a device handle
   * @return its name
   */
  String deviceName(int device);

  /**
   * {@code cuDeviceComputeCapability}.
   *
   * @param device a device handle
   * @return {major, minor}
   */
  int[] computeCapability(int device);

  /**
   * {@code cuDeviceTotalMem}.
   *
   * @param device a device handle
   * @return bytes of device memory
   */
  long totalMemory(int device);

  /**
   * {@code cuDeviceGetAttribute}.
   *
   * @param device a device handle
   * @param attribute a {@code CU_DEVICE_ATTRIBUTE_...} value
   * @return its value
   */
  int deviceAttribute(int device, int attribute);

  /**
   * {@code cuCtxCreate}: a context on the device, current on the calling thread.
   *
   * @param device a device handle
   * @return the context
   */
  long createContext(int device);

  /**
   * {@code cuCtxSetCurrent}.
   *
   * @param context a context
   */
  void setCurrentContext(long context);

  /**
   * {@code cuCtxDestroy}.
   *
   * @param context a context
   */
  void destroyContext(long context);

  /**
   * {@code cuModuleLoadDataEx} with the JIT compiler's error log requested: a failure's {@link
   * CudaError#log()} holds what the JIT compiler said.
   *
   * @param ptx the PTX text
   * @return the module
   */
  long loadModule(String ptx);

  /**
   * {@code cuModuleUnload}.
   *
   * @param module a module
   */
  void unloadModule(long module);

  /**
   * {@code cuModuleGetFunction}.
   *
   * @param module a module
   * @param name the entry name
   * @return the function
   */
  long function(long module, String name);

  /**
   * {@code cuFuncGetAttribute}.
   *
   * @param function a function
   * @param attribute a {@code CU_FUNC_ATTRIBUTE_...} value
   * @return its value
   */
  int functionAttribute(long function, int attribute);

  /**
   * {@code cuFuncSetAttribute}.
   *
   * @param function a function
   * @param attribute a settable {@code CU_FUNC_ATTRIBUTE_...} value
   * @param value the new value
   */
  void setFunctionAttribute(long function, int attribute, int value);

  /**
   * {@code cuMemAlloc}.
   *
   * @param bytes at least 1
   * @return the device address
   */
  long allocate(long bytes);

  /**
   * {@code cuMemFree}.
   *
   * @param address a device address from {@link #allocate}
   */
  void free(long address);

  /**
   * {@code cuMemsetD8} with 0.
   *
   * @param address a device address
   * @param bytes how many bytes to zero
   */
  void zero(long address, long bytes);

  /**
   * {@code cuMemcpyHtoD}: copies {@code src}'s bytes from 0 to its limit.
   *
   * @param dst a device address
   * @param src the bytes
   */
  void copyToDevice(long dst, ByteBuffer src);

  /**
   * {@code cuMemcpyDtoH}: fills {@code dst} from 0 to its limit.
   *
   * @param dst the host buffer
   * @param src a device address
   */
  void copyToHost(ByteBuffer dst, long src);

  /**
   * {@code cuMemAllocHost}: page-locked host memory, which asynchronous copies need.
   *
   * @param bytes at least 1
   * @return a direct, little-endian buffer over it
   */
  ByteBuffer allocatePinned(long bytes);

  /**
   * {@code cuMemFreeHost}.
   *
   * @param buffer a buffer from {@link #allocatePinned}
   */
  void freePinned(ByteBuffer buffer);

  /**
   * {@code cuMemcpyHtoDAsync}.
   *
   * @param dst a device address
   * @param pinnedSrc a buffer from {@link #allocatePinned}, copied from 0 to its limit
   * @param stream the stream
   */
  void copyToDeviceAsync(long dst, ByteBuffer pinnedSrc, long stream);

  /**
   * {@code cuMemcpyDtoHAsync}.
   *
   * @param pinnedDst a buffer from {@link #allocatePinned}, filled from 0 to its limit
   * @param src a device address
   * @param stream the stream
   */
  void copyToHostAsync(ByteBuffer pinnedDst, long src, long stream);

  /**
   * {@code cuLaunchKernel}.
   *
   * @param function the function
   * @param grid blocks
   * @param block threads per block
   * @param sharedMemoryBytes dynamic shared memory per block
   * @param stream the stream
   * @param params one array per PTX parameter, holding its value's little-endian bytes
   */
  void launch(
      long function, Dim3 grid, Dim3 block, int sharedMemoryBytes, long stream, byte[][] params);

  /**
   * {@code cuStreamCreate}.
   *
   * @return the stream
   */
  long createStream();

  /**
   * {@code cuStreamSynchronize}.
   *
   * @param stream the stream
   */
  void synchronizeStream(long stream);

  /**
   * {@code cuStreamDestroy}.
   *
   * @param stream the stream
   */
  void destroyStream(long stream);

  /**
   * {@code cuEventCreate}.
   *
   * @return the event
   */
  long createEvent();

  /**
   * {@code cuEventRecord}.
   *
   * @param event the event
   * @param stream the stream
   */
  void recordEvent(long event, long stream);

  /**
   * {@code cuEventSynchronize}.
   *
   * @param event the event
   */
  void synchronizeEvent(long event);

  /**
   * {@code cuEventQuery}.
   *
   * @param event the event
   * @return true if the work before it has completed, false if it has not yet ({@code
   *     CUDA_ERROR_NOT_READY})
   */
  boolean queryEvent(long event);

  /**
   * {@code cuCtxSetLimit(CU_LIMIT_STACK_SIZE)} on the current context.
   *
   * @param bytesPerThread the stack of each GPU thread
   */
  void setStackSize(long bytesPerThread);

  /**
   * {@code cuEventElapsedTime}.
   *
   * @param start a recorded, completed event
   * @param end a later one
   * @return milliseconds between them
   */
  float elapsedMillis(long start, long end);

  /**
   * {@code cuEventDestroy}.
   *
   * @param event the event
   */
  void destroyEvent(long event);
}
