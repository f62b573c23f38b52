package io.vaultstream.waiting;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.TransactionTime;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Problem;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.JdbcRows;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The set-based writes of waiting and error rows: inserts, deletes and the updates of rows
 * rechecked.
 */
final class WaitingRowWrites {
  /**
   * Rows from which the bulk insert is used: it costs three round trips more than one INSERT (the
   * savepoint, the copy's start, the savepoint's release), which a few rows do not win back.
   */
  private static final int BULK_FROM_ROWS = 8;

  private final VaultDialect dialect;
  private final SchemaManager schema;

  WaitingRowWrites(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Inserts rows, ignoring those whose key exists. */
  void insert(Connection c, TableSpec table, List<Map<String, String>> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    List<String> cols = new ArrayList<>(rows.get(0).keySet());
    TextColumns data = new TextColumns(cols);
    boolean errors = table.name().equals(VaultTables.ERRORS);
    for (Map<String, String> r : rows) {
      List<String> vals = values(cols, r);
      if (errors && !dialect.fitsOneStatement(c, vals)) {
        vals = values(cols, withoutRecord(r));
      }
      data.add(vals);
    }
    String ignore = dialect.insertIgnore(schema.schema(), table, cols, null);
    BulkInsert bulk =
        rows.size() < BULK_FROM_ROWS
            ? null
            : dialect.bulkInsert(schema.schema(), table, cols, null);
    if (bulk == null) {
      JdbcRows.execute(c, dialect, data, ignore);
      return;
    }
    // A waiting row carries its record (a Debezium record with its schema is several kB): the
    // bulk insert passes it as it is, where an INSERT binds it escaped inside a text array that
    // the server then parses. A row that is there already (a batch loaded again after its first
    // parts committed) fails the bulk insert; then the rows go in by the INSERT that skips them.
    // No load time column here: the transaction's time is never read.
    if (!JdbcRows.insertAllOrNone(c, dialect, data, bulk, new TransactionTime())) {
      JdbcRows.execute(c, dialect, data, ignore);
    }
  }

  private static List<String> values(List<String> cols, Map<String, String> row) {
    List<String> vals = new ArrayList<>(cols.size());
    cols.forEach(col -> vals.add(row.get(col)));
    return vals;
  }

  /**
   * An error row too large for any statement of the database (a record larger than its packet
   * limit) is stored without the record and its event, so that the event's failure is recorded
   * instead of failing its batch; the message says where the record is.
   */
  private static Map<String, String> withoutRecord(Map<String, String> row) {
    Map<String, String> out = new java.util.LinkedHashMap<>(row);
    long chars = length(row.get("record_key")) + length(row.get("record_value"));
    out.put("record_key", null);
    out.put("record_value", null);
    out.put("event", null);
    String message = row.get("message");
    if (message != null && message.length() > 2000) {
      message = message.substring(0, 2000) + "...";
    }
    out.put(
        "message",
        message
            + "; the record ("
            + chars
            + " characters) is not stored with this row: it is larger than one statement of the"
            + " database may carry; read it from topic "
            + row.get("topic")
            + ", partition "
            + row.get("kafka_partition")
            + ", offset "
            + row.get("kafka_offset"));
    return out;
  }

  private static long length(String s) {
    return s == null ? 0 : s.length();
  }

  /** Deletes resolved rows, per table (one statement per table with rows). */
  void delete(Connection c, List<WaitingRow> rows) throws SQLException {
    TextColumns w = new TextColumns(List.of("topic", "kafka_partition", "kafka_offset"));
    TextColumns e =
        new TextColumns(
            List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object"));
    for (WaitingRow p : rows) {
      if (p.table() == WaitingRow.Table.WAITING_TABLE) {
        w.add(List.of(p.topic(), Integer.toString(p.partition()), Long.toString(p.offset())));
      } else {
        e.add(
            List.of(
                p.topic(),
                Integer.toString(p.partition()),
                Long.toString(p.offset()),
                p.state(),
                p.target()));
      }
    }
    if (w.size() > 0) {
      JdbcRows.execute(
          c,
          dialect,
          w,
          dialect.deleteByKey(schema.schema(), schema.table(VaultTables.WAITING), w.names()));
    }
    if (e.size() > 0) {
      JdbcRows.execute(
          c,
          dialect,
          e,
          dialect.deleteByKey(schema.schema(), schema.table(VaultTables.ERRORS), e.names()));
    }
  }

  /**
   * Records a recheck that left rows unresolved: their (possibly new) missing parent, message,
   * attempts and time (one statement per table with rows).
   */
  void update(
      Connection c, List<WaitingRow> rows, Map<WaitingRow, Problem> problems, long nowMicros)
      throws SQLException {
    TextColumns w = new TextColumns(concat(WAITING_KEY, RECHECKED));
    TextColumns e = new TextColumns(concat(ERROR_KEY, RECHECKED));
    for (WaitingRow p : rows) {
      (p.table() == WaitingRow.Table.WAITING_TABLE ? w : e)
          .add(rechecked(p, problems.get(p), nowMicros));
    }
    updateByKey(c, VaultTables.WAITING, WAITING_KEY, w);
    updateByKey(c, VaultTables.ERRORS, ERROR_KEY, e);
  }

  /** The key of a waiting row. */
  private static final List<String> WAITING_KEY =
      List.of("topic", "kafka_partition", "kafka_offset");

  /** The key of an error row. */
  private static final List<String> ERROR_KEY =
      List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object");

  /** The columns a recheck that left a row unresolved sets. */
  private static final List<String> RECHECKED =
      List.of("ref_source", "ref_pk", "message", "attempts", "last_attempt");

  /** The row's key, then the values of {@link #RECHECKED} after the recheck. */
  private List<String> rechecked(WaitingRow p, Problem pr, long nowMicros) {
    List<String> vals =
        new ArrayList<>(
            List.of(p.topic(), Integer.toString(p.partition()), Long.toString(p.offset())));
    if (p.table() == WaitingRow.Table.ERROR_TABLE) {
      vals.add(p.state());
      vals.add(p.target());
    }
    vals.addAll(
        List.of(
            pr.refSource(),
            pr.refPk(),
            pr.message(),
            Integer.toString(p.attempts() + 1),
            dialect.timestampText(nowMicros)));
    return vals;
  }

  /** Sets the rechecked columns of the table's rows by their key (one statement, if any rows). */
  private void updateByKey(Connection c, String table, List<String> key, TextColumns rows)
      throws SQLException {
    if (rows.size() > 0) {
      JdbcRows.execute(
          c,
          dialect,
          rows,
          dialect.updateByKey(schema.schema(), schema.table(table), key, RECHECKED));
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
