package io.vaultstream.cli;

import io.vaultstream.model.Link;
import io.vaultstream.model.ModelException;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.ModelProblem;
import io.vaultstream.model.VaultModel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultstream validate MODEL}: checks a model and reports every problem. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = "Checks a vault model (JSON or YAML) and reports every problem with its path.",
    footer = {"", "Exit codes: 0 valid, 1 the model has problems, 2 the file cannot be read."})
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The model file.")
  Path model;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!Files.isReadable(model)) {
      err.println("vaultstream: cannot read the model file " + model);
      return VaultStreamCli.USAGE;
    }
    try {
      VaultModel m = ModelLoader.load(model);
      long nhl = m.links().values().stream().filter(Link::nonHistorized).count();
      out.printf(
          "%s: model '%s' is valid: %d sources, %d hubs, %d links, %d non-historized links, %d satellites,"
              + " %d reference tables%s; hashing %s with %s%n",
          model,
          m.name(),
          m.sources().size(),
          m.hubs().size(),
          m.links().size() - nhl,
          nhl,
          m.satellites().size(),
          m.referenceTables().size(),
          tracking(m),
          m.hashing().profile().id(),
          m.hashing().algorithm().jcaName());
      return 0;
    } catch (ModelException e) {
      err.printf("%s: %d problem(s)%n", model, e.problems().size());
      for (ModelProblem p : e.problems()) {
        err.printf("  %s: %s%n", p.path(), p.message());
      }
      return VaultStreamCli.PROBLEMS;
    }
  }

  /** The effectivity and status satellites, when the model has any. */
  private static String tracking(VaultModel m) {
    if (m.effectivitySatellites().isEmpty() && m.statusSatellites().isEmpty()) {
      return "";
    }
    return String.format(
        ", %d effectivity satellites, %d status satellites",
        m.effectivitySatellites().size(), m.statusSatellites().size());
  }
}
