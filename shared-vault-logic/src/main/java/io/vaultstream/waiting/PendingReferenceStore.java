package io.vaultstream.waiting;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.error.EventCodec;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.RawBytes;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The durable waiting rows: events whose link rows wait for a parent row, kept in the target
 * database in the batch's transaction, retried set-based at every flush, moved to the error table
 * after the watermark and released after the retention time.
 */
public final class PendingReferenceStore {
  /** Waiting for its parent, within the watermark. */
  public static final String WAITING = "WAITING";

  /** Loaded against the unknown ghost after expiry; still waiting so the real parent fixes it. */
  public static final String UNKNOWN = "UNKNOWN";

  private final VaultDialect dialect;
  private final SchemaManager schema;
  private final SweepPages pages;
  private final PendingRowWrites writes;

  public PendingReferenceStore(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
    this.pages = new SweepPages(dialect, schema.schema());
    this.writes = new PendingRowWrites(dialect, schema);
  }

  /** Where a pending row lives. */
  public enum Origin {
    WAITING_TABLE,
    ERROR_TABLE
  }

  /**
   * A stored waiting or error row, with its event.
   *
   * @param state WAITING or UNKNOWN for waiting rows, the error code for error rows
   */
  public record Pending(
      Origin origin,
      String topic,
      int partition,
      long offset,
      String target,
      String state,
      boolean linksOnly,
      ChangeEvent event,
      long sinceMicros,
      int attempts,
      Map<String, String> columns) {}

  private TableSpec waiting() {
    return schema.table(VaultTables.WAITING);
  }

  private TableSpec errors() {
    return schema.table(VaultTables.ERRORS);
  }

  /**
   * Waiting rows (either state) and unresolved error rows whose missing parent is among the rows of
   * the batch being loaded (index probes, one query); with {@code sweepPageRows} > 0 (the sweep),
   * also those of each table's next page ({@link SweepPages}) whose parent is in the key map.
   */
  public List<Pending> findResolvable(
      Connection c, Map<String, java.util.Set<String>> batchKeys, int sweepPageRows)
      throws SQLException {
    String sql =
        dialect.selectWaitingForParents(
            schema.schema(),
            VaultTables.WAITING,
            VaultTables.ERRORS,
            RETRY_COLUMNS,
            Problem.UNRESOLVED_REFERENCE);
    TextColumns parents = new TextColumns(dialect, List.of("ref_source", "ref_pk"));
    batchKeys.forEach((source, keys) -> keys.forEach(k -> parents.add(List.of(source, k))));
    Map<List<Object>, Pending> out = new LinkedHashMap<>();
    parents.query(c, sql, rs -> add(out, rs));
    if (sweepPageRows > 0) {
      String s = schema.schema();
      pages.read(
          c,
          waiting(),
          sweepPageRows,
          after ->
              dialect.selectResolvableWaitingPage(
                  s, waiting(), VaultTables.KEY_MAP, RETRY_COLUMNS, sweepPageRows, after),
          rs -> add(out, rs));
      pages.read(
          c,
          errors(),
          sweepPageRows,
          after ->
              dialect.selectResolvableErrorPage(
                  s,
                  errors(),
                  VaultTables.KEY_MAP,
                  RETRY_COLUMNS,
                  Problem.UNRESOLVED_REFERENCE,
                  sweepPageRows,
                  after),
          rs -> add(out, rs));
    }
    return new ArrayList<>(out.values());
  }

  /** Adds a row read by {@link #findResolvable} unless it was read already (by a probe). */
  private void add(Map<List<Object>, Pending> out, ResultSet rs) throws SQLException {
    Origin origin = "W".equals(rs.getString(1)) ? Origin.WAITING_TABLE : Origin.ERROR_TABLE;
    Pending p = read(rs, origin, RETRY_COLUMNS);
    out.putIfAbsent(
        List.of(origin, p.state(), p.topic(), p.partition(), p.offset(), p.target()), p);
  }

  /**
   * The columns a retry needs when the parent arrived in the batch: not the raw record (the largest
   * texts), which only the sweep's moves and releases copy.
   */
  private static final List<String> RETRY_COLUMNS =
      List.of(
          "topic",
          "kafka_partition",
          "kafka_offset",
          "target_object",
          "message",
          "ref_source",
          "ref_pk",
          "links_only",
          "event",
          "attempts");

