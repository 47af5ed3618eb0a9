/**
 * The calls that become IR of their own, one table per family: the device API {@code dev.jptx.Gpu}
 * ({@code GpuIntrinsics}, with {@code BarrierIntrinsics}, {@code SharedMemory}, {@code
 * AtomicIntrinsics}, {@code WarpIntrinsics}, {@code HalfIntrinsics}), the JDK methods API.md lists
 * ({@code JdkIntrinsics}) and the methods the device library implements ({@code LibraryCalls}).
 * {@code Intrinsics} is the translation's {@code IntrinsicTranslator} over all of them; the tables
 * use the translation's state ({@code frontend.translate}), never the other way round.
 */
package dev.jptx.compiler.frontend.intrinsics;
