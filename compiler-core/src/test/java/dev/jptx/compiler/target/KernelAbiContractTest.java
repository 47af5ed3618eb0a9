package dev.jptx.compiler.target;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.spi.KernelAbi;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodNode;

/**
 * The entry the compiler declares for a kernel is what the ABI codec, which the runtime marshals
 * arguments by, says for the kernel's Java parameters: every type, in order.
 */
class KernelAbiContractTest {
  @Test
  void everyParameterType_declaredAsTheCodecSays() {
    String cls = "dev.jptx.compiler.testkernels.Params";
    var node = TestClasses.node(cls);
    var result =
        new Pipeline(CompilerOptions.defaults(), DumpSink.NONE)
            .compile(node, TestClasses.classPath(), new Diagnostics());
    String ptx = result.modules().values().iterator().next();
    for (String method : List.of("everyType", "narrowArrays")) {
      MethodNode m = node.methods.stream().filter(x -> x.name.equals(method)).findFirst().get();
      List<String> expected = new ArrayList<>();
      for (Type t : Type.getArgumentTypes(m.desc)) {
        KernelAbi.params(t.getDescriptor()).forEach(p -> expected.add(p.ptxType()));
      }
      String entry = method.equals("everyType") ? "allParams" : method;
      assertEquals(expected, declared(ptx, entry), entry);
    }
  }

  @Test
  void arrayOfArrays_isTwoAddressesThenTheRowCount() {
    var node = TestClasses.node("dev.jptx.compiler.testkernels.ArraysOfArrays");
    String ptx =
        new Pipeline(CompilerOptions.defaults(), DumpSink.NONE)
            .compile(node, TestClasses.classPath(), new Diagnostics())
            .modules()
            .values()
            .iterator()
            .next();
    assertEquals(List.of(".u64", ".u64", ".s32", ".u64", ".s32", ".f32"), declared(ptx, "rowSums"));
    assertEquals(List.of(".u64", ".u64", ".s32", ".s64"), declared(ptx, "addOne"));
  }

  @Test
  void recordParameters_declaredAsTheirComponentsInDeclarationOrder() {
    var node = TestClasses.node("dev.jptx.compiler.testkernels.Records");
    var result =
        new Pipeline(CompilerOptions.defaults(), DumpSink.NONE)
            .compile(node, TestClasses.classPath(), new Diagnostics());
    String ptx = result.modules().values().iterator().next();
    // parameters(int n, Float4 bias, Mixed m, Wide w, float[] out, long[] bits), where
    // Mixed(boolean, byte, short, char, int, long, double, Pair(int, float)) and
    // Wide(byte, double, char)
    assertEquals(
        List.of(
            ".s32", // n
            ".f32", ".f32", ".f32", ".f32", // bias
            ".u8", ".s8", ".s16", ".u16", ".s32", ".s64", ".f64", ".s32", ".f32", // m
            ".s8", ".f64", ".u16", // w
            ".u64", ".s32", // out
            ".u64", ".s32"), // bits
        declared(ptx, "parameters"));
  }

  /** The declared types of the parameters of {@code .entry name}. */
  private static List<String> declared(String ptx, String name) {
    int start = ptx.indexOf(".entry " + name + "(");
    String params = ptx.substring(start, ptx.indexOf(')', start));
    List<String> types = new ArrayList<>();
    Matcher m = Pattern.compile("\\.param (\\.\\w+) ").matcher(params);
    while (m.find()) {
      types.add(m.group(1));
    }
    return types;
  }
}
