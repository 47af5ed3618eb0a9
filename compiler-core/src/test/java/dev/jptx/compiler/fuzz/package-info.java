/**
 * Random differential testing of the whole compiler: {@link dev.jptx.compiler.fuzz.KernelGenerator}
 * writes random, well-formed {@code @Kernel} methods (seeded, {@link dev.jptx.compiler.fuzz.Feature
 * feature switches} say which constructs), {@link dev.jptx.compiler.fuzz.FuzzRunner} compiles them
 * with {@code javac}, jptx and {@code ptxas} and runs them on the jvm device and on the simulator,
 * {@link dev.jptx.compiler.fuzz.DifferentialFuzzTest} demands equal arrays, and {@link
 * dev.jptx.compiler.fuzz.Reducer} shrinks a kernel that fails.
 *
 * <pre>
 * ./mvnw -pl compiler-core test -Dtest='dev.jptx.compiler.fuzz.**'            # 200 kernels
 * ./mvnw -pl compiler-core test -Dtest='dev.jptx.compiler.fuzz.**' -P fuzz    # 3000 kernels
 * ./mvnw ... -Djptx.fuzz.seed=0x1f -Djptx.fuzz.count=1000                     # a given run
 * ./mvnw ... -Djptx.fuzz.kernel=0x9d99554627bf5a50                            # one kernel
 * ./mvnw ... -Djptx.fuzz.features=+SWITCH,+LOCAL_ARRAYS                       # more language
 * ./mvnw ... -Djptx.fuzz.keep=true -Djptx.fuzz.verbose=true                   # files, timings
 * </pre>
 */
package dev.jptx.compiler.fuzz;
