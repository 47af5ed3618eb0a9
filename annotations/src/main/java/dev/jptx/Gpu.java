package dev.jptx;

import dev.jptx.spi.BarrierOp;
import dev.jptx.spi.CFormat;
import dev.jptx.spi.KernelContext;
import dev.jptx.spi.ShuffleMode;
import dev.jptx.spi.VoteMode;
import java.lang.invoke.VarHandle;

/**
 * The device API: what a kernel calls to learn its coordinates, synchronise, share memory, update
 * memory atomically, talk across a warp, compute in half precision and print. Use it through {@code
 * import static dev.jptx.Gpu.*}.
 *
 * <p>Every method has two meanings: the compiler maps it to the PTX each Javadoc names, and on the
 * JVM (the runtime's {@code jvm} device, which is the reference semantics) it does what the Javadoc
 * describes. Methods that read the current GPU thread (indices, barriers, shared memory, warp
 * operations, {@code printf}) need a launch: called outside one they throw {@link
 * IllegalStateException}. The others are pure and work anywhere: atomics on arrays, fences and the
 * half/bfloat16 functions.
 *
 * <p>Indices follow CUDA: x varies fastest; the linear thread id is {@code threadIdxX() +
 * threadIdxY() * blockDimX() + threadIdxZ() * blockDimX() * blockDimY()}; a warp is 32 consecutive
 * linear ids and {@link #laneId()} the position in it.
 */
public final class Gpu {
  /** The number of threads in a warp; a compile-time constant. */
  public static final int WARP_SIZE = 32;

  /** The mask naming all 32 lanes of a warp, for the {@code ...Sync} warp operations. */
  public static final int FULL_MASK = 0xffffffff;

  private Gpu() {}

  // ---------------------------------------------------------------- indices

  /** The thread's x index in its block. PTX {@code mov.u32 %r, %tid.x}. */
  public static int threadIdxX() {
    return KernelContext.current("threadIdxX()").threadIdxX();
  }

  /** The thread's y index in its block. PTX {@code mov.u32 %r, %tid.y}. */
  public static int threadIdxY() {
    return KernelContext.current("threadIdxY()").threadIdxY();
  }

  /** The thread's z index in its block. PTX {@code mov.u32 %r, %tid.z}. */
  public static int threadIdxZ() {
    return KernelContext.current("threadIdxZ()").threadIdxZ();
  }

  /** The block's x index in the grid. PTX {@code mov.u32 %r, %ctaid.x}. */
  public static int blockIdxX() {
    return KernelContext.current("blockIdxX()").blockIdxX();
  }

  /** The block's y index in the grid. PTX {@code mov.u32 %r, %ctaid.y}. */
  public static int blockIdxY() {
    return KernelContext.current("blockIdxY()").blockIdxY();
  }

  /** The block's z index in the grid. PTX {@code mov.u32 %r, %ctaid.z}. */
  public static int blockIdxZ() {
    return KernelContext.current("blockIdxZ()").blockIdxZ();
  }

  /** The number of threads of a block along x. PTX {@code mov.u32 %r, %ntid.x}. */
  public static int blockDimX() {
    return KernelContext.current("blockDimX()").blockDimX();
  }

  /** The number of threads of a block along y. PTX {@code mov.u32 %r, %ntid.y}. */
  public static int blockDimY() {
    return KernelContext.current("blockDimY()").blockDimY();
  }

  /** The number of threads of a block along z. PTX {@code mov.u32 %r, %ntid.z}. */
  public static int blockDimZ() {
    return KernelContext.current("blockDimZ()").blockDimZ();
  }

  /** The number of blocks of the grid along x. PTX {@code mov.u32 %r, %nctaid.x}. */
  public static int gridDimX() {
    return KernelContext.current("gridDimX()").gridDimX();
  }

  /** The number of blocks of the grid along y. PTX {@code mov.u32 %r, %nctaid.y}. */
  public static int gridDimY() {
    return KernelContext.current("gridDimY()").gridDimY();
  }

  /** The number of blocks of the grid along z. PTX {@code mov.u32 %r, %nctaid.z}. */
  public static int gridDimZ() {
    return KernelContext.current("gridDimZ()").gridDimZ();
  }

