package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.JavaTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.RecordComponentNode;

/**
 * The records kernels use as values: a record whose components are primitives, or records of
 * primitives, is a tuple of values in translation, and no object of it exists at run time. This
 * class reads each record's components (in declaration order) from its class file, once.
 */
final class RecordTypes {
  /** One component: its name (the field and the accessor) and its Java type. */
  record Component(String name, Type type) {}

  /** A value record: its class and its components in declaration order. */
  record Layout(ClassNode node, List<Component> components) {
    /** The index of component {@code name}, or -1. */
    int indexOf(String name) {
      for (int k = 0; k < components.size(); k++) {
        if (components.get(k).name().equals(name)) {
          return k;
        }
      }
      return -1;
    }

    /** The Java name of the record class. */
    String javaName() {
      return node.name.replace('/', '.');
    }
  }

  private final TranslationUnit unit;
  private final Map<String, Layout> layouts = new HashMap<>();
  private final Set<String> inProgress = new HashSet<>();

  RecordTypes(TranslationUnit unit) {
    this.unit = unit;
  }

  /** True if {@code t} names a class that is a record (of whatever components). */
  boolean isRecord(Type t) {
    if (t == null || t.getSort() != Type.OBJECT) {
      return false;
    }
    ClassNode c = unit.classNode(t.getInternalName()).orElse(null);
    return c != null && "java/lang/Record".equals(c.superName);
  }

  /**
   * The layout of {@code t} if it is a record of primitives (nested records allowed); else null.
   */
  Layout layout(Type t) {
    if (!isRecord(t)) {
      return null;
    }
    String name = t.getInternalName();
    if (layouts.containsKey(name)) {
      return layouts.get(name);
    }
    if (!inProgress.add(name)) {
      return null; // a record that contains itself is never a value
    }
    ClassNode c = unit.classNode(name).orElseThrow();
    List<Component> components = new ArrayList<>();
    boolean values = true;
    for (RecordComponentNode rc :
        c.recordComponents == null ? List.<RecordComponentNode>of() : c.recordComponents) {
      Type ct = Type.getType(rc.descriptor);
      values &= JavaTypes.isPrimitive(ct) || layout(ct) != null;
      components.add(new Component(rc.name, ct));
    }
    inProgress.remove(name);
    Layout l = values ? new Layout(c, List.copyOf(components)) : null;
    layouts.put(name, l);
    return l;
  }

  /** True for a type a device function may take or return: a value record. */
  boolean isValue(Type t) {
    return layout(t) != null;
  }

  /** The primitive types of a record's components, nested records flattened, in order. */
  List<Type> leaves(Type t) {
    List<Type> out = new ArrayList<>();
    addLeaves(t, out);
    return out;
  }

  private void addLeaves(Type t, List<Type> out) {
    if (JavaTypes.isPrimitive(t)) {
      out.add(t);
      return;
    }
    for (Component c : layout(t).components()) {
      addLeaves(c.type(), out);
    }
  }

  /** Why {@code t}, a record, is not a value record (for a message). */
  String whyNotValue(Type t) {
    return "record "
        + t.getClassName()
        + " has a component that is neither a primitive nor a record of primitives";
  }
}
