package io.vaultstream.engine;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Progress;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.JdbcRows;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stores and reads consumers' progress (table vs_progress): the next offset per topic partition
 * and, when known, its anchor record (offset and Kafka timestamp).
 *
 * <p>When it checks stored positions, it remembers the next offset it committed for each partition,
 * and each batch of a consumer first reads that consumer's stored positions: one that is not the
 * offset last committed fails the batch ({@link StoredProgressMoved}), so that a database that lost
 * acknowledged commits is noticed at once instead of at the next start. A partition is checked once
 * this loader has committed its position or been told to expect the one it read ({@link
 * VaultLoader#expectStoredProgress}), until it is forgotten.
 */
final class ProgressStore {
  private static final List<String> COLUMNS =
      List.of("consumer", "topic", "kafka_partition", "next_offset", "updated_at");
  private static final List<String> ANCHORED =
      List.of(
          "consumer",
          "topic",
          "kafka_partition",
          "next_offset",
          "updated_at",
          VaultTables.PROGRESS_ANCHOR_OFFSET,
          VaultTables.PROGRESS_ANCHOR_TIMESTAMP);
  private final VaultDialect dialect;
  private final SchemaManager schema;
  // The next offset committed per consumer, topic and partition; null when not checking.
  private final Map<Key, Long> committed;

  private record Key(String consumer, String topic, int partition) {}

  ProgressStore(VaultDialect dialect, SchemaManager schema, boolean check) {
    this.dialect = dialect;
    this.schema = schema;
    this.committed = check ? new ConcurrentHashMap<>() : null;
  }

  /**
   * Fails when a position this loader committed for {@code consumer} (and has not forgotten) is
   * stored at another offset now, or no longer stored: read in the batch's transaction, before it
   * writes. Every such partition is compared, whether the batch carries its records or not, so an
   * idle partition is checked by the next batch of its consumer, an empty one included.
   */
  void check(Connection c, String consumer) throws SQLException {
    if (committed == null || consumer == null) {
      return;
    }
    Map<Key, Long> expected = new HashMap<>();
    committed.forEach(
        (k, last) -> {
          if (k.consumer().equals(consumer)) {
            expected.put(k, last);
          }
        });
    if (expected.isEmpty()) {
      return;
    }
    Map<Key, Progress.Position> stored = new HashMap<>();
    for (Progress.Position pos : read(c, consumer)) {
      stored.put(new Key(consumer, pos.topic(), pos.partition()), pos);
    }
    List<StoredProgressMoved.Moved> moved = new ArrayList<>();
    expected.forEach(
        (k, last) -> {
          Progress.Position now = stored.get(k);
          if (now == null || now.nextOffset() != last) {
            moved.add(new StoredProgressMoved.Moved(k.topic(), k.partition(), last, now));
          }
        });
    if (!moved.isEmpty()) {
      throw new StoredProgressMoved(consumer, moved);
    }
  }

  /** The batch that stored these positions has committed. */
  void committed(Progress p) {
    if (committed == null || p == null) {
      return;
    }
    for (Progress.Position pos : p.positions()) {
      committed.put(new Key(p.consumer(), pos.topic(), pos.partition()), pos.nextOffset());
    }
  }

  /**
   * The partition is read again from elsewhere, or by someone else: its position is not checked.
   */
  void forget(String topic, int partition) {
    if (committed != null) {
      committed.keySet().removeIf(k -> k.topic().equals(topic) && k.partition() == partition);
    }
  }

  /**
   * Writes the progress inside the caller's transaction: positions with an anchor replace the
   * stored anchor; positions without one leave it as it is (the upsert sets only the columns it
   * lists).
   */
  void store(Connection c, Progress p, long nowMicros) throws SQLException {
    if (p == null || p.positions().isEmpty()) {
      return;
    }
    boolean anchors = schema.storesAnchors();
    TextColumns plain = new TextColumns(COLUMNS);
    TextColumns anchored = new TextColumns(ANCHORED);
    for (Progress.Position pos : p.positions()) {
      List<String> row =
          List.of(
              p.consumer(),
              pos.topic(),
              Integer.toString(pos.partition()),
              Long.toString(pos.nextOffset()),
              dialect.timestampText(nowMicros));
      if (anchors && pos.anchor() != null) {
        List<String> r = new ArrayList<>(row);
        r.add(Long.toString(pos.anchor().offset()));
        r.add(Long.toString(pos.anchor().timestamp()));
        anchored.add(r);
      } else {
        plain.add(row);
      }
    }
    TableSpec table = schema.table(VaultTables.PROGRESS);
    if (anchored.size() > 0) {
      JdbcRows.execute(c, dialect, anchored, dialect.upsert(schema.schema(), table, ANCHORED));
    }
    if (plain.size() > 0) {
      JdbcRows.execute(c, dialect, plain, dialect.upsert(schema.schema(), table, COLUMNS));
    }
  }

  /** The stored progress of a consumer: its next offset and anchor per topic partition. */
  List<Progress.Position> read(Connection c, String consumer) throws SQLException {
    List<String> anchors =
        schema.storesAnchors()
            ? List.of(VaultTables.PROGRESS_ANCHOR_OFFSET, VaultTables.PROGRESS_ANCHOR_TIMESTAMP)
            : List.of();
    String sql = dialect.selectProgress(schema.schema(), VaultTables.PROGRESS, anchors);
    List<Progress.Position> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, consumer);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Progress.Anchor anchor = null;
          if (schema.storesAnchors()) {
            long offset = rs.getLong(4);
            boolean known = !rs.wasNull();
            long ts = rs.getLong(5);
            if (known && !rs.wasNull()) {
              anchor = new Progress.Anchor(offset, ts);
            }
          }
          out.add(new Progress.Position(rs.getString(1), rs.getInt(2), rs.getLong(3), anchor));
        }
      }
    }
    return out;
  }
}