  /**
   * The thread's global x index, {@code blockIdxX() * blockDimX() + threadIdxX()}, wrapping as
   * {@code int} arithmetic does. PTX: {@code mov.u32} of {@code %ctaid.x}, {@code %ntid.x} and
   * {@code %tid.x}, then {@code mad.lo.s32 %r, %ctaid, %ntid, %tid}.
   */
  public static int globalIdX() {
    var t = KernelContext.current("globalIdX()");
    return t.blockIdxX() * t.blockDimX() + t.threadIdxX();
  }

  /** The global y index; as {@link #globalIdX()} with {@code %ctaid.y %ntid.y %tid.y}. */
  public static int globalIdY() {
    var t = KernelContext.current("globalIdY()");
    return t.blockIdxY() * t.blockDimY() + t.threadIdxY();
  }

  /** The global z index; as {@link #globalIdX()} with {@code %ctaid.z %ntid.z %tid.z}. */
  public static int globalIdZ() {
    var t = KernelContext.current("globalIdZ()");
    return t.blockIdxZ() * t.blockDimZ() + t.threadIdxZ();
  }

  /**
   * The number of threads of the grid along x, {@code gridDimX() * blockDimX()} (the stride of a
   * grid-stride loop). PTX {@code mul.lo.s32 %r, %nctaid.x, %ntid.x}.
   */
  public static int globalSizeX() {
    var t = KernelContext.current("globalSizeX()");
    return t.gridDimX() * t.blockDimX();
  }

  /** The number of threads along y; PTX {@code mul.lo.s32} of {@code %nctaid.y, %ntid.y}. */
  public static int globalSizeY() {
    var t = KernelContext.current("globalSizeY()");
    return t.gridDimY() * t.blockDimY();
  }

  /** The number of threads along z; PTX {@code mul.lo.s32} of {@code %nctaid.z, %ntid.z}. */
  public static int globalSizeZ() {
    var t = KernelContext.current("globalSizeZ()");
    return t.gridDimZ() * t.blockDimZ();
  }

  /**
   * The thread's lane in its warp, 0..31: its linear thread id modulo 32. PTX {@code mov.u32 %r,
   * %laneid}.
   */
  public static int laneId() {
    return KernelContext.current("laneId()").laneId();
  }

  // ---------------------------------------------------------------- barriers and fences

  /**
   * Waits until every thread of the block has reached a barrier; memory written before it is then
   * visible to the whole block. Threads that have returned no longer count (as on the GPU, exited
   * threads do not block the barrier). PTX {@code bar.sync 0}.
   */
  public static void syncThreads() {
    KernelContext.current("syncThreads()").barrier(BarrierOp.SYNC, false);
  }

  /**
   * {@link #syncThreads()} that also returns for how many threads of the block {@code predicate}
   * was true. PTX {@code bar.red.popc.u32 %r, 0, %p}.
   */
  public static int syncThreadsCount(boolean predicate) {
    return KernelContext.current("syncThreadsCount(boolean)").barrier(BarrierOp.COUNT, predicate);
  }

  /**
   * {@link #syncThreads()} that also returns whether {@code predicate} was true for every thread.
   * PTX {@code bar.red.and.pred %p, 0, %q}.
   */
  public static boolean syncThreadsAnd(boolean predicate) {
    return KernelContext.current("syncThreadsAnd(boolean)").barrier(BarrierOp.AND, predicate) != 0;
  }

  /**
   * {@link #syncThreads()} that also returns whether {@code predicate} was true for any thread. PTX
   * {@code bar.red.or.pred %p, 0, %q}.
   */
  public static boolean syncThreadsOr(boolean predicate) {
    return KernelContext.current("syncThreadsOr(boolean)").barrier(BarrierOp.OR, predicate) != 0;
  }

  /**
   * Waits until all 32 lanes of the warp reach a warp barrier, ordering their memory accesses
   * ({@code __syncwarp()}). Lanes that a partial last warp does not have are left out; a lane that
   * has exited is an error on the JVM. PTX {@code bar.warp.sync -1}.
   */
  public static void syncWarp() {
    KernelContext.current("syncWarp()").syncWarp(FULL_MASK);
  }

  /**
   * Orders this thread's memory accesses as seen by every thread of the device ({@code
   * __threadfence()}). PTX {@code membar.gl} ({@code fence.sc.gpu} from sm_70). JVM: a full fence;
   * works outside a launch.
   */
  public static void threadFence() {
    VarHandle.fullFence();
  }

