package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;

/**
 * One GPU thread in the simulator: its current frame (registers, parameters), program counter,
 * coordinates, and local memory. Instructions reach everything else through {@link #block}.
 */
public final class ThreadState {
  /** The registers of the current frame; instructions read and write it directly. */
  long[] r;

  Frame frame;
  int pc;
  boolean exited;
  boolean blocked;
  final int tidX;
  final int tidY;
  final int tidZ;
  final int linear;
  final int lane;
  final int warp;
  final BlockContext block;
  final Region local;
  int localTop;

  /** The stack the thread's calls use now (their frames, as {@link Frames#call} charges them). */
  long stackUsed;

  /** The lanes of this thread's warp it has seen exit: set at each barrier of all live threads. */
  int seenExited;

  /** The carry flag of {@code add.cc}/{@code addc} and friends. */
  int carry;

  /** What a thread waiting at a collective brought: its operation, operands and destinations. */
  int pendingKind;

  long pendingA;
  long pendingB;
  long pendingC;
  int pendingMask;
  int pendingDest;
  int pendingPredDest;
  int pendingBarrier;

  ThreadState(BlockContext block, int tidX, int tidY, int tidZ, int linear) {
    this.block = block;
    this.tidX = tidX;
    this.tidY = tidY;
    this.tidZ = tidZ;
    this.linear = linear;
    this.lane = linear & 31;
    this.warp = linear >>> 5;
    this.local = new Region(StateSpace.LOCAL, 0, 0, "local memory of the thread");
  }

  /** The registers of the current frame. */
  public long[] registers() {
    return r;
  }

  /** {@code (x,y,z)} of this thread in its block. */
  String coordinates() {
    return "(" + tidX + "," + tidY + "," + tidZ + ")";
  }
}
