/**
 * The compile-time scaling benchmark of issue #20: generated kernels of growing size in five
 * shapes, compiled through the pipeline, with the time and memory each took.
 */
package dev.jptx.bench.scaling;
