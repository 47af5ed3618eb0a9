/**
 * The device library: Java implementations of operations PTX has no instruction for, compiled by
 * jptx itself into device functions of every module that uses them. Plain static methods on
 * primitives, so the same code runs (and is tested) on the JVM.
 */
package dev.jptx.compiler.libdevice;
