package dev.jptx.compiler.frontend.translate;

import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The static calls that become IR of their own instead of calls of device functions: the device API
 * ({@code dev.jptx.Gpu}), the methods the device library implements and the JDK methods API.md
 * lists. The translator asks before anything else is tried; the tables live in {@code
 * frontend.intrinsics}, which the entry point hands to each translation unit.
 */
public interface IntrinsicTranslator {
  /**
   * Translates the static call {@code call} at {@code cx}'s position: pops its arguments, pushes
   * its result. False, touching nothing, if it is no intrinsic.
   */
  boolean translate(TranslationContext cx, MethodInsnNode call);
}
