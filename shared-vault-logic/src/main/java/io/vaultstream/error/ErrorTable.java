package io.vaultstream.error;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads and purges the error table for operators (the {@code vaultstream errors} command). */
public final class ErrorTable {
  private final VaultDialect dialect;
  private final String schema;

  public ErrorTable(VaultDialect dialect, String schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Which error rows: every field optional. */
  public record Filter(String code, String source, String target, Long id) {
    /** Whether no field is set. */
    public boolean isEmpty() {
      return code == null && source == null && target == null && id == null;
    }
  }

  /** One error row. */
  public record Row(
      long id,
      String code,
      String source,
      String target,
      String topic,
      int partition,
      long offset,
      String message,
      int attempts,
      String firstSeen,
      String expiresAt,
      String recordKey,
      String recordValue,
      String event) {}

  /** The filtered columns, in order, each with its value added to {@code params}. */
  private static List<String> where(Filter f, List<Object> params) {
    List<String> columns = new ArrayList<>();
    if (f.code() != null) {
      columns.add("error_code");
      params.add(f.code());
    }
    if (f.source() != null) {
      columns.add("source_table");
      params.add(f.source());
    }
    if (f.target() != null) {
      columns.add("target_object");
      params.add(f.target());
    }
    if (f.id() != null) {
      columns.add("id");
      params.add(f.id());
    }
    return columns;
  }

  private static void bind(PreparedStatement ps, List<Object> params) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      ps.setObject(i + 1, params.get(i));
    }
  }

  /** The matching rows, oldest first, at most {@code limit}. */
  public List<Row> list(Connection c, Filter f, int limit) throws SQLException {
    List<Object> params = new ArrayList<>();
    String sql =
        dialect.selectErrorRows(schema, VaultTables.ERRORS, where(f, params), Math.max(1, limit));
    List<Row> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new Row(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getInt(6),
                  rs.getLong(7),
                  rs.getString(8),
                  rs.getInt(9),
                  rs.getString(10),
                  rs.getString(11),
                  rs.getString(12),
                  rs.getString(13),
                  rs.getString(14)));
        }
      }
    }
    return out;
  }

  /** Counts per error code of the matching rows. */
  public List<String[]> countByCode(Connection c, Filter f) throws SQLException {
    List<Object> params = new ArrayList<>();
    String sql = dialect.countErrorsByCode(schema, VaultTables.ERRORS, where(f, params));
    List<String[]> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new String[] {rs.getString(1), rs.getString(2)});
        }
      }
    }
    return out;
  }

  /** Deletes the matching rows; returns how many. */
  public int purge(Connection c, Filter f) throws SQLException {
    List<Object> params = new ArrayList<>();
    String sql = dialect.deleteErrors(schema, VaultTables.ERRORS, where(f, params));
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      bind(ps, params);
      return ps.executeUpdate();
    }
  }

  /** Deletes rows by id; returns how many. */
  public int delete(Connection c, List<Long> ids) throws SQLException {
    if (ids.isEmpty()) {
      return 0;
    }
    String sql = dialect.deleteErrorsById(schema, VaultTables.ERRORS);
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      dialect.bindNumbers(c, ps, 1, ids);
      return ps.executeUpdate();
    }
  }
}
