package org.boardlab.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.core.Application;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code boardlab workbench}: opens the SWT workbench (the default command). */
@Command(name = "workbench", mixinStandardHelpOptions = true,
        description = "Open the workbench window (what boardlab does when no command is given).")
public final class WorkbenchCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Parameters(arity = "0..*", hidden = true)
    List<String> rest = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Application workbench = cli.services().application("workbench").orElseThrow(() -> new IllegalStateException(
                "the workbench bundle (boardlab.workbench) is not installed; the headless commands still work: boardlab --help"));
        return workbench.run(rest);
    }
}
