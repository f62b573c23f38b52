package io.vaultstream.waiting;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Problem;
import io.vaultstream.table.TableSpec;
import io.vaultstream.waiting.PendingReferenceStore.Origin;
import io.vaultstream.waiting.PendingReferenceStore.Pending;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The set-based writes of waiting and error rows: inserts, deletes and retry updates. */
final class PendingRowWrites {
  private final VaultDialect dialect;
  private final SchemaManager schema;

  PendingRowWrites(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Inserts rows, ignoring those whose key exists. */
  void insert(Connection c, TableSpec table, List<Map<String, String>> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    List<String> cols = new ArrayList<>(rows.get(0).keySet());
    TextColumns data = new TextColumns(dialect, cols);
    for (Map<String, String> r : rows) {
      List<String> vals = new ArrayList<>(cols.size());
      cols.forEach(col -> vals.add(r.get(col)));
      data.add(vals);
    }
    data.execute(c, dialect.insertIgnore(schema.schema(), table, cols, null));
  }

  /** Deletes resolved rows, per table (one statement per table with rows). */
  void delete(Connection c, List<Pending> rows) throws SQLException {
    TextColumns w = new TextColumns(dialect, List.of("topic", "kafka_partition", "kafka_offset"));
    TextColumns e =
        new TextColumns(
            dialect,
            List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object"));
    for (Pending p : rows) {
      if (p.origin() == Origin.WAITING_TABLE) {
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
      w.execute(
          c, dialect.deleteByKey(schema.schema(), schema.table(VaultTables.WAITING), w.names()));
    }
    if (e.size() > 0) {
      e.execute(
          c, dialect.deleteByKey(schema.schema(), schema.table(VaultTables.ERRORS), e.names()));
    }
  }

  /**
   * Records a retry that left rows unresolved: their (possibly new) missing parent, message,
   * attempts and time (one statement per table with rows).
   */
  void update(Connection c, List<Pending> rows, Map<Pending, Problem> problems, long nowMicros)
      throws SQLException {
    List<String> set = List.of("ref_source", "ref_pk", "message", "attempts", "last_attempt");
    List<String> wKey = List.of("topic", "kafka_partition", "kafka_offset");
    List<String> eKey =
        List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object");
    TextColumns w = new TextColumns(dialect, concat(wKey, set));
    TextColumns e = new TextColumns(dialect, concat(eKey, set));
    for (Pending p : rows) {
      Problem pr = problems.get(p);
      List<String> vals =
          new ArrayList<>(
              List.of(p.topic(), Integer.toString(p.partition()), Long.toString(p.offset())));
      if (p.origin() == Origin.ERROR_TABLE) {
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
      (p.origin() == Origin.WAITING_TABLE ? w : e).add(vals);
    }
    if (w.size() > 0) {
      w.execute(
          c, dialect.updateByKey(schema.schema(), schema.table(VaultTables.WAITING), wKey, set));
    }
    if (e.size() > 0) {
      e.execute(
          c, dialect.updateByKey(schema.schema(), schema.table(VaultTables.ERRORS), eKey, set));
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
