package dev.jptx.compiler.frontend.classes;

import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/** A class's methods and fields by name, as the class file declares them (nothing inherited). */
public final class ClassMembers {
  private ClassMembers() {}

  /** A method of a class, or null. */
  public static MethodNode method(ClassNode c, String name, String descriptor) {
    for (MethodNode m : c.methods) {
      if (m.name.equals(name) && m.desc.equals(descriptor)) {
        return m;
      }
    }
    return null;
  }

  /** A field of a class, or null. */
  public static FieldNode field(ClassNode c, String name) {
    for (FieldNode f : c.fields) {
      if (f.name.equals(name)) {
        return f;
      }
    }
    return null;
  }
}
