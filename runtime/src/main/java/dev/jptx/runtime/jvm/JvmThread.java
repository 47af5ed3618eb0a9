package dev.jptx.runtime.jvm;

import dev.jptx.spi.BarrierOp;
import dev.jptx.spi.KernelThread;
import dev.jptx.spi.SharedSite;
import dev.jptx.spi.ShuffleMode;
import dev.jptx.spi.VoteMode;
import java.io.PrintStream;

/** One GPU thread on the JVM device: its coordinates, and the rendezvous of its block and warp. */
final class JvmThread implements KernelThread {
  final BlockRun block;
  final int linear;
  final int x;
  final int y;
  final int z;
  final int warp;
  final int lane;

  /** The lanes of this thread's warp it has seen exit: set at each completed barrier. */
  int seenExited;

  final Worker worker;

  JvmThread(BlockRun block, int linear, Worker worker) {
    this.block = block;
    this.worker = worker;
    this.linear = linear;
    int bx = block.launch.block.x();
    int by = block.launch.block.y();
    this.x = linear % bx;
    this.y = linear / bx % by;
    this.z = linear / bx / by;
    this.warp = linear / 32;
    this.lane = linear % 32;
  }

  String coordinates() {
    return "(" + x + "," + y + "," + z + ")";
  }

  @Override
  public int threadIdxX() {
    return x;
  }

  @Override
  public int threadIdxY() {
    return y;
  }

  @Override
  public int threadIdxZ() {
    return z;
  }

  @Override
  public int blockIdxX() {
    return block.blockX;
  }

  @Override
  public int blockIdxY() {
    return block.blockY;
  }

  @Override
  public int blockIdxZ() {
    return block.blockZ;
  }

  @Override
  public int blockDimX() {
    return block.launch.block.x();
  }

  @Override
  public int blockDimY() {
    return block.launch.block.y();
  }

  @Override
  public int blockDimZ() {
    return block.launch.block.z();
  }

  @Override
  public int gridDimX() {
    return block.launch.grid.x();
  }

  @Override
  public int gridDimY() {
    return block.launch.grid.y();
  }

  @Override
  public int gridDimZ() {
    return block.launch.grid.z();
  }

  @Override
  public int laneId() {
    return lane;
  }

  @Override
  public int barrier(BarrierOp op, boolean predicate) {
    return block.barrier(this, op, predicate);
  }

  @Override
  public long shuffle(ShuffleMode mode, int mask, long bits, int operand) {
    return block.warp(warp).shuffle(this, mode, mask, bits, operand);
  }

  @Override
  public int vote(VoteMode mode, int mask, boolean predicate) {
    return block.warp(warp).vote(this, mode, mask, predicate);
  }

  @Override
  public void syncWarp(int mask) {
    block.warp(warp).sync(this, mask);
  }

  @Override
  public int activeMask() {
    return block.warp(warp).activeMask(this);
  }

  @Override
  public Object sharedArray(SharedSite site, Class<?> elementType, int length) {
    return block.shared.array(site, elementType, length);
  }

  @Override
  public Object dynamicSharedArray(Class<?> elementType) {
    return block.shared.dynamic(elementType);
  }

  @Override
  public void print(String text) {
    PrintStream out = System.out; // read per call, so that a redirected System.out is honoured
    synchronized (out) {
      out.print(text);
      out.flush();
    }
  }
}