  private Pending read(ResultSet rs, Origin origin, List<String> columns) throws SQLException {
    Map<String, String> cols = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      cols.put(columns.get(i), rs.getString(4 + i));
    }
    return pending(origin, rs.getString(2), rs.getLong(3), cols);
  }

  private Pending pending(Origin origin, String state, long since, Map<String, String> cols) {
    return new Pending(
        origin,
        cols.get("topic"),
        Integer.parseInt(cols.get("kafka_partition")),
        Long.parseLong(cols.get("kafka_offset")),
        cols.get("target_object"),
        state,
        dialect.isTrueText(cols.get("links_only")),
        EventCodec.read(cols.get("event")),
        since,
        Integer.parseInt(cols.get("attempts")),
        cols);
  }

  /**
   * Removes unresolved error rows whose retention has run out, at most {@code rows} of them, those
   * that expired first, and returns them (one statement; the others are taken by the next sweeps).
   */
  public List<Pending> takeExpiredErrors(Connection c, long nowMicros, int rows)
      throws SQLException {
    List<String> cols = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    cols.add("first_seen");
    String sql =
        dialect.takeExpiredErrors(
            schema.schema(), errors(), cols, Problem.UNRESOLVED_REFERENCE, rows);
    List<Pending> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, dialect.timestampText(nowMicros));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Map<String, String> m = new LinkedHashMap<>();
          for (int i = 0; i < VaultTables.EVENT_COLUMNS.size(); i++) {
            m.put(VaultTables.EVENT_COLUMNS.get(i), rs.getString(1 + i));
          }
          out.add(pending(Origin.ERROR_TABLE, Problem.UNRESOLVED_REFERENCE, 0, m));
        }
      }
    }
    return out;
  }

  /**
   * Moves waiting rows older than the watermark to the error table as UNRESOLVED_REFERENCE, to
   * expire at {@code expiresMicros}; returns how many moved (one statement).
   */
  public int moveToErrors(Connection c, long cutoffMicros, long nowMicros, long expiresMicros)
      throws SQLException {
    List<String> copied = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    copied.remove("last_attempt");
    List<String> statements =
        dialect.moveExpiredWaiting(
            schema.schema(), waiting(), errors(), copied, WAITING, Problem.UNRESOLVED_REFERENCE);
    int moved = -1;
    for (String sql : statements) {
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setString(1, dialect.timestampText(cutoffMicros));
        ps.setString(2, dialect.timestampText(expiresMicros));
        ps.setString(3, dialect.timestampText(nowMicros));
        int n = ps.executeUpdate();
        moved = moved < 0 ? n : moved;
      }
    }
    return Math.max(moved, 0);
  }

  /** Inserts waiting rows (ignoring rows already waiting: a replay keeps the first arrival). */
  public void insertWaiting(Connection c, List<Map<String, String>> rows) throws SQLException {
    writes.insert(c, waiting(), rows);
  }

  /** Inserts error rows (ignoring rows already there). */
  public void insertErrors(Connection c, List<Map<String, String>> rows) throws SQLException {
    writes.insert(c, errors(), rows);
  }

  /** Deletes resolved rows, per table (one statement per table with rows). */
  public void delete(Connection c, List<Pending> rows) throws SQLException {
    writes.delete(c, rows);
  }

  /**
   * Records a retry that left rows unresolved: their (possibly new) missing parent, message,
   * attempts and time (one statement per table with rows).
   */
  public void update(
      Connection c, List<Pending> rows, Map<Pending, Problem> problems, long nowMicros)
      throws SQLException {
    writes.update(c, rows, problems, nowMicros);
  }

  /** The text a timestamp column of the waiting and error tables takes (epoch microseconds). */
  public String timestampText(long micros) {
    return dialect.timestampText(micros);
  }

  /** The text a boolean column of the waiting and error tables takes. */
  public String booleanText(boolean value) {
    return dialect.booleanText(value);
  }

  /** The columns of a new waiting or error row for an event and its problem. */
  public Map<String, String> row(
      ChangeEvent e, Problem p, boolean linksOnly, int attempts, long nowMicros) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("topic", e.position().topic());
    m.put("kafka_partition", Integer.toString(e.position().partition()));
    m.put("kafka_offset", Long.toString(e.position().offset()));
    m.put("source_table", e.sourceTable());
    m.put("target_object", p.target());
    m.put("message", p.message());
    m.put("ref_source", p.refSource());
    m.put("ref_pk", p.refPk());
    m.put("links_only", dialect.booleanText(linksOnly));
    m.put("operation", e.operation().name());
    m.put("event_time", dialect.timestampText(e.eventTimeMicros()));
    m.put("record_key", EventCodec.raw(RawBytes.bytes(e.rawKey())));
    m.put("record_value", EventCodec.raw(RawBytes.bytes(e.rawValue())));
    m.put("event", EventCodec.write(e));
    m.put("attempts", Integer.toString(attempts));
    m.put("last_attempt", dialect.timestampText(nowMicros));
    return m;
  }
}
