package io.vaultstream.cli;

import io.vaultstream.model.Link;
import io.vaultstream.model.ModelChanges;
import io.vaultstream.model.ModelException;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.ModelProblem;
import io.vaultstream.model.ModelWarnings;
import io.vaultstream.model.VaultModel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultstream validate MODEL}: checks a model and reports every problem. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = "Checks a vault model (JSON or YAML) and reports every problem with its path.",
    footer = {
      "",
      "Exit codes: 0 valid, 1 the model has problems, 2 a file cannot be read, 3 valid but, against"
          + " --previous, it re-keys or re-hashes tables already loaded."
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The model file.")
  Path model;

  @Option(
      names = "--previous",
      paramLabel = "OLD-MODEL",
      description =
          "The model the vault was loaded with: lists what the new model changes in it (keys or"
              + " hash diffs of stored rows, tables no longer loaded).")
  Path previous;

  /**
   * The topic each source is read from, and a note when some look unlike Debezium's: its connectors
   * name a table's topic {@code <topic.prefix>.<schema or database>.<table>}, so a model's {@code
   * topicPrefix} is the connector's {@code topic.prefix} followed by the schema.
   */
  private static void topics(VaultModel m, PrintWriter out) {
    out.println("Topics:");
    List<String> short_ = new java.util.ArrayList<>();
    for (var s : m.sources().values()) {
      out.printf("  %s <- %s%n", s.name(), s.topic());
      if (s.topic().chars().filter(c -> c == '.').count() < 2) {
        short_.add(s.topic());
      }
    }
    if (!short_.isEmpty()) {
      out.printf(
          "  note: %s %s not named as Debezium names topics (<topic.prefix>.<schema>.<table>);"
              + " for a Debezium source, topicPrefix is the connector's topic.prefix followed by"
              + " the schema, e.g. \"shop.public\"%n",
          String.join(", ", short_), short_.size() == 1 ? "is" : "are");
    }
  }

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
      summary(m, out);
      topics(m, out);
      warnings(m, out);
      return previous == null ? 0 : compare(m, out);
    } catch (ModelException e) {
      err.printf("%s: %d problem(s)%n", model, e.problems().size());
      for (ModelProblem p : e.problems()) {
        err.printf("  %s: %s%n", p.path(), p.message());
      }
      return VaultStreamCli.PROBLEMS;
    }
  }

  /** That the model is valid, with what it holds and how it hashes. */
  private void summary(VaultModel m, PrintWriter out) {
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
  }

  /** What is legal in the model but likely a mistake, when there is any. */
  private static void warnings(VaultModel m, PrintWriter out) {
    List<ModelProblem> warnings = ModelWarnings.of(m);
    if (!warnings.isEmpty()) {
      out.printf("%d warning(s):%n", warnings.size());
      for (ModelProblem w : warnings) {
        out.printf("  warning: %s: %s%n", w.path(), w.message());
      }
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

  /** Lists what the model changes against the previous one; 3 when stored rows are affected. */
  private int compare(VaultModel m, PrintWriter out) {
    VaultModel old;
    try {
      old = ModelLoader.load(previous);
    } catch (ModelException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.printf("%s (--previous): %d problem(s)%n", previous, e.problems().size());
      e.problems().forEach(p -> err.printf("  %s: %s%n", p.path(), p.message()));
      return VaultStreamCli.PROBLEMS;
    }
    List<ModelChanges.Change> changes = ModelChanges.between(old, m);
    if (changes.isEmpty()) {
      out.printf("Against %s: nothing loaded changes.%n", previous);
      return 0;
    }
    out.printf("Against %s:%n", previous);
    for (ModelChanges.Change c : changes) {
      out.printf("  %s %s: %s%n", c.breaking() ? "BREAKING" : "note", c.table(), c.message());
    }
    return changes.stream().anyMatch(ModelChanges.Change::breaking) ? CHANGES_STORED_ROWS : 0;
  }

  /** The exit code of a valid model that re-keys or re-hashes stored rows. */
  static final int CHANGES_STORED_ROWS = 3;
}
