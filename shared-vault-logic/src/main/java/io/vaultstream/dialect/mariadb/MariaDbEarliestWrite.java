package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * MariaDB's earliest-row upsert of hubs and links: a read that locks the batch's existing rows and
 * finds those it moves back to an earlier time, an insert of the keys that do not exist that
 * returns them (ON DUPLICATE KEY UPDATE would return every row, inserted or not), and the update of
 * those it moves. The insert is a plain one, so strict mode refuses a value that does not fit; it
 * leaves out existing keys itself (INSERT IGNORE would skip them, but also store such a value
 * adjusted, with a warning the server may not even keep).
 */
final class MariaDbEarliestWrite implements EarliestWrite {
  /** ER_DUP_ENTRY: a key another writer inserted after this one's read. */
  private static final int DUPLICATE_KEY = 1062;

  /** Attempts of the insert that meets keys other writers inserted meanwhile. */
  private static final int INSERT_ATTEMPTS = 3;

  private final String insert;
  private final String earlier;
  private final String move;

  MariaDbEarliestWrite(
      MariaDbRows sql,
      String schema,
      TableSpec t,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt) {
    String pk = t.primaryKey().get(0);
    String key = sql.toText("x." + sql.quote(pk), t.column(pk).type());
    this.insert = insertSql(sql, schema, t, columns, loadedAt);
    String join =
        sql.batch(t, columns, "u")
            + " STRAIGHT_JOIN "
            + sql.probed(schema, t.name(), "x", "PRIMARY")
            + " ON "
            + sql.match(t, t.primaryKey(), "x", "u");
    String isEarlier =
        " WHERE ("
            + sql.typed("u." + sql.quote(loadDts), t.column(loadDts).type())
            + ", u."
            + sql.quote(recordSource)
            + ") < (x."
            + sql.quote(loadDts)
            + ", x."
            + sql.quote(recordSource)
            + ")";
    // Every existing row of the batch is locked, those the batch leaves as they are too: a second
    // writer of the same keys waits here until this transaction ends (as it waits for a
    // PostgreSQL upsert's row lock), whatever the isolation level.
    this.earlier =
        "SELECT "
            + key
            + ", "
            + isEarlier.substring(" WHERE ".length())
            + " FROM "
            + join
            + " FOR UPDATE";
    List<String> sets = new ArrayList<>();
    for (String c : columns) {
      if (!t.primaryKey().contains(c)) {
        sets.add(
            "x." + sql.quote(c) + " = " + sql.fromText("u." + sql.quote(c), t.column(c).type()));
      }
    }
    this.move =
        "UPDATE " + join + " SET " + sets.stream().collect(Collectors.joining(", ")) + isEarlier;
  }

  /** The insert of the rows whose key does not exist, returning their keys. */
  private static String insertSql(
      MariaDbRows sql, String schema, TableSpec t, List<String> columns, String loadedAt) {
    String pk = t.primaryKey().get(0);
    return sql.insertNew(schema, t, columns, loadedAt)
        + "\nWHERE NOT EXISTS (SELECT 1 FROM "
        + sql.probed(schema, t.name(), "x", "PRIMARY")
        + " WHERE "
        + sql.match(t, t.primaryKey(), "x", "u")
        + ")\nRETURNING "
        + sql.toText(sql.quote(pk), t.column(pk).type());
  }

  @Override
  public List<String> statements() {
    return List.of(earlier, insert, move);
  }

  @Override
  public int run(Connection c, List<List<String>> columns, Changed changed) throws SQLException {
    int count = 0;
    // Each part is written once for the three statements (a batch is cut into parts only when
    // it is larger than a statement may be).
    for (JsonRows.Part part : JsonRows.parts(columns, PacketLimit.jsonBytes(c))) {
      count += run(c, part, changed);
    }
    return count;
  }

  private int run(Connection c, JsonRows.Part part, Changed changed) throws SQLException {
    String batch = part.json();
    // First lock the batch's existing rows (a second writer of the same keys waits here, before
    // it has read or locked anything of them), then insert the others.
    Map<String, Boolean> existing = lockExisting(c, batch);
    List<String> inserted = null;
    for (int attempt = 1; inserted == null; attempt++) {
      try {
        inserted = insertNew(c, batch);
      } catch (SQLException e) {
        if (e.getErrorCode() != DUPLICATE_KEY || attempt == INSERT_ATTEMPTS) {
          throw e;
        }
        // Another writer inserted some of the keys since the read (the failed statement is undone
        // on its own): lock them too, and insert the rest.
        existing = lockExisting(c, batch);
      }
    }
    if (existing.size() + inserted.size() < part.rows()) {
      // Another writer committed some of the keys between the two statements: lock them too.
      existing = lockExisting(c, batch);
    }
    for (String k : inserted) {
      changed.row(true, k);
    }
    return inserted.size() + moveBack(c, batch, existing, changed);
  }

  /** Moves the existing rows the batch has earlier versions of back to them; returns how many. */
  private int moveBack(Connection c, String batch, Map<String, Boolean> existing, Changed changed)
      throws SQLException {
    List<String> moved = new ArrayList<>();
    existing.forEach(
        (k, earlierHere) -> {
          if (earlierHere) {
            moved.add(k);
          }
        });
    if (moved.isEmpty()) {
      return 0;
    }
    try (PreparedStatement ps = c.prepareStatement(move)) {
      ps.setString(1, batch);
      ps.executeUpdate();
    }
    for (String k : moved) {
      changed.row(false, k);
    }
    return moved.size();
  }

  /** Inserts the rows whose key does not exist; returns their keys. */
  private List<String> insertNew(Connection c, String batch) throws SQLException {
    List<String> keys = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(insert)) {
      ps.setString(1, batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          keys.add(rs.getString(1));
        }
      }
    }
    return keys;
  }

  /** Locks the batch's existing rows; returns each one's key and whether the batch is earlier. */
  private Map<String, Boolean> lockExisting(Connection c, String batch) throws SQLException {
    Map<String, Boolean> out = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(earlier)) {
      ps.setString(1, batch);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getBoolean(2));
        }
      }
    }
    return out;
  }
}
