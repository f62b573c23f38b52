package io.vaultstream.spark.lake;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.event.Problem;
import io.vaultstream.table.TableSpec;
import io.vaultstream.waiting.WaitingRow;
import io.vaultstream.waiting.WaitingRows;
import io.vaultstream.write.TextColumns;
import io.vaultstream.write.VaultShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A micro-batch's waiting rows and unresolved error rows in Delta tables ({@code vs_waiting},
 * {@code vs_errors}): read as the batch pinned them, changed through the batch's {@link
 * LakeVaultStore}, so they commit with the rest of the batch. The sweep reads the first rows whose
 * parent is in the key map (at most a page of each table); without an index to walk, there is no
 * position to keep between sweeps.
 */
final class LakeWaitingRows implements WaitingRows {
  private final SparkSession spark;
  private final LakeBatch batch;
  private final LakeVaultStore store;
  private final VaultShape shape;
  private final LakeTypes types;
  private final LakeResolvableRows resolvable;
  private long errorIds;

  /**
   * The waiting rows this batch deleted (by key) and the columns it updated: the watermark's move
   * reads the table as the batch pinned it, and must see it as the database's statement would,
   * after the batch's deletes and updates (a row resolved in the batch is not moved).
   */
  private final Set<List<String>> deletedWaiting = new HashSet<>();

  private final Map<List<String>, Map<String, Object>> updatedWaiting = new HashMap<>();

  LakeWaitingRows(
      SparkSession spark,
      LakeBatch batch,
      LakeVaultStore store,
      VaultShape shape,
      LakeTypes types) {
    this.spark = spark;
    this.batch = batch;
    this.store = store;
    this.shape = shape;
    this.types = types;
    this.resolvable = new LakeResolvableRows(spark, batch, shape, types);
    // Error rows are numbered by the loader (an identity column would make Delta refuse
    // concurrent commits): the batch's clock, with room for a million rows per batch.
    this.errorIds = batch.now() * 1_000L;
  }

  private TableSpec waiting() {
    return shape.table(VaultTables.WAITING);
  }

  private TableSpec errors() {
    return shape.table(VaultTables.ERRORS);
  }

  @Override
  public List<WaitingRow> findResolvable(Map<String, Set<String>> batchKeys, int sweepPageRows) {
    return resolvable.find(batchKeys, sweepPageRows);
  }

  @Override
  public List<WaitingRow> takeExpiredErrors(long nowMicros, int rows) {
    List<String> cols = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    StringBuilder sql = new StringBuilder("SELECT x.error_code, unix_micros(x.first_seen)");
    for (String c : cols) {
      sql.append(", ").append(LakeValues.asText("x." + LakeLocation.quote(c), type(c)));
    }
    sql.append(" FROM ")
        .append(batch.read(VaultTables.ERRORS))
        .append(" x WHERE x.error_code = ")
        .append(LakeTables.literal(Problem.UNRESOLVED_REFERENCE))
        .append(" AND x.expires_at < timestamp_micros(")
        .append(nowMicros)
        // Ties broken by the key: a run again of the batch takes the same rows.
        .append(") ORDER BY x.expires_at, x.topic, x.kafka_partition, x.kafka_offset,")
        .append(" x.error_code, x.target_object LIMIT ")
        .append(rows);
    List<WaitingRow> out = new ArrayList<>();
    for (Row r : spark.sql(sql.toString()).collectAsList()) {
      Map<String, String> m = new LinkedHashMap<>();
      for (int i = 0; i < cols.size(); i++) {
        Object v = r.get(2 + i);
        m.put(cols.get(i), v == null ? null : v.toString());
      }
      out.add(WaitingRow.read(WaitingRow.Table.ERROR_TABLE, r.getString(0), 0, m, types));
    }
    delete(out);
    return out;
  }

  @Override
  public int moveToErrors(long cutoffMicros, long nowMicros, long expiresMicros) {
    List<String> copied = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    copied.remove("last_attempt");
    List<Map<String, String>> moved = new ArrayList<>();
    List<Map<String, String>> gone = new ArrayList<>();
    for (Row r : spark.sql(waitingBefore(cutoffMicros, copied)).collectAsList()) {
      Map<String, String> m = errorRow(r, copied);
      List<String> key =
          waitingKey(m.get("topic"), m.get("kafka_partition"), m.get("kafka_offset"));
      if (deletedWaiting.contains(key)) {
        continue; // resolved (or parked again) by this batch
      }
      applyUpdate(updatedWaiting.get(key), copied, m);
      m.put("expires_at", types.timestampText(expiresMicros));
      m.put("last_attempt", types.timestampText(nowMicros));
      moved.add(m);
      gone.add(
          Map.of(
              "topic", m.get("topic"),
              "kafka_partition", m.get("kafka_partition"),
              "kafka_offset", m.get("kafka_offset")));
    }
    write(waiting(), gone, false);
    insertErrors(moved);
    return moved.size();
  }

