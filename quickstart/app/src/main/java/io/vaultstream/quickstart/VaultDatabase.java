package io.vaultstream.quickstart;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The database the quickstart and the demo load: a PostgreSQL given by URL, or an embedded one
 * started for the run. Options shared by both commands.
 */
final class VaultDatabase implements AutoCloseable {
  /** The schema both commands write to unless told otherwise; status and errors default to it. */
  static final String DEFAULT_SCHEMA = "vault";

  @Option(names = "--jdbc-url", description = "Load this PostgreSQL instead of an embedded one.")
  String jdbcUrl;

  @Option(
      names = "--schema",
      defaultValue = DEFAULT_SCHEMA,
      description = "Schema of the vault tables (default: ${DEFAULT-VALUE}).")
  String schema;

  @Option(
      names = "--keep-running",
      description = "Keep everything running after the load, until Ctrl-C.")
  boolean keepRunning;

  private EmbeddedPostgres embedded;

  /** The JDBC URL to load, starting an embedded PostgreSQL when none was given. */
  String start(PrintWriter out) throws IOException {
    return start(out, null);
  }

  /**
   * The JDBC URL to load, starting an embedded PostgreSQL when none was given: its output goes to
   * {@code log} when not null, and it is stopped by {@link #close()} only (no shutdown hook of its
   * own, so Ctrl-C stops it after what writes to it).
   */
  String start(PrintWriter out, Path log) throws IOException {
    if (jdbcUrl != null) {
      return jdbcUrl;
    }
    out.println("Starting an embedded PostgreSQL...");
    out.flush();
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
    if (log != null) {
      ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(log.toFile());
      builder.setRegisterShutdownHook(false).setOutputRedirector(toLog).setErrorRedirector(toLog);
    }
    embedded = builder.start();
    return embedded.getJdbcUrl("postgres", "postgres");
  }

  /** Whether this run started the database (it stops with the run). */
  boolean isEmbedded() {
    return embedded != null;
  }

  @Override
  public void close() throws IOException {
    if (embedded != null) {
      embedded.close();
      embedded = null;
    }
  }
}
