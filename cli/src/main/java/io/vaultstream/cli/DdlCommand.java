package io.vaultstream.cli;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.write.SchemaManager;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vaultstream ddl MODEL}: prints the SQL that creates every vault table; with {@code
 * --jdbc-url}, only what a live vault lacks to match the model.
 */
@Command(
    name = "ddl",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the SQL that creates every vault table and its ghost records, for review or to run by hand.",
      "Every statement is idempotent (IF NOT EXISTS, and ghost records are inserted only when"
          + " missing). No database is needed: --dialect chooses the SQL dialect.",
      "With --jdbc-url it connects to the vault and prints only what the vault lacks to match the"
          + " model (tables, columns the model declares, the loader's indexes), nothing when it"
          + " matches: the statements to run after changing the model."
    })
final class DdlCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The model file.")
  Path model;

  @Option(
      names = "--schema",
      description =
          "Schema of the vault tables (default: unqualified names; with --jdbc-url the"
              + " connection's current schema).")
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
          "JDBC URL of a live vault: print only the statements it lacks to match the model.")
  String jdbcUrl;

  @Option(names = "--user", description = "Database user (or give it in the URL).")
  String user;

  @Option(
      names = "--password",
      description = "Database password (or set VAULTSTREAM_PASSWORD).",
      arity = "0..1",
      interactive = true)
  String password;

  @Override
  public Integer call() throws SQLException {
    PrintWriter out = spec.commandLine().getOut();
    VaultModel m = ModelLoader.load(model);
    VaultDialect d =
        CliDialect.of(jdbcUrl, dialect == null && jdbcUrl == null ? "postgresql" : dialect);
    HashKeyCalculator hasher = new HashKeyCalculator(m.hashing());
    List<String> statements;
    String what;
    if (jdbcUrl == null) {
      statements = DdlScript.statements(m, d, hasher, schema);
      what = "";
    } else {
      try (Connection c = CliDialect.connect(d, jdbcUrl, user, password)) {
        String target = schema != null ? schema : currentSchema(c, d);
        statements = new SchemaManager(m, d, hasher, target, false, false, 0).migration(c);
        what = ", what the vault in " + target + " lacks";
        if (statements.isEmpty()) {
          PrintWriter err = spec.commandLine().getErr();
          err.println("vaultstream: the vault in " + target + " matches the model: nothing to run");
          err.flush();
          return 0;
        }
      }
    }
    // The model's name is the model owner's text: one comment line whatever it holds.
    out.println(
        DdlScript.comment(
            String.format(
                "vaultstream DDL for model '%s' (%s), hashing %s%s",
                m.name(), d.name(), m.hashing().profile().id(), what)));
    out.println(
        "-- Satellites whose model lists no columns get their attribute columns from the first events.");
    for (String sql : statements) {
      out.println(sql.startsWith("--") ? sql : sql + ";");
      out.println();
    }
    return 0;
  }

  private static String currentSchema(Connection c, VaultDialect d) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(d.currentSchema())) {
      rs.next();
      return rs.getString(1);
    }
  }
}
