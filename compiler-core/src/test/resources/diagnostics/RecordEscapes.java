package diag;

import dev.jptx.Kernel;
import java.util.Objects;

public final class RecordEscapes {
  public record Float4(float x, float y, float z, float w) {}

  /** A compact constructor that validates: not a plain tuple. */
  public record Positive(float v) {
    public Positive {
      if (v < 0) {
        throw new IllegalArgumentException("negative");
      }
    }
  }

  /** A record with a component that is not a primitive. */
  public record Named(String name, float v) {}

  static Float4 last;

  static void keep(Object o) {}

  static final Float4 ORIGIN = new Float4(0f, 0f, 0f, 0f);

  @Kernel
  public static void storedInField(float[] out) {
    Float4 v = new Float4(out[0], 1f, 2f, 3f);
    last = v; //! error: record diag.RecordEscapes$Float4 stored in a field: records are values in kernels (no object exists at run time), so a record cannot be stored in a field or an array, compared with == or used as a lock
    out[1] = v.y();
  }

  @Kernel
  public static void storedInArray(float[] out) {
    Float4[] vs = new Float4[2]; //! error: arrays of records (diag.RecordEscapes$Float4[]) are not supported in kernels; use one primitive array per component
    vs[0] = new Float4(out[0], 1f, 2f, 3f);
    out[1] = vs[0].x();
  }

  @Kernel
  public static void comparedByReference(float[] out) {
    Float4 u = new Float4(out[0], 1f, 2f, 3f);
    Float4 v = new Float4(out[1], 1f, 2f, 3f);
    if (u == v) { //! error: record diag.RecordEscapes$Float4 compared with == or !=: records are values in kernels (no object exists at run time), so a record cannot be stored in a field or an array, compared with == or used as a lock
      out[2] = 1f;
    }
  }

  @Kernel
  public static void comparedWithNull(float[] out) {
    Float4 v = new Float4(out[0], 1f, 2f, 3f);
    if (v != null) { //! error: record diag.RecordEscapes$Float4 compared with null: records are values in kernels (no object exists at run time), so a record cannot be stored in a field or an array, compared with == or used as a lock
      out[2] = 1f;
    }
  }

  @Kernel
  public static void usedAsLock(float[] out) {
    Float4 v = new Float4(out[0], 1f, 2f, 3f);
    synchronized (v) { //! error: synchronized is not supported in kernels
      out[2] = v.x();
    }
  }

  @Kernel
  public static void generatedEquals(float[] out) {
    Float4 u = new Float4(out[0], 1f, 2f, 3f);
    Float4 v = new Float4(out[1], 1f, 2f, 3f);
    out[2] = u.equals(v) ? 1f : 0f; //! error: diag.RecordEscapes$Float4.equals is not supported in kernels: a record's equals, hashCode and toString are generated for objects; compare or print the components instead
    out[3] = u.hashCode(); //! error: diag.RecordEscapes$Float4.hashCode is not supported in kernels: a record's equals, hashCode and toString are generated for objects; compare or print the components instead
  }

  @Kernel
  public static void passedAsObject(float[] out) {
    Float4 v = new Float4(out[0], 1f, 2f, 3f);
    keep(v); //! error: device function diag.RecordEscapes.keep: parameters of type java.lang.Object are not supported (primitives, primitive arrays, arrays of primitive arrays and records of primitives are)
    out[1] = Objects.hashCode(v); //! error: JDK method java.util.Objects.hashCode is not supported in kernels
  }

  @Kernel
  public static void validatingConstructor(float[] out) {
    Positive p = new Positive(out[0]); //! error: the constructor of record diag.RecordEscapes$Positive (line 12) does more than assign its components; a record used in a kernel may only have constructors that assign (validate the values before creating the record)
    out[1] = p.v();
  }

  @Kernel
  public static void objectComponent(float[] out) {
    Named n = new Named("a", out[0]); //! error: record diag.RecordEscapes$Named has a component that is neither a primitive nor a record of primitives
    out[1] = n.v();
  }

  @Kernel
  public static void objectComponentParameter(Named n, float[] out) {
    out[1] = n.v(); //! error: parameter 1 (n) has type diag.RecordEscapes$Named; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives
  }

  @Kernel
  public static void staticConstant(float[] out) {
    Float4 o = ORIGIN; //! error: reading static field diag.RecordEscapes.ORIGIN of record type diag.RecordEscapes$Float4 is not supported in kernels: create the record in the kernel (new) instead
    out[0] = o.x();
  }
}
