package dev.jptx.compiler.mir;

/** A predicate guard, {@code @%p1} or {@code @!%p1}: the instruction runs only if it holds. */
public record Guard(VReg predicate, boolean negated) {}
