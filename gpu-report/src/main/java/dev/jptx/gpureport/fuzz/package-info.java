/**
 * The fuzz corpus: random kernels generated, compiled to PTX and run on the {@code jvm} device by
 * compiler-core's differential fuzzer ({@code -P fuzz-corpus}), shipped as data so that a host
 * without a JDK or the compiler can run them on a GPU and compare with the JVM's results. {@link
 * dev.jptx.gpureport.fuzz.FuzzCorpus} is the file, {@link dev.jptx.gpureport.fuzz.FuzzCase} one
 * kernel and its {@link dev.jptx.gpureport.fuzz.FuzzCase#run run} on a device.
 */
package dev.jptx.gpureport.fuzz;
