package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.AddressWidths;
import dev.jptx.compiler.target.RegisterClass;
import java.util.List;

/**
 * An access to a state space whose addresses are 32 bits wide ({@code .shared}: {@link
 * AddressWidths}) is addressed by a 32-bit register: {@code ld.shared.f32 %f1, [%r5]}, as nvcc
 * writes it, not {@code [%rd5]}. A 64-bit address there costs a register pair and 64-bit index
 * arithmetic for nothing, and means instruction selection lost the address width of the space. The
 * access's space is its first modifier ({@code ld}, {@code st}, {@code atom}, {@code red}), its
 * address the operand in brackets; a register's width is its class's, known by its name prefix
 * ({@code %rd} is {@code .b64}). A symbol address ({@code [smem+4]}) is left alone.
 */
final class SharedAddressRule implements LintRule {
  private static final List<String> ACCESSES = List.of("ld", "st", "atom", "red");

  @Override
  public void check(PtxFunctionBody f, List<LintFinding> out) {
    for (PtxStatement s : f.statements()) {
      if (!ACCESSES.contains(s.base()) || s.modifiers().isEmpty()) {
        continue;
      }
      String space = s.modifiers().get(0);
      RegisterClass wanted = AddressWidths.registerClassOf(space);
      if (wanted == null || wanted.bits() == 64) {
        continue;
      }
      String register = addressRegister(s);
      RegisterClass used = register == null ? null : classOf(register);
      if (used != null && used.bits() != wanted.bits()) {
        out.add(
            new LintFinding(
                f.name(),
                s.line(),
                s.text(),
                PtxLint.SHARED_ADDRESS,
                "."
                    + space
                    + " addresses are "
                    + wanted.bits()
                    + " bits wide, but "
                    + register
                    + " is a "
                    + used.bits()
                    + "-bit register: address ."
                    + space
                    + " memory with a "
                    + wanted.declaredType()
                    + " register"));
      }
    }
  }

  /**
   * The register of the bracketed address operand ({@code %rd2} of {@code [%rd2+512]}), or null.
   */
  private static String addressRegister(PtxStatement s) {
    for (String o : s.operands()) {
      if (o.startsWith("[") && o.length() > 2 && o.charAt(1) == '%') {
        int end = 2;
        while (end < o.length() && Character.isLetterOrDigit(o.charAt(end))) {
          end++;
        }
        return o.substring(1, end);
      }
    }
    return null;
  }

  /** The register class whose prefix names {@code register} ({@code %rd12}: b64), or null. */
  private static RegisterClass classOf(String register) {
    int end = register.length();
    while (end > 0 && Character.isDigit(register.charAt(end - 1))) {
      end--;
    }
    String prefix = register.substring(0, end);
    for (RegisterClass c : RegisterClass.values()) {
      if (c.prefix().equals(prefix)) {
        return c;
      }
    }
    return null;
  }
}
