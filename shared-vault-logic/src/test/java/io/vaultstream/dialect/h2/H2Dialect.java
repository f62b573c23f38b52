package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.VaultDialect;
import java.util.HexFormat;
import java.util.Map;

/**
 * H2 2.x, the example of a new database: the SPI's standard SQL with H2's few differences. A batch
 * travels as one text array per column ({@code UNNEST}, {@link H2Syntax}); rows are written by the
 * standard's {@code MERGE}, the earliest-row upsert returning its keys from {@code FINAL TABLE}
 * ({@link H2EarliestWrite}); the rest is {@link H2Statements}, values and failures {@link
 * H2Values}. Unquoted names must fold to lower case, as on PostgreSQL (the connection's {@code
 * DATABASE_TO_LOWER}).
 */
public final class H2Dialect implements VaultDialect, H2Statements {

  @Override
  public String name() {
    return "h2";
  }

  @Override
  public boolean accepts(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith("jdbc:h2:");
  }

  @Override
  public String connectionInitSql() {
    // H2 casts text to binary by its UTF-8 bytes: hex (the loader's text of a binary value) is
    // read by a function of the dialect's own.
    return "SET TIME ZONE 'UTC'; SET LOCK_TIMEOUT 10000; CREATE ALIAS IF NOT EXISTS "
        + HEX_BYTES
        + " FOR '"
        + H2Dialect.class.getName()
        + ".hexBytes'";
  }

  /** The bytes of hex text, as the function {@link #HEX_BYTES} of every connection. */
  public static byte[] hexBytes(String hex) {
    return hex == null ? null : HexFormat.of().parseHex(hex);
  }

  @Override
  public Map<String, String> driverProperties() {
    return Map.of("DATABASE_TO_LOWER", "TRUE");
  }

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET QUERY_TIMEOUT " + millis : null;
  }

  @Override
  public String lockTimeout(long millis) {
    return millis > 0 ? "SET LOCK_TIMEOUT " + millis : null;
  }

  @Override
  public String resetLockTimeout() {
    return "SET LOCK_TIMEOUT 10000";
  }
}