  /**
   * Orders this thread's memory accesses as seen by the threads of its block. PTX {@code
   * membar.cta} ({@code fence.sc.cta}). JVM: a full fence; works outside a launch.
   */
  public static void threadFenceBlock() {
    VarHandle.fullFence();
  }

  /**
   * Orders this thread's memory accesses as seen by the device and the host. PTX {@code membar.sys}
   * ({@code fence.sc.sys}). JVM: a full fence; works outside a launch.
   */
  public static void threadFenceSystem() {
    VarHandle.fullFence();
  }

  // ---------------------------------------------------------------- shared memory

  /**
   * A {@code boolean} array in shared memory, one per call site and block, as a {@code __shared__}
   * declaration: every thread of the block gets the same array from this call site, a second call
   * (in a loop, or of a device function holding it) returns the same array. {@code n} must be a
   * compile-time constant. PTX: a {@code .shared .align 1 .b8 name[n]} variable. JVM: created
   * zeroed; the call site is found with {@link StackWalker}.
   */
  public static boolean[] sharedBooleans(int n) {
    return (boolean[]) SharedMemory.array("sharedBooleans(int)", boolean.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code byte}: {@code .shared .align 1 .b8 name[n]}. */
  public static byte[] sharedBytes(int n) {
    return (byte[]) SharedMemory.array("sharedBytes(int)", byte.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code short}: {@code .shared .align 2 .b8 [2n]}. */
  public static short[] sharedShorts(int n) {
    return (short[]) SharedMemory.array("sharedShorts(int)", short.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code char}: {@code .shared .align 2 .b8 [2n]}. */
  public static char[] sharedChars(int n) {
    return (char[]) SharedMemory.array("sharedChars(int)", char.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code int}: {@code .shared .align 4 .b8 [4n]}. */
  public static int[] sharedInts(int n) {
    return (int[]) SharedMemory.array("sharedInts(int)", int.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code long}: {@code .shared .align 8 .b8 [8n]}. */
  public static long[] sharedLongs(int n) {
    return (long[]) SharedMemory.array("sharedLongs(int)", long.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code float}: {@code .shared .align 4 .b8 [4n]}. */
  public static float[] sharedFloats(int n) {
    return (float[]) SharedMemory.array("sharedFloats(int)", float.class, n);
  }

  /** As {@link #sharedBooleans(int)} for {@code double}: {@code .shared .align 8 .b8 [8n]}. */
  public static double[] sharedDoubles(int n) {
    return (double[]) SharedMemory.array("sharedDoubles(int)", double.class, n);
  }

  /**
   * The block's dynamic shared memory as {@code boolean}s: one buffer per block sized by the
   * launch's {@code sharedMemoryBytes}, its length those bytes divided by the element size. A
   * kernel uses it with one element type only (on the JVM, a second type is an error). PTX {@code
   * .extern .shared .align 16 .b8 dyn[]}, the length from {@code %dynamic_smem_size}.
   */
  public static boolean[] dynamicSharedBooleans() {
    return (boolean[]) SharedMemory.dynamic("dynamicSharedBooleans()", boolean.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code byte}: length = bytes. */
  public static byte[] dynamicSharedBytes() {
    return (byte[]) SharedMemory.dynamic("dynamicSharedBytes()", byte.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code short}: length = bytes / 2. */
  public static short[] dynamicSharedShorts() {
    return (short[]) SharedMemory.dynamic("dynamicSharedShorts()", short.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code char}: length = bytes / 2. */
  public static char[] dynamicSharedChars() {
    return (char[]) SharedMemory.dynamic("dynamicSharedChars()", char.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code int}: length = bytes / 4. */
  public static int[] dynamicSharedInts() {
    return (int[]) SharedMemory.dynamic("dynamicSharedInts()", int.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code long}: length = bytes / 8. */
  public static long[] dynamicSharedLongs() {
    return (long[]) SharedMemory.dynamic("dynamicSharedLongs()", long.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code float}: length = bytes / 4. */
  public static float[] dynamicSharedFloats() {
    return (float[]) SharedMemory.dynamic("dynamicSharedFloats()", float.class);
  }

  /** As {@link #dynamicSharedBooleans()} for {@code double}: length = bytes / 8. */
  public static double[] dynamicSharedDoubles() {
    return (double[]) SharedMemory.dynamic("dynamicSharedDoubles()", double.class);
  }

  // ---------------------------------------------------------------- atomics
  // All atomics work on elements of global or shared arrays, return the element's old value, and
  // work outside a launch too. PTX uses atom.global.* or atom.shared.* when the compiler knows the
  // state space, otherwise generic atom.*. JVM: java.lang.invoke.VarHandle atomics.

  /**
   * Adds {@code v} to {@code a[i]} atomically, wrapping; returns the old value. PTX {@code
   * atom.global.add.u32} (or {@code atom.shared.add.u32}).
   */
  public static int atomicAdd(int[] a, int i, int v) {
    return Atomics.add(a, i, v);
  }

  /** As {@link #atomicAdd(int[], int, int)} on {@code long}: {@code atom.add.u64}. */
  public static long atomicAdd(long[] a, int i, long v) {
    return Atomics.add(a, i, v);
  }

  /**
   * Adds {@code v} to {@code a[i]} atomically with Java's {@code float} addition (round to nearest
   * even, subnormals kept); returns the old value. PTX {@code atom.shared.add.f32}, or {@code
   * atom.global.add.f32}, which per the PTX ISA flushes subnormal inputs and results to zero on
   * global memory: where a subnormal can occur only an {@code atom.cas.b32} loop keeps this result.
   */
  public static float atomicAdd(float[] a, int i, float v) {
    return Atomics.add(a, i, v);
  }

  /** As {@link #atomicAdd(float[], int, float)} on {@code double}: {@code atom.add.f64} (sm_60). */
  public static double atomicAdd(double[] a, int i, double v) {
    return Atomics.add(a, i, v);
  }

  /**
   * Subtracts {@code v} from {@code a[i]}, wrapping. PTX {@code neg.s32} + {@code atom.add.u32}.
   */
  public static int atomicSub(int[] a, int i, int v) {
    return Atomics.add(a, i, -v);
  }

  /** As {@link #atomicSub(int[], int, int)} on {@code long}: {@code atom.add.u64} of {@code -v}. */
  public static long atomicSub(long[] a, int i, long v) {
    return Atomics.add(a, i, -v);
  }

  /** Subtracts {@code v} (an add of {@code -v}, the same in IEEE). PTX {@code atom.add.f32}. */
  public static float atomicSub(float[] a, int i, float v) {
    return Atomics.add(a, i, -v);
  }

  /** As {@link #atomicSub(float[], int, float)} on {@code double}: {@code atom.add.f64}. */
  public static double atomicSub(double[] a, int i, double v) {
    return Atomics.add(a, i, -v);
  }

  /** Stores {@code v} in {@code a[i]}; returns the old value. PTX {@code atom.exch.b32}. */
  public static int atomicExch(int[] a, int i, int v) {
    return Atomics.exchange(a, i, v);
  }

  /** As {@link #atomicExch(int[], int, int)} on {@code long}: {@code atom.exch.b64}. */
  public static long atomicExch(long[] a, int i, long v) {
    return Atomics.exchange(a, i, v);
  }

  /** As {@link #atomicExch(int[], int, int)} on {@code float} bits: {@code atom.exch.b32}. */
  public static float atomicExch(float[] a, int i, float v) {
    return Atomics.exchange(a, i, v);
  }

  /** As {@link #atomicExch(int[], int, int)} on {@code double} bits: {@code atom.exch.b64}. */
  public static double atomicExch(double[] a, int i, double v) {
    return Atomics.exchange(a, i, v);
  }

  /** Stores the signed minimum of {@code a[i]} and {@code v}. PTX {@code atom.min.s32}. */
  public static int atomicMin(int[] a, int i, int v) {
    return Atomics.min(a, i, v);
  }

  /** As {@link #atomicMin(int[], int, int)} on {@code long}: {@code atom.min.s64}. */
  public static long atomicMin(long[] a, int i, long v) {
    return Atomics.min(a, i, v);
  }

  /**
   * Stores {@code Math.min(a[i], v)}: NaN if either is NaN, {@code -0.0} below {@code +0.0}. PTX
   * has no instruction with these semantics: a loop of {@code ld}, {@code min} plus NaN select and
   * {@code atom.cas.b32} until the swap succeeds.
   */
  public static float atomicMin(float[] a, int i, float v) {
    return Atomics.min(a, i, v);
  }

  /**
   * As {@link #atomicMin(float[], int, float)} on {@code double}: a loop on {@code atom.cas.b64}.
   */
  public static double atomicMin(double[] a, int i, double v) {
    return Atomics.min(a, i, v);
  }

  /** Stores the signed maximum of {@code a[i]} and {@code v}. PTX {@code atom.max.s32}. */
  public static int atomicMax(int[] a, int i, int v) {
    return Atomics.max(a, i, v);
  }

  /** As {@link #atomicMax(int[], int, int)} on {@code long}: {@code atom.max.s64}. */
  public static long atomicMax(long[] a, int i, long v) {
    return Atomics.max(a, i, v);
  }

  /**
   * Stores {@code Math.max(a[i], v)}: NaN if either is NaN, {@code +0.0} above {@code -0.0}. PTX: a
   * loop on {@code atom.cas.b32}, as {@link #atomicMin(float[], int, float)}.
   */
  public static float atomicMax(float[] a, int i, float v) {
    return Atomics.max(a, i, v);
  }

  /**
   * As {@link #atomicMax(float[], int, float)} on {@code double}: a loop on {@code atom.cas.b64}.
   */
  public static double atomicMax(double[] a, int i, double v) {
    return Atomics.max(a, i, v);
  }

  /** Stores the unsigned minimum of {@code a[i]} and {@code v}. PTX {@code atom.min.u32}. */
  public static int atomicMinUnsigned(int[] a, int i, int v) {
    return Atomics.minUnsigned(a, i, v);
  }

  /** As {@link #atomicMinUnsigned(int[], int, int)} on {@code long}: {@code atom.min.u64}. */
  public static long atomicMinUnsigned(long[] a, int i, long v) {
    return Atomics.minUnsigned(a, i, v);
  }

  /** Stores the unsigned maximum of {@code a[i]} and {@code v}. PTX {@code atom.max.u32}. */
  public static int atomicMaxUnsigned(int[] a, int i, int v) {
    return Atomics.maxUnsigned(a, i, v);
  }

  /** As {@link #atomicMaxUnsigned(int[], int, int)} on {@code long}: {@code atom.max.u64}. */
  public static long atomicMaxUnsigned(long[] a, int i, long v) {
    return Atomics.maxUnsigned(a, i, v);
  }

  /** Stores {@code a[i] & v}; returns the old value. PTX {@code atom.and.b32}. */
  public static int atomicAnd(int[] a, int i, int v) {
    return Atomics.and(a, i, v);
  }

  /** As {@link #atomicAnd(int[], int, int)} on {@code long}: {@code atom.and.b64}. */
  public static long atomicAnd(long[] a, int i, long v) {
    return Atomics.and(a, i, v);
  }

  /** Stores {@code a[i] | v}; returns the old value. PTX {@code atom.or.b32}. */
  public static int atomicOr(int[] a, int i, int v) {
    return Atomics.or(a, i, v);
  }

  /** As {@link #atomicOr(int[], int, int)} on {@code long}: {@code atom.or.b64}. */
  public static long atomicOr(long[] a, int i, long v) {
    return Atomics.or(a, i, v);
  }

  /** Stores {@code a[i] ^ v}; returns the old value. PTX {@code atom.xor.b32}. */
  public static int atomicXor(int[] a, int i, int v) {
    return Atomics.xor(a, i, v);
  }

  /** As {@link #atomicXor(int[], int, int)} on {@code long}: {@code atom.xor.b64}. */
  public static long atomicXor(long[] a, int i, long v) {
    return Atomics.xor(a, i, v);
  }

  /**
   * Compare-and-swap: if {@code a[i] == expected} stores {@code desired}; returns the old value
   * either way (the swap happened iff it equals {@code expected}). PTX {@code atom.cas.b32}.
   */
  public static int atomicCas(int[] a, int i, int expected, int desired) {
    return Atomics.cas(a, i, expected, desired);
  }

  /** As {@link #atomicCas(int[], int, int, int)} on {@code long}: {@code atom.cas.b64}. */
  public static long atomicCas(long[] a, int i, long expected, long desired) {
    return Atomics.cas(a, i, expected, desired);
  }

  /**
   * As {@link #atomicCas(int[], int, int, int)} comparing the bit patterns ({@link
   * Float#floatToRawIntBits}), so a NaN can be swapped and {@code -0.0} differs from {@code 0.0}.
   * PTX {@code atom.cas.b32}.
   */
  public static float atomicCas(float[] a, int i, float expected, float desired) {
    return Atomics.cas(a, i, expected, desired);
  }

  /** As {@link #atomicCas(float[], int, float, float)} on {@code double} bits: {@code .b64}. */
  public static double atomicCas(double[] a, int i, double expected, double desired) {
    return Atomics.cas(a, i, expected, desired);
  }

  /**
   * CUDA's wrapping increment: stores {@code (old >= limit) ? 0 : old + 1}, comparing as unsigned;
   * returns {@code old}. PTX {@code atom.inc.u32}.
   */
  public static int atomicInc(int[] a, int i, int limit) {
    return Atomics.inc(a, i, limit);
  }

  /**
   * CUDA's wrapping decrement: stores {@code (old == 0 || old > limit) ? limit : old - 1},
   * comparing as unsigned; returns {@code old}. PTX {@code atom.dec.u32}.
   */
  public static int atomicDec(int[] a, int i, int limit) {
    return Atomics.dec(a, i, limit);
  }

  // ---------------------------------------------------------------- warp
  // The ...Sync operations rendezvous the lanes of mask, which must include the caller; lanes
  // that a partial last warp does not have are left out. On the JVM a lane of mask that has
  // exited is an error, never a hang. A shuffle reading a lane outside mask is undefined in CUDA;
  // the JVM gives the caller its own value. Only the low 5 bits of srcLane, delta and laneMask
  // count, as in PTX.

  /**
   * Returns {@code v} of lane {@code srcLane} (modulo 32). PTX {@code shfl.sync.idx.b32 %r, %v,
   * %src, 0x1f, %mask}.
   */
  public static int shflSync(int mask, int v, int srcLane) {
    return (int) Warp.shuffle("shflSync(int, int, int)", ShuffleMode.IDX, mask, v, srcLane);
  }

  /** {@link #shflSync(int, int, int)} on a {@code long}: two {@code shfl.sync.idx.b32}. */
  public static long shflSync(int mask, long v, int srcLane) {
    return Warp.shuffle("shflSync(int, long, int)", ShuffleMode.IDX, mask, v, srcLane);
  }

  /** {@link #shflSync(int, int, int)} on {@code float} bits: {@code shfl.sync.idx.b32}. */
  public static float shflSync(int mask, float v, int srcLane) {
    return Warp.shuffle("shflSync(int, float, int)", ShuffleMode.IDX, mask, v, srcLane);
  }

  /** {@link #shflSync(int, int, int)} on {@code double} bits: two {@code shfl.sync.idx.b32}. */
  public static double shflSync(int mask, double v, int srcLane) {
    return Warp.shuffle("shflSync(int, double, int)", ShuffleMode.IDX, mask, v, srcLane);
  }

  /**
   * Returns {@code v} of lane {@code laneId() - delta}, or the caller's own {@code v} if that is
   * below 0. PTX {@code shfl.sync.up.b32 %r, %v, %delta, 0, %mask}.
   */
  public static int shflUpSync(int mask, int v, int delta) {
    return (int) Warp.shuffle("shflUpSync(int, int, int)", ShuffleMode.UP, mask, v, delta);
  }

  /** {@link #shflUpSync(int, int, int)} on a {@code long}: two {@code shfl.sync.up.b32}. */
  public static long shflUpSync(int mask, long v, int delta) {
    return Warp.shuffle("shflUpSync(int, long, int)", ShuffleMode.UP, mask, v, delta);
  }

  /** {@link #shflUpSync(int, int, int)} on {@code float} bits: {@code shfl.sync.up.b32}. */
  public static float shflUpSync(int mask, float v, int delta) {
    return Warp.shuffle("shflUpSync(int, float, int)", ShuffleMode.UP, mask, v, delta);
  }

  /** {@link #shflUpSync(int, int, int)} on {@code double} bits: two {@code shfl.sync.up.b32}. */
  public static double shflUpSync(int mask, double v, int delta) {
    return Warp.shuffle("shflUpSync(int, double, int)", ShuffleMode.UP, mask, v, delta);
  }

  /**
   * Returns {@code v} of lane {@code laneId() + delta}, or the caller's own {@code v} if that is
   * above 31. PTX {@code shfl.sync.down.b32 %r, %v, %delta, 0x1f, %mask}.
   */
  public static int shflDownSync(int mask, int v, int delta) {
    return (int) Warp.shuffle("shflDownSync(int, int, int)", ShuffleMode.DOWN, mask, v, delta);
  }

  /** {@link #shflDownSync(int, int, int)} on a {@code long}: two {@code shfl.sync.down.b32}. */
  public static long shflDownSync(int mask, long v, int delta) {
    return Warp.shuffle("shflDownSync(int, long, int)", ShuffleMode.DOWN, mask, v, delta);
  }

  /** {@link #shflDownSync(int, int, int)} on {@code float} bits: {@code shfl.sync.down.b32}. */
  public static float shflDownSync(int mask, float v, int delta) {
    return Warp.shuffle("shflDownSync(int, float, int)", ShuffleMode.DOWN, mask, v, delta);
  }

  /** {@link #shflDownSync(int, int, int)} on {@code double}: two {@code shfl.sync.down.b32}. */
  public static double shflDownSync(int mask, double v, int delta) {
    return Warp.shuffle("shflDownSync(int, double, int)", ShuffleMode.DOWN, mask, v, delta);
  }

  /**
   * Returns {@code v} of lane {@code laneId() ^ laneMask} (a butterfly, for reductions where every
   * lane gets the total). PTX {@code shfl.sync.bfly.b32 %r, %v, %laneMask, 0x1f, %mask}.
   */
  public static int shflXorSync(int mask, int v, int laneMask) {
    return (int) Warp.shuffle("shflXorSync(int, int, int)", ShuffleMode.BFLY, mask, v, laneMask);
  }

  /** {@link #shflXorSync(int, int, int)} on a {@code long}: two {@code shfl.sync.bfly.b32}. */
  public static long shflXorSync(int mask, long v, int laneMask) {
    return Warp.shuffle("shflXorSync(int, long, int)", ShuffleMode.BFLY, mask, v, laneMask);
  }

  /** {@link #shflXorSync(int, int, int)} on {@code float} bits: {@code shfl.sync.bfly.b32}. */
  public static float shflXorSync(int mask, float v, int laneMask) {
    return Warp.shuffle("shflXorSync(int, float, int)", ShuffleMode.BFLY, mask, v, laneMask);
  }

  /** {@link #shflXorSync(int, int, int)} on {@code double}: two {@code shfl.sync.bfly.b32}. */
  public static double shflXorSync(int mask, double v, int laneMask) {
    return Warp.shuffle("shflXorSync(int, double, int)", ShuffleMode.BFLY, mask, v, laneMask);
  }

  /**
   * A bit per lane of {@code mask} whose {@code predicate} is true; lanes outside {@code mask} give
   * 0 bits. PTX {@code vote.sync.ballot.b32 %r, %p, %mask}.
   */
  public static int ballotSync(int mask, boolean predicate) {
    return Warp.vote("ballotSync(int, boolean)", VoteMode.BALLOT, mask, predicate);
  }

  /**
   * Whether {@code predicate} is true for any lane of {@code mask}. PTX {@code vote.sync.any.pred
   * %p, %q, %mask}.
   */
  public static boolean anySync(int mask, boolean predicate) {
    return Warp.vote("anySync(int, boolean)", VoteMode.ANY, mask, predicate) != 0;
  }

  /**
   * Whether {@code predicate} is true for every lane of {@code mask}. PTX {@code vote.sync.all.pred
   * %p, %q, %mask}.
   */
  public static boolean allSync(int mask, boolean predicate) {
    return Warp.vote("allSync(int, boolean)", VoteMode.ALL, mask, predicate) != 0;
  }

  /**
   * The lanes of the warp executing this call together. PTX {@code activemask.b32 %r}. JVM (and the
   * simulator): the lanes of the warp that exist, less the lanes that exited before the calling
   * thread's latest {@code syncThreads()}. Neither models divergence, and lanes there run one after
   * another, so a lane that returned since the last barrier still counts: which lanes finished
   * first would otherwise decide the result.
   */
  public static int activeMask() {
    return KernelContext.current("activeMask()").activeMask();
  }

  // ---------------------------------------------------------------- half precision
  // binary16 and bfloat16 values travel as the 16-bit pattern in a short; packed pairs in an int,
  // element 0 in the low 16 bits. Arithmetic is rounded once to nearest even with subnormals kept;
  // a NaN result is the canonical NaN 0x7fff. All of these are pure and work outside a launch.

  /** The exact {@code float} value of a binary16 pattern. PTX {@code cvt.f32.f16}. */
  public static float halfToFloat(short h) {
    return HalfPrecision.halfToFloat(h);
  }

  /**
   * {@code f} rounded to binary16, to nearest even, keeping subnormals; beyond the range ±inf; a
   * NaN becomes the canonical NaN {@code 0x7fff}. PTX {@code cvt.rn.f16.f32}.
   */
  public static short floatToHalf(float f) {
    return HalfPrecision.floatToHalf(f);
  }

  /** Packs two floats as halves, {@code lo} in bits 0..15. PTX {@code cvt.rn.f16x2.f32}. */
  public static int packHalf2(float lo, float hi) {
    return HalfPrecision.pack(lo, hi);
  }

  /** The {@code float} value of the low half (element 0). PTX {@code mov.b32} + {@code cvt}. */
  public static float lowHalf(int h2) {
    return HalfPrecision.halfToFloat((short) h2);
  }

  /** The {@code float} value of the high half (element 1). PTX {@code mov.b32} + {@code cvt}. */
  public static float highHalf(int h2) {
    return HalfPrecision.halfToFloat((short) (h2 >>> 16));
  }

  /** Per-lane {@code a + b}, rounded once. PTX {@code add.rn.f16x2}. */
  public static int hadd2(int a, int b) {
    return HalfPrecision.add2(a, b);
  }

  /** Per-lane {@code a - b}, rounded once. PTX {@code sub.rn.f16x2}. */
  public static int hsub2(int a, int b) {
    return HalfPrecision.sub2(a, b);
  }

  /** Per-lane {@code a * b}, rounded once. PTX {@code mul.rn.f16x2}. */
  public static int hmul2(int a, int b) {
    return HalfPrecision.mul2(a, b);
  }

  /**
   * Per-lane {@code a * b + c} computed exactly and rounded once (a fused multiply-add), as {@code
   * __hfma2}. PTX {@code fma.rn.f16x2}.
   */
  public static int hfma2(int a, int b, int c) {
    return HalfPrecision.fma2(a, b, c);
  }

  /**
   * Per-lane maximum as {@code __hmax2}: a NaN lane yields the other operand, the canonical NaN if
   * both are NaN; {@code +0.0} is above {@code -0.0}. PTX {@code max.f16x2} (sm_80).
   */
  public static int hmax2(int a, int b) {
    return HalfPrecision.max2(a, b);
  }

  /**
   * Per-lane minimum as {@code __hmin2}: a NaN lane yields the other operand, the canonical NaN if
   * both are NaN; {@code -0.0} is below {@code +0.0}. PTX {@code min.f16x2} (sm_80).
   */
  public static int hmin2(int a, int b) {
    return HalfPrecision.min2(a, b);
  }

  /** The exact {@code float} value of a bfloat16 pattern (its bits shifted left 16). */
  public static float bf16ToFloat(short b) {
    return HalfPrecision.bf16ToFloat(b);
  }

  /**
   * {@code f} rounded to bfloat16, to nearest even, subnormals kept, NaN to the canonical {@code
   * 0x7fff}. PTX {@code cvt.rn.bf16.f32} (sm_80).
   */
  public static short floatToBf16(float f) {
    return HalfPrecision.floatToBf16(f);
  }

  /** Per-lane bfloat16 {@code a * b + c}, exact then rounded once. PTX {@code fma.rn.bf16x2}. */
  public static int bf16fma2(int a, int b, int c) {
    return HalfPrecision.bf16Fma2(a, b, c);
  }

  // ---------------------------------------------------------------- output

  /**
   * Prints a C {@code printf} format with primitive arguments: {@code %d %i %u %x %X %o %c %f %e %g
   * %a %%} with flags {@code -+ #0}, width and precision, {@code l}/{@code ll} for {@code long}
   * (see {@link CFormat}). {@code format} must be a string literal for the compiler. PTX: the
   * arguments are stored in a local buffer and passed to CUDA's {@code vprintf}. JVM: the whole
   * text of one call goes to {@code System.out} at once.
   */
  public static void printf(String format, Object... args) {
    var thread = KernelContext.current("printf(String, Object...)");
    thread.print(CFormat.format(format, args));
  }
}
