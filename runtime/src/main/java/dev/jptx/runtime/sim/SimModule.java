package dev.jptx.runtime.sim;

import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.internal.KernelArguments;
import dev.jptx.runtime.sim.exec.KernelEntry;
import dev.jptx.runtime.sim.exec.Program;

/**
 * A raw PTX module loaded into the simulator: each launch argument is exactly one {@code .param}
 * (an array or device array becomes its device address, a boxed primitive its value, which must
 * have the parameter's size).
 */
final class SimModule implements PtxModule {
  private final SimDevice device;
  private final Program program;

  SimModule(SimDevice device, Program program) {
    this.device = device;
    this.program = program;
  }

  @Override
  public void launch(String entryName, Launch launch, Object... args) {
    KernelEntry entry = program.entry(entryName);
    if (entry == null) {
      throw new IllegalArgumentException(
          "the module has no entry " + entryName + "; its entries: " + program.entryNames());
    }
    Object[] actual = args == null ? new Object[] {null} : args;
    device.run(
        launch,
        entry,
        program,
        () -> {
          ParamBuffer p = new ParamBuffer(device, entry);
          for (int i = 0; i < actual.length; i++) {
            Object a = actual[i];
            if (KernelArguments.isArray(a)) {
              p.put(i, 8, p.address(a, true), "an array (a device address)");
            } else {
              p.putValue(i, a);
            }
          }
          if (actual.length != entry.paramCount()) {
            throw new IllegalArgumentException(
                "entry "
                    + entryName
                    + " has "
                    + entry.paramCount()
                    + " parameters, but "
                    + actual.length
                    + " arguments were given");
          }
          return p;
        });
  }

  @Override
  public void close() {
    program.free();
  }
}
