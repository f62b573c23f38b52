package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.VaultDialect;
import java.util.HexFormat;
import java.util.Map;

/**
 * H2 2.x, the third database: the smallest dialect, written over the SPI's defaults to show what a
 * new database takes. A batch travels as one text array per column ({@code UNNEST}); rows are
 * written by {@code MERGE} ({@link H2Rows}, {@link H2EarliestWrite}); the loader's own tables are
 * {@link H2Queue}; the catalog {@link H2Ddl} and {@link H2Operator}; values and failures {@link
 * H2Values}. Unquoted names must fold to lower case, as on PostgreSQL (the connection's {@code
 * DATABASE_TO_LOWER}).
 */
public final class H2Dialect implements VaultDialect, H2Ddl, H2Rows, H2Queue, H2Operator, H2Values {

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
