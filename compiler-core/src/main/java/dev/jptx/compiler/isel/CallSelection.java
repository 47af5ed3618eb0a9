package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.mir.FunctionInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.target.KernelAbi;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;

/**
 * Calls and returns of device functions: a {@code CALL} takes its arguments in registers (the
 * printer writes the {@code .param} sequence around it); a return with a value stores it into the
 * function's return parameter first.
 */
final class CallSelection {
  private CallSelection() {}

  static void planCall(BlockSelector s, SdNode n) {
    List<SdValue> args = n.operands().subList(1, n.operands().size());
    args.forEach(s::needRegister);
    boolean hasResult = !(n.resultTypes().get(0) instanceof VoidType);
    s.plan(
        n,
        () -> {
          List<MOperand> uses = new ArrayList<>();
          uses.add(new MOperand.Sym(n.attrs().name()));
          args.forEach(a -> uses.add(s.reg(a)));
          s.emit(MoveOpcodes.CALL, hasResult ? s.def(n.value(0)) : null, uses, n.line());
        });
  }

  static void planReturn(BlockSelector s, SdNode n) {
    if (n.operands().size() == 1) {
      s.plan(n, () -> s.emit(MoveOpcodes.RET, null, List.of(), n.line()));
      return;
    }
    SdValue v = n.operand(1);
    s.needRegister(v);
    s.plan(
        n,
        () -> {
          String type =
              KernelAbi.deviceParamType(v.type() == ScalarType.I1 ? ScalarType.I32 : v.type());
          s.emit(
              MemorySelection.storeParam(type),
              null,
              List.of(new MOperand.Sym(FunctionInfo.RETURN_PARAM), MOperand.imm(0), s.reg(v)),
              n.line());
          s.emit(MoveOpcodes.RET, null, List.of(), n.line());
        });
  }
}
