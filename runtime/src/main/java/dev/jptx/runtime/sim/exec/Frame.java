package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.Region;

/**
 * One activation of a function on a thread: its registers, its {@code .param} space, the base of
 * its {@code .local} variables in the thread's local memory, and where to return.
 */
final class Frame {
  final Code code;
  final long[] r;
  final Region params;
  final int localBase;
  final Frame caller;
  final int returnPc;
  final CallSite site;

  Frame(
      Code code,
      long[] r,
      Region params,
      int localBase,
      Frame caller,
      int returnPc,
      CallSite site) {
    this.code = code;
    this.r = r;
    this.params = params;
    this.localBase = localBase;
    this.caller = caller;
    this.returnPc = returnPc;
    this.site = site;
  }
}
