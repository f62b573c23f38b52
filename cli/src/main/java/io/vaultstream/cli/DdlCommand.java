package io.vaultstream.cli;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultstream ddl MODEL}: prints the SQL that creates every vault table. */
@Command(
    name = "ddl",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the SQL that creates every vault table and its ghost records, for review or to run by hand.",
      "Every statement is idempotent (IF NOT EXISTS, and ghost records are inserted only when"
          + " missing).",
      "No database is needed: --dialect (or --jdbc-url) chooses the SQL dialect."
    })
final class DdlCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The model file.")
  Path model;

  @Option(
      names = "--schema",
      description = "Schema of the vault tables (default: unqualified names).")
  String schema;

  @Option(
      names = "--dialect",
      description =
          "SQL dialect: postgresql or mariadb (default: the one of --jdbc-url when given, else"
              + " postgresql).")
  String dialect;

  @Option(
      names = "--jdbc-url",
      description =
          "JDBC URL of the vault database, only to choose the dialect (no connection is made).")
  String jdbcUrl;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    VaultModel m = ModelLoader.load(model);
    VaultDialect d =
        CliDialect.of(jdbcUrl, dialect == null && jdbcUrl == null ? "postgresql" : dialect);
    // The model's name is the model owner's text: one comment line whatever it holds.
    out.println(
        DdlScript.comment(
            String.format(
                "vaultstream DDL for model '%s' (%s), hashing %s",
                m.name(), d.name(), m.hashing().profile().id())));
    out.println(
        "-- Satellites whose model lists no columns get their attribute columns from the first events.");
    for (String sql : DdlScript.statements(m, d, new HashKeyCalculator(m.hashing()), schema)) {
      out.println(sql + ";");
      out.println();
    }
    return 0;
  }
}
