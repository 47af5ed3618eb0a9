/**
 * A whole build, as the Maven plugin and {@code jptx compile} run it ({@code Build}): the kernel
 * classes of the inputs, each compiled by the driver's {@code Pipeline} unless its stamp says
 * nothing it depends on changed ({@code IncrementalState}, {@code BuildStamp}), validated, then
 * written with their index ({@code ModuleLayout}, {@code AtomicFiles}, {@code TargetOwnership}),
 * and what happened ({@code BuildReport}). The build uses the driver; the driver knows nothing of
 * files, stamps or indexes.
 */
package dev.jptx.compiler.build;
