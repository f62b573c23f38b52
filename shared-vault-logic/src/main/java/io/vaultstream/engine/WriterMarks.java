package io.vaultstream.engine;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.write.JdbcRows;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and stores the marks of the key map's writers (table vs_writers), which tell a loader that
 * keeps mappings in memory ({@link io.vaultstream.keymap.KeyMapCache}) when they may be stale.
 */
final class WriterMarks {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WriterMarks.class);
  private static final List<String> COLUMNS = List.of("writer", "mark", "written_at");
  // A writer whose row has not changed for a day is gone (its row is deleted; should it write
  // again, its row comes back, and the others read the key map again).
  private static final long GONE_MICROS = 24L * 3_600_000_000L;
  private final VaultDialect dialect;
  private final SchemaManager schema;
  // Made at first use (the tables are known once the schema was initialized), then kept.
  private volatile String select;
  private volatile String upsert;

  WriterMarks(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Every writer's mark; null when the vault has no vs_writers table. */
  Map<String, Long> read(Connection c) throws SQLException {
    if (schema.table(VaultTables.WRITERS) == null) {
      return null;
    }
    Map<String, Long> out = new HashMap<>();
    String sql = select;
    if (sql == null) {
      sql = "SELECT writer, mark FROM " + dialect.table(schema.schema(), VaultTables.WRITERS);
      select = sql;
    }
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getLong(2));
      }
    }
    return out;
  }

  /** Stores {@code writer}'s mark in the caller's transaction. */
  void store(Connection c, String writer, long mark, long nowMicros) throws SQLException {
    if (schema.table(VaultTables.WRITERS) == null) {
      return;
    }
    TextColumns row = new TextColumns(COLUMNS);
    row.add(List.of(writer, Long.toString(mark), Long.toString(nowMicros)));
    String sql = upsert;
    if (sql == null) {
      sql = dialect.upsert(schema.schema(), schema.table(VaultTables.WRITERS), COLUMNS);
      upsert = sql;
    }
    JdbcRows.execute(c, dialect, row, sql);
  }

  /**
   * Deletes the rows of writers gone for a day, in a transaction of its own on {@code c}, not in a
   * batch (two batches deleting each other's rows could deadlock). Upkeep only: a failure (no
   * privilege to delete) is logged, and the loader starts all the same.
   */
  void prune(Connection c, long nowMicros) throws SQLException {
    if (schema.table(VaultTables.WRITERS) == null) {
      return;
    }
    String sql =
        "DELETE FROM "
            + dialect.table(schema.schema(), VaultTables.WRITERS)
            + " WHERE written_at < ?";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setLong(1, nowMicros - GONE_MICROS);
      ps.executeUpdate();
      c.commit();
    } catch (SQLException e) {
      c.rollback();
      LOG.warn(
          "Could not delete the rows of loaders gone for a day from {}: {}",
          VaultTables.WRITERS,
          e.getMessage());
    }
  }
}
