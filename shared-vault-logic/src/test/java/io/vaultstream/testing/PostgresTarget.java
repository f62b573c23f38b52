package io.vaultstream.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The server named by {@code VAULTSTREAM_TEST_JDBC_URL}, or else an embedded PostgreSQL started
 * once per JVM.
 */
final class PostgresTarget extends TargetDatabase {
  static final PostgresTarget INSTANCE = new PostgresTarget();

  private String url;
  private EmbeddedPostgres embedded;

  private PostgresTarget() {}

  @Override
  public String name() {
    return "PostgreSQL";
  }

  @Override
  public synchronized String jdbcUrl() {
    if (url == null) {
      String given = System.getenv("VAULTSTREAM_TEST_JDBC_URL");
      if (given != null && !given.isBlank()) {
        url = given;
      } else {
        try {
          embedded = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot start the embedded PostgreSQL", e);
        }
        url = embedded.getJdbcUrl("postgres", "postgres");
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        embedded.close();
                      } catch (IOException ignored) {
                        // the JVM is going away
                      }
                    }));
      }
    }
    return url;
  }

  @Override
  public void assumeReachable() {
    // Always there: the embedded server stands in when none is configured.
  }

  @Override
  public String missingTableSqlState() {
    return "42P01";
  }

  @Override
  public String textDataType() {
    return "text";
  }

  @Override
  public String decimalType() {
    return "numeric(12,2)";
  }

  @Override
  public String binaryDataType() {
    return "bytea";
  }

  @Override
  protected String sparingExistingRows() {
    return "NOT VALID";
  }
}
