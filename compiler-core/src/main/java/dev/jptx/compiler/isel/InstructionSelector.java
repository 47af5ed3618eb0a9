package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.DagFunction;
import dev.jptx.compiler.dag.ParamSlot;
import dev.jptx.compiler.dag.PhiCopy;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.FunctionInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.PtxParam;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.KernelAbi;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.List;

/**
 * Instruction selection (seed: isel-constraint-table.md): covers each block's legal DAG with
 * machine instructions of the target table and produces SSA machine IR. The DAG's cross-block
 * registers become the first virtual registers (same ids), the DAG's blocks the machine blocks
 * (same order), and each IR phi a {@code PHI} at the top of its block.
 */
public final class InstructionSelector {
  private InstructionSelector() {}

  /** The machine function of {@code f}. */
  public static MachineFunction select(DagFunction f) {
    MachineFunction mf = new MachineFunction(info(f));
    for (RegisterClass c : f.registers()) {
      mf.newVReg(c);
    }
    List<MachineBlock> blocks = new ArrayList<>();
    for (int i = 0; i < f.blocks().size(); i++) {
      blocks.add(mf.addBlock());
    }
    for (SelectionDag dag : f.blocks()) {
      MachineBlock b = blocks.get(dag.block());
      for (PhiCopy p : f.phis(dag.block())) {
        List<MOperand> uses = new ArrayList<>();
        for (int k = 0; k < p.predecessors().size(); k++) {
          uses.add(new MOperand.Reg(new VReg(p.registers().get(k))));
          uses.add(new MOperand.BlockRef(p.predecessors().get(k)));
        }
        b.add(MachineInstr.of(MoveOpcodes.PHI, List.of(new VReg(p.result())), uses, 0));
      }
      new BlockSelector(mf, dag, b, f.target()).select();
    }
    return mf;
  }

  private static FunctionInfo info(DagFunction f) {
    List<PtxParam> params = new ArrayList<>();
    for (ParamSlot p : f.params()) {
      params.add(new PtxParam(p.symbol(), p.ptxType()));
    }
    FunctionAttributes a = f.attributes();
    List<Integer> maxThreads =
        a.maxThreads().map(t -> List.of(t.x(), t.y(), t.z())).orElse(List.of());
    return new FunctionInfo(
        f.name(),
        f.isEntry(),
        params,
        maxThreads,
        a.minBlocksPerSm(),
        a.maxRegisters(),
        a.sourceFile(),
        a.javaName(),
        f.returnType() instanceof VoidType ? "" : KernelAbi.deviceParamType(f.returnType()),
        f.frame().stream().map(s -> new FrameObject(s.symbol(), s.bytes(), s.align())).toList());
  }
}