  /** The waiting rows that arrived before the cutoff: their arrival, then the copied columns. */
  private String waitingBefore(long cutoffMicros, List<String> copied) {
    StringBuilder sql = new StringBuilder("SELECT unix_micros(x.arrived_at)");
    for (String c : copied) {
      sql.append(", ").append(LakeValues.asText("x." + LakeLocation.quote(c), type(c)));
    }
    return sql.append(" FROM ")
        .append(batch.read(VaultTables.WAITING))
        .append(" x WHERE x.state = ")
        .append(LakeTables.literal(WaitingRow.WAITING))
        .append(" AND x.arrived_at < timestamp_micros(")
        .append(cutoffMicros)
        .append(") ORDER BY x.topic, x.kafka_partition, x.kafka_offset")
        .toString();
  }

  /** A waiting row read by {@link #waitingBefore} as an unresolved error row first seen then. */
  private Map<String, String> errorRow(Row r, List<String> copied) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("error_code", Problem.UNRESOLVED_REFERENCE);
    for (int i = 0; i < copied.size(); i++) {
      Object v = r.get(1 + i);
      m.put(copied.get(i), v == null ? null : v.toString());
    }
    m.put("first_seen", types.timestampText(r.getLong(0)));
    return m;
  }

  /** The copied columns this batch updated in the row, as the update left them. */
  private static void applyUpdate(
      Map<String, Object> update, List<String> copied, Map<String, String> row) {
    if (update == null) {
      return;
    }
    update.forEach(
        (c, v) -> {
          if (copied.contains(c)) {
            row.put(c, v == null ? null : v.toString());
          }
        });
  }

  private String type(String column) {
    return errors().column(column).type();
  }

  @Override
  public void insertWaiting(List<Map<String, String>> rows) {
    write(waiting(), rows, true);
  }

  @Override
  public void insertErrors(List<Map<String, String>> rows) {
    List<Map<String, String>> numbered = new ArrayList<>(rows.size());
    for (Map<String, String> r : rows) {
      Map<String, String> m = new LinkedHashMap<>(r);
      m.putIfAbsent("id", Long.toString(++errorIds));
      numbered.add(m);
    }
    write(errors(), numbered, true);
  }

  /** Inserts the rows (insert) or deletes the rows of their keys. */
  private void write(TableSpec t, List<Map<String, String>> rows, boolean insert) {
    if (rows.isEmpty()) {
      return;
    }
    List<String> cols = new ArrayList<>(rows.get(0).keySet());
    TextColumns data = new TextColumns(cols);
    for (Map<String, String> r : rows) {
      List<String> vals = new ArrayList<>(cols.size());
      cols.forEach(c -> vals.add(r.get(c)));
      data.add(vals);
    }
    if (insert) {
      store.insert(t, data, null, true);
    } else {
      store.deleteByKey(t, data);
    }
  }

  @Override
  public void delete(List<WaitingRow> rows) {
    List<Map<String, String>> w = new ArrayList<>();
    List<Map<String, String>> e = new ArrayList<>();
    for (WaitingRow p : rows) {
      Map<String, String> key = new LinkedHashMap<>();
      key.put("topic", p.topic());
      key.put("kafka_partition", Integer.toString(p.partition()));
      key.put("kafka_offset", Long.toString(p.offset()));
      if (p.table() == WaitingRow.Table.ERROR_TABLE) {
        key.put("error_code", p.state());
        key.put("target_object", p.target());
        e.add(key);
      } else {
        w.add(key);
        deletedWaiting.add(
            waitingKey(key.get("topic"), key.get("kafka_partition"), key.get("kafka_offset")));
      }
    }
    write(waiting(), w, false);
    write(errors(), e, false);
  }

  @Override
  public void update(List<WaitingRow> rows, Map<WaitingRow, Problem> problems, long nowMicros) {
    for (WaitingRow p : rows) {
      Problem pr = problems.get(p);
      Map<String, Object> change = new LinkedHashMap<>();
      change.put("topic", p.topic());
      change.put("kafka_partition", Integer.toString(p.partition()));
      change.put("kafka_offset", Long.toString(p.offset()));
      TableSpec t = waiting();
      if (p.table() == WaitingRow.Table.ERROR_TABLE) {
        change.put("error_code", p.state());
        change.put("target_object", p.target());
        t = errors();
      }
      change.put("ref_source", pr.refSource());
      change.put("ref_pk", pr.refPk());
      change.put("message", pr.message());
      change.put("attempts", Integer.toString(p.attempts() + 1));
      change.put("last_attempt", types.timestampText(nowMicros));
      if (p.table() == WaitingRow.Table.WAITING_TABLE) {
        updatedWaiting.put(
            waitingKey(p.topic(), Integer.toString(p.partition()), Long.toString(p.offset())),
            change);
      }
      store.upsert(t, change);
    }
  }

  private static List<String> waitingKey(String topic, String partition, String offset) {
    return java.util.Arrays.asList(topic, partition, offset);
  }
}
