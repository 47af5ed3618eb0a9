/**
 * The reference kernels of {@code benchmarks/cuda/kernels.cu} written as jptx kernels, with the
 * parameters, launch shapes and semantics of {@code benchmarks/cuda/README.md}; {@code nbody} and
 * {@code blackScholes} ({@link dev.jptx.bench.Physics}) use the device math library. Each PTX entry
 * is named like its CUDA kernel, so that {@code ptx-report --compare} matches them row by row.
 *
 * <p>The CUDA {@code const T* __restrict__} inputs are {@link dev.jptx.ReadOnly} arrays, {@code
 * unsigned} values are Java {@code int}s (bit patterns), {@code unsigned char} is {@code byte} read
 * as {@code b & 0xff}, {@code long long} is {@code long}. Java never contracts {@code a * b + c}
 * into a fused multiply-add, so every multiply-add chain here gives the README's "unfused" result
 * bit for bit. Like the CUDA code, the kernels carry no launch bounds: the comparison with nvcc is
 * like for like.
 */
package dev.jptx.bench;
