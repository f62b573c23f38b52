package io.vaultstream.ddl;

import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The database's page cache against a vault's size, as the database reports both: the setting that
 * sizes the cache and its bytes, the schema's table and index bytes, the bytes a batch reaches at
 * random (hash keys land anywhere in their index, so every batch touches every part of it, and
 * children read the key map's rows back by their parents' keys), and the page reads that missed and
 * hit the cache (null where not counted), counted for the schema or for the whole server ({@code
 * scope}).
 */
public record CacheFigures(
    String setting,
    long cacheBytes,
    long tableBytes,
    long indexBytes,
    long randomBytes,
    Long misses,
    Long hits,
    String scope) {

  /**
   * Reads the figures of a schema, or returns null when the dialect cannot tell or the schema has
   * no tables.
   */
  public static CacheFigures read(Connection c, VaultDialect dialect, String schema)
      throws SQLException {
    String sql = dialect.selectCacheFigures(VaultTables.KEY_MAP);
    if (sql == null) {
      return null;
    }
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      // Sizes take a share lock on each table: do not wait long behind another loader's DDL.
      ps.setQueryTimeout(10);
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        return new CacheFigures(
            rs.getString(1),
            rs.getLong(2),
            rs.getLong(3),
            rs.getLong(4),
            rs.getLong(5),
            nullable(rs, 6),
            nullable(rs, 7),
            rs.getString(8));
      }
    }
  }

  private static Long nullable(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : v;
  }

  /** Whether the part of the vault that batches reach at random no longer fits the cache. */
  public boolean outgrown() {
    return randomBytes > cacheBytes;
  }

  /** The share of page reads that hit the cache, in percent, or null when none were counted. */
  public Double hitPercent() {
    if (misses == null || hits == null || misses + hits == 0) {
      return null;
    }
    return 100.0 * hits / (misses + hits);
  }

  /** Where the docs say how to size the cache. */
  public String advice() {
    return (setting.startsWith("innodb") ? "docs/MARIADB.md" : "docs/POSTGRESQL.md")
        + ", \"The server's cache\"";
  }

  /** What outgrowing the cache means, in one sentence with the sizes, for logs and commands. */
  public String outgrownMessage() {
    return "the part of the vault that each batch reaches at random ("
        + size(randomBytes)
        + ") is larger than the cache ("
        + size(cacheBytes)
        + "): batches read pages from outside it and take longer as the vault grows; raise "
        + setting
        + " ("
        + advice()
        + ")";
  }

  /** Bytes in the largest binary unit that keeps the figure at least 1. */
  public static String size(long bytes) {
    String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0
        ? String.format(Locale.ROOT, "%,d bytes", bytes)
        : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
