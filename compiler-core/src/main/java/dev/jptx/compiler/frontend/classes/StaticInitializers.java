package dev.jptx.compiler.frontend.classes;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * The static fields of every class a build reads, each class's initializer run once ({@link
 * ClinitEvaluator}). An initializer may read the {@code static final} fields of other classes: the
 * JVM runs the other class's initializer first, and so does this, unless that initializer is
 * already running — classes whose initializers read each other's fields see defaults or final
 * values depending on which class the program touches first, so such a read stops the run instead.
 */
public final class StaticInitializers {
  private final Function<String, Optional<ClassNode>> classes;
  private final Map<String, Map<String, Object>> done = new HashMap<>();
  private final Set<String> running = new LinkedHashSet<>();

  public StaticInitializers(Function<String, Optional<ClassNode>> classes) {
    this.classes = classes;
  }

  /** The known values of {@code c}'s static fields, as {@link ClinitEvaluator#evaluate} gives. */
  public Map<String, Object> of(ClassNode c) {
    Map<String, Object> known = done.get(c.name);
    if (known == null) {
      running.add(c.name);
      try {
        known = ClinitEvaluator.evaluate(c, this);
      } finally {
        running.remove(c.name);
      }
      done.put(c.name, known);
    }
    return known;
  }

  Optional<ClassNode> classNode(String internalName) {
    return classes.apply(internalName);
  }

  /**
   * What {@code getstatic owner.name} reads in another class's initializer: a {@code Long} bit
   * pattern or an array, the owner's initializer run first.
   */
  Object field(String owner, String name, int line) throws ClinitInterpreter.Stop {
    String shown = owner.replace('/', '.') + "." + name;
    ClassNode c = classes.apply(owner).orElse(null);
    FieldNode f = c == null ? null : ClassMembers.field(c, name);
    if (f == null) {
      throw new ClinitInterpreter.Stop("reads " + shown + ", which is not on the class path", line);
    }
    int staticFinal = Opcodes.ACC_STATIC | Opcodes.ACC_FINAL;
    if ((f.access & staticFinal) != staticFinal) {
      throw new ClinitInterpreter.Stop(
          "reads " + shown + ", which is not static final: its value depends on what ran before",
          line);
    }
    if (f.value != null) {
      return ClinitEvaluator.bitsOf(f.value);
    }
    if (running.contains(owner)) {
      throw new ClinitInterpreter.Stop(
          "reads "
              + shown
              + " back, and classes whose initializers read each other's fields see values that"
              + " depend on which the program uses first",
          line);
    }
    Object v = of(c).get(name);
    if (v instanceof ClinitEvaluator.Unevaluated u) {
      throw new ClinitInterpreter.Stop(
          "reads "
              + shown
              + ", which jptx cannot evaluate ("
              + (u.line() > 0 ? "line " + u.line() + " of its initializer: " : "")
              + "it "
              + u.why()
              + ")",
          line);
    }
    if (v == null) {
      throw new ClinitInterpreter.Stop(
          "reads " + shown + ", which is not a primitive or a primitive array", line);
    }
    return v;
  }
}
