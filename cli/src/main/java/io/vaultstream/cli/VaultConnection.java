package io.vaultstream.cli;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where the vault is, for {@code status} and {@code errors}: the database and the schema, found
 * when not given so that a vault the quickstart loaded and one a connector loaded into its
 * connection's schema are both found without {@code --schema}.
 */
final class VaultConnection {
  /** How the help texts describe the default of {@code --schema}. */
  static final String SCHEMA_DEFAULT =
      "the connection's current schema when it holds a vault (a vs_errors or"
          + " vs_progress table), else '"
          + Defaults.VAULT_SCHEMA
          + "' (where quickstart and demo load) when it holds one, else the only schema that"
          + " does; with several, the command lists them and asks for --schema";

  @Option(names = "--jdbc-url", required = true, description = "JDBC URL of the vault database.")
  String jdbcUrl;

  @Option(names = "--user", description = "Database user (or give it in the URL).")
  String user;

  @Option(
      names = "--password",
      description = "Database password (or set VAULTSTREAM_PASSWORD).",
      arity = "0..1",
      interactive = true)
  String password;

  @Option(
      names = "--schema",
      description =
          "Schema of the vault tables (on MariaDB the database), the connector's target.schema"
              + " (default: "
              + SCHEMA_DEFAULT
              + ").")
  String schema;

  @Option(names = "--dialect", description = CliDialect.DESCRIPTION)
  String dialectName;

  Connection connect() throws SQLException {
    return CliDialect.connect(dialect(), jdbcUrl, user, password);
  }

  VaultDialect dialect() {
    return CliDialect.of(jdbcUrl, dialectName);
  }

  /**
   * The schema given, else the one the vault is in (see {@link #SCHEMA_DEFAULT}); says on {@code
   * err} which one it chose when that is not the connection's current schema.
   */
  String schema(Connection c, PrintWriter err) throws SQLException {
    if (schema != null) {
      return schema;
    }
    String current = currentSchema(c);
    List<String> vaults = schemasWithAVault(c);
    if (current != null && vaults.contains(current)) {
      return current;
    }
    String chosen =
        vaults.contains(Defaults.VAULT_SCHEMA)
            ? Defaults.VAULT_SCHEMA
            : vaults.size() == 1 ? vaults.get(0) : null;
    if (chosen != null) {
      err.printf(
          "vaultstream: using the vault in schema %s (%s); give --schema to choose another%n",
          chosen,
          current == null
              ? "the connection has no current schema"
              : "schema " + current + " holds none");
      err.flush();
      return chosen;
    }
    if (vaults.isEmpty()) {
      throw new UserError(
          "No vault in this database: no schema holds a vs_errors or vs_progress table; give"
              + " --schema, the target.schema of the connector");
    }
    throw new UserError(
        (current == null
                ? "The connection has no current schema"
                : "No vault in schema " + current + " (the connection's current schema)")
            + ", and "
            + vaults.size()
            + " schemas hold one: "
            + String.join(", ", vaults.subList(0, Math.min(10, vaults.size())))
            + (vaults.size() > 10 ? " and " + (vaults.size() - 10) + " more" : "")
            + "; give --schema, the target.schema of the connector");
  }

  /** Fails with a clear message unless every one of {@code tables} is in {@code schema}. */
  void require(Connection c, String schema, String... tables) throws SQLException {
    for (String t : tables) {
      if (Queries.rows(c, dialect().tableExists(), schema, t).isEmpty()) {
        throw new UserError(
            "No vault in schema "
                + schema
                + ": no table "
                + t
                + "; give --schema, the target.schema of the connector");
      }
    }
  }

  private String currentSchema(Connection c) throws SQLException {
    List<String[]> rows = Queries.rows(c, dialect().currentSchema());
    return rows.isEmpty() ? null : rows.get(0)[0];
  }

  private List<String> schemasWithAVault(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    for (String[] row :
        Queries.rows(
            c, dialect().selectSchemasWithTables(2), VaultTables.ERRORS, VaultTables.PROGRESS)) {
      out.add(row[0]);
    }
    return out;
  }
}
