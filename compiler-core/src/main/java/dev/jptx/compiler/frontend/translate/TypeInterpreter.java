package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.frontend.classes.KernelScanner;
import dev.jptx.compiler.ir.AddressSpace;
import java.util.List;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * Our interpreter for ASM's {@code Analyzer}: it computes the Java type of every local and stack
 * slot before each instruction. The translator needs these types where bytecode does not say them
 * (the element type behind {@code baload}, the type of a value merged at a join), and it reads
 * every value itself, so types are all this interpreter tracks.
 */
public final class TypeInterpreter extends Interpreter<SlotType> implements Opcodes {
  private static final SlotType INT = new SlotType(Type.INT_TYPE);
  private static final SlotType LONG = new SlotType(Type.LONG_TYPE);
  private static final SlotType FLOAT = new SlotType(Type.FLOAT_TYPE);
  private static final SlotType DOUBLE = new SlotType(Type.DOUBLE_TYPE);

  private final AddressSpace parameterSpace;
  private final java.util.function.Function<FieldInsnNode, AddressSpace> staticSpace;

  /** An interpreter for types alone (array spaces default to global). */
  public TypeInterpreter() {
    this(AddressSpace.GLOBAL, f -> AddressSpace.CONST);
  }

  /**
   * An interpreter that also tracks array spaces: parameter arrays are in {@code parameterSpace}, a
   * {@code static final} array where {@code staticSpace} puts it.
   */
  TypeInterpreter(
      AddressSpace parameterSpace,
      java.util.function.Function<FieldInsnNode, AddressSpace> staticSpace) {
    super(ASM9);
    this.parameterSpace = parameterSpace;
    this.staticSpace = staticSpace;
  }

  @Override
  public SlotType newParameterValue(boolean isInstanceMethod, int local, Type type) {
    return withSpace(newValue(type), parameterSpace);
  }

  private static SlotType withSpace(SlotType t, AddressSpace space) {
    return t != null && t.type() != null && t.type().getSort() == Type.ARRAY
        ? new SlotType(t.type(), space)
        : t;
  }

  @Override
  public SlotType newValue(Type type) {
    if (type == null) {
      return SlotType.UNUSABLE;
    }
    return switch (type.getSort()) {
      case Type.VOID -> null;
      case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> INT;
      case Type.LONG -> LONG;
      case Type.FLOAT -> FLOAT;
      case Type.DOUBLE -> DOUBLE;
      default -> new SlotType(type);
    };
  }

  @Override
  public SlotType newOperation(AbstractInsnNode insn) {
    return switch (insn.getOpcode()) {
      case ACONST_NULL -> SlotType.NULL;
      case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5 -> INT;
      case BIPUSH, SIPUSH -> INT;
      case LCONST_0, LCONST_1 -> LONG;
      case FCONST_0, FCONST_1, FCONST_2 -> FLOAT;
      case DCONST_0, DCONST_1 -> DOUBLE;
      case LDC -> constantType(((LdcInsnNode) insn).cst);
      case GETSTATIC ->
          withSpace(
              newValue(Type.getType(((FieldInsnNode) insn).desc)),
              staticSpace.apply((FieldInsnNode) insn));
      case NEW -> newValue(Type.getObjectType(((TypeInsnNode) insn).desc));
      default -> throw new IllegalArgumentException("unexpected instruction " + insn.getOpcode());
    };
  }

  private SlotType constantType(Object cst) {
    if (cst instanceof Integer) {
      return INT;
    } else if (cst instanceof Float) {
      return FLOAT;
    } else if (cst instanceof Long) {
      return LONG;
    } else if (cst instanceof Double) {
      return DOUBLE;
    } else if (cst instanceof String) {
      return newValue(Type.getObjectType("java/lang/String"));
    } else if (cst instanceof Type t) {
      return newValue(
          t.getSort() == Type.METHOD
              ? Type.getObjectType("java/lang/invoke/MethodType")
              : Type.getObjectType("java/lang/Class"));
    } else if (cst instanceof Handle) {
      return newValue(Type.getObjectType("java/lang/invoke/MethodHandle"));
    }
    return newValue(Type.getObjectType("java/lang/Object"));
  }

  @Override
  public SlotType copyOperation(AbstractInsnNode insn, SlotType value) {
    return value;
  }

