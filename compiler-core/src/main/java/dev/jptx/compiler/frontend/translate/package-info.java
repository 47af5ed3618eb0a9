/**
 * Bytecode to SSA IR, one method at a time: {@code KernelTranslator} and {@code DeviceFunctions}
 * set up a function and hand its body to {@code MethodTranslator}, which runs ASM's analyzer with
 * {@code TypeInterpreter}, splits the code into {@code BytecodeBlocks} and walks them with the
 * per-bytecode translators ({@code StackTranslator}, {@code ArithmeticTranslator}, {@code
 * MemoryTranslator}, {@code InvokeTranslator}), letting {@code SsaBuilder} turn locals and stack
 * slots into SSA values. {@code TranslationContext} (one method) and {@code TranslationUnit} (one
 * class) hold the state the parts share. Calls that are intrinsics are translated through {@code
 * IntrinsicTranslator}, whose tables live in {@code frontend.intrinsics}; printf is not one of
 * them, since its varargs array shapes the translation of the whole method ({@code PrintfCalls}).
 */
package dev.jptx.compiler.frontend.translate;
