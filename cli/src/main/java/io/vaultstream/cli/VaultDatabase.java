package io.vaultstream.cli;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * The database the quickstart and the demo load: a PostgreSQL given by URL, or an embedded one
 * started for the run. Options shared by both commands.
 */
final class VaultDatabase implements AutoCloseable {
  @Option(names = "--jdbc-url", description = "Load this PostgreSQL instead of an embedded one.")
  String jdbcUrl;

  @Option(
      names = "--schema",
      defaultValue = Defaults.VAULT_SCHEMA,
      description = "Schema of the vault tables (default: ${DEFAULT-VALUE}).")
  String schema;

  @Option(names = "--keep-running", description = "Keep everything running until Ctrl-C.")
  boolean keepRunning;

  private EmbeddedPostgres embedded;

  /** The JDBC URL to load, starting an embedded PostgreSQL when none was given. */
  String start(PrintWriter out) throws IOException {
    if (jdbcUrl != null) {
      return jdbcUrl;
    }
    out.println("Starting an embedded PostgreSQL...");
    out.flush();
    embedded = EmbeddedPostgres.builder().start();
    return embedded.getJdbcUrl("postgres", "postgres");
  }

  @Override
  public void close() throws IOException {
    if (embedded != null) {
      embedded.close();
    }
  }
}