  @Override
  public SlotType unaryOperation(AbstractInsnNode insn, SlotType value) {
    return switch (insn.getOpcode()) {
      case INEG, IINC, L2I, F2I, D2I, I2B, I2C, I2S, ARRAYLENGTH, INSTANCEOF -> INT;
      case FNEG, I2F, L2F, D2F -> FLOAT;
      case LNEG, I2L, F2L, D2L -> LONG;
      case DNEG, I2D, L2D, F2D -> DOUBLE;
      case GETFIELD -> newValue(Type.getType(((FieldInsnNode) insn).desc));
      case NEWARRAY ->
          withSpace(
              newValue(Type.getType("[" + primitiveDescriptor(((IntInsnNode) insn).operand))),
              AddressSpace.LOCAL);
      case ANEWARRAY ->
          // only printf's argument array survives translation: a local buffer
          withSpace(
              newValue(Type.getType("[" + Type.getObjectType(((TypeInsnNode) insn).desc))),
              AddressSpace.LOCAL);
      case CHECKCAST -> newValue(Type.getObjectType(((TypeInsnNode) insn).desc));
      default -> null;
    };
  }

  private static String primitiveDescriptor(int newArrayOperand) {
    return switch (newArrayOperand) {
      case T_BOOLEAN -> "Z";
      case T_CHAR -> "C";
      case T_BYTE -> "B";
      case T_SHORT -> "S";
      case T_INT -> "I";
      case T_FLOAT -> "F";
      case T_DOUBLE -> "D";
      case T_LONG -> "J";
      default -> throw new IllegalArgumentException("bad newarray type " + newArrayOperand);
    };
  }

  @Override
  public SlotType binaryOperation(AbstractInsnNode insn, SlotType value1, SlotType value2) {
    return switch (insn.getOpcode()) {
      case IALOAD,
          BALOAD,
          CALOAD,
          SALOAD,
          IADD,
          ISUB,
          IMUL,
          IDIV,
          IREM,
          ISHL,
          ISHR,
          IUSHR,
          IAND,
          IOR,
          IXOR,
          LCMP,
          FCMPL,
          FCMPG,
          DCMPL,
          DCMPG ->
          INT;
      case FALOAD, FADD, FSUB, FMUL, FDIV, FREM -> FLOAT;
      case LALOAD, LADD, LSUB, LMUL, LDIV, LREM, LSHL, LSHR, LUSHR, LAND, LOR, LXOR -> LONG;
      case DALOAD, DADD, DSUB, DMUL, DDIV, DREM -> DOUBLE;
      case AALOAD ->
          // a row lives where its array of arrays does
          value1.type() != null && value1.type().getSort() == Type.ARRAY
              ? withSpace(
                  newValue(Type.getType(value1.type().getDescriptor().substring(1))),
                  value1.space())
              : SlotType.UNUSABLE;
      default -> null;
    };
  }

  @Override
  public SlotType ternaryOperation(
      AbstractInsnNode insn, SlotType value1, SlotType value2, SlotType value3) {
    return null;
  }

  @Override
  public SlotType naryOperation(AbstractInsnNode insn, List<? extends SlotType> values) {
    if (insn instanceof MultiANewArrayInsnNode m) {
      return withSpace(newValue(Type.getType(m.desc)), AddressSpace.LOCAL);
    } else if (insn instanceof InvokeDynamicInsnNode d) {
      return newValue(Type.getReturnType(d.desc));
    }
    MethodInsnNode m = (MethodInsnNode) insn;
    // the Gpu methods that return arrays return shared memory
    AddressSpace space =
        m.owner.equals(KernelScanner.GPU) ? AddressSpace.SHARED : AddressSpace.GENERIC;
    return withSpace(newValue(Type.getReturnType(m.desc)), space);
  }

  @Override
  public void returnOperation(AbstractInsnNode insn, SlotType value, SlotType expected) {
    // nothing to record: the translator checks returns itself
  }

  @Override
  public SlotType merge(SlotType a, SlotType b) {
    if (a.equals(b)) {
      return a;
    }
    if (a.type() != null && a.type().equals(b.type()) && a.type().getSort() == Type.ARRAY) {
      // one array type from different spaces: only a generic address holds either
      return new SlotType(a.type(), AddressSpace.GENERIC);
    }
    if (a.isReference() && b.isReference()) {
      if (a.equals(SlotType.NULL)) {
        return b;
      }
      if (b.equals(SlotType.NULL)) {
        return a;
      }
      return newValue(Type.getObjectType("java/lang/Object"));
    }
    return SlotType.UNUSABLE;
  }
}
