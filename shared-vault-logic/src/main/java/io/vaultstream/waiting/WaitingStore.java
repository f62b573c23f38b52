package io.vaultstream.waiting;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Problem;
import io.vaultstream.table.TableSpec;
import io.vaultstream.waiting.WaitingRow.Table;
import io.vaultstream.write.JdbcRows;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The durable waiting rows in a relational vault ({@link WaitingRows} on a connection): events
 * whose link rows wait for a parent row, kept in the target database in the batch's transaction,
 * rechecked set-based at every flush, moved to the error table after the watermark and released
 * after the retention time.
 */
public final class WaitingStore {
  private final VaultDialect dialect;
  private final SchemaManager schema;
  private final WaitingSweepPages pages;
  private final WaitingRowWrites writes;

  public WaitingStore(VaultDialect dialect, SchemaManager schema) {
    this.dialect = dialect;
    this.schema = schema;
    this.pages = new WaitingSweepPages(dialect, schema.schema());
    this.writes = new WaitingRowWrites(dialect, schema);
  }

  /** The rows as the batch whose transaction {@code c} holds reads and changes them. */
  public WaitingRows on(Connection c) {
    return new OnConnection(c);
  }

  /** The waiting rows on one connection: each call in the transaction it holds. */
  private final class OnConnection implements WaitingRows {
    private final Connection c;

    OnConnection(Connection c) {
      this.c = c;
    }

    @Override
    public List<WaitingRow> findResolvable(Map<String, Set<String>> batchKeys, int pageRows)
        throws SQLException {
      return WaitingStore.this.findResolvable(c, batchKeys, pageRows);
    }

    @Override
    public List<WaitingRow> takeExpiredErrors(long nowMicros, int rows) throws SQLException {
      return WaitingStore.this.takeExpiredErrors(c, nowMicros, rows);
    }

    @Override
    public int moveToErrors(long cutoffMicros, long nowMicros, long expiresMicros)
        throws SQLException {
      return WaitingStore.this.moveToErrors(c, cutoffMicros, nowMicros, expiresMicros);
    }

    @Override
    public void insertWaiting(List<Map<String, String>> rows) throws SQLException {
      writes.insert(c, waiting(), rows);
    }

    @Override
    public void insertErrors(List<Map<String, String>> rows) throws SQLException {
      writes.insert(c, errors(), rows);
    }

    @Override
    public void delete(List<WaitingRow> rows) throws SQLException {
      writes.delete(c, rows);
    }

    @Override
    public void update(List<WaitingRow> rows, Map<WaitingRow, Problem> problems, long nowMicros)
        throws SQLException {
      writes.update(c, rows, problems, nowMicros);
    }
  }

  private TableSpec waiting() {
    return schema.table(VaultTables.WAITING);
  }

  private TableSpec errors() {
    return schema.table(VaultTables.ERRORS);
  }

  /**
   * Waiting rows (either state) and unresolved error rows whose missing parent is among the rows of
   * the batch being loaded (index probes, one query, given only the keys of the sources something
   * waits on, and skipped when nothing does); with {@code sweepPageRows} > 0 (the sweep), also
   * those of each table's next page ({@link WaitingSweepPages}) whose parent is in the key map.
   */
  private List<WaitingRow> findResolvable(
      Connection c, Map<String, Set<String>> batchKeys, int sweepPageRows) throws SQLException {
    Map<List<Object>, WaitingRow> out = new LinkedHashMap<>();
    Set<String> waitedOn = sourcesWaitedOn(c, batchKeys);
    if (!waitedOn.isEmpty()) {
      String sql =
          dialect.selectWaitingForParents(
              schema.schema(),
              VaultTables.WAITING,
              VaultTables.ERRORS,
              WaitingRow.RECHECK_COLUMNS,
              Problem.UNRESOLVED_REFERENCE);
      TextColumns parents = new TextColumns(List.of("ref_source", "ref_pk"));
      for (String source : waitedOn) {
        batchKeys.getOrDefault(source, Set.of()).forEach(k -> parents.add(List.of(source, k)));
      }
      JdbcRows.query(c, dialect, parents, sql, rs -> add(out, rs));
    }
    if (sweepPageRows > 0) {
      readSweepPages(c, sweepPageRows, out);
    }
    return new ArrayList<>(out.values());
  }

  /**
   * The sources of the batch's rows that a waiting or error row waits on: a probe per source. A row
   * another task commits after it is found by the sweep, as one committed after the probe of the
   * keys would be.
   */
  private Set<String> sourcesWaitedOn(Connection c, Map<String, Set<String>> batchKeys)
      throws SQLException {
    TextColumns sources = new TextColumns(List.of("ref_source"));
    batchKeys.forEach(
        (source, keys) -> {
          if (!keys.isEmpty()) {
            sources.add(List.of(source));
          }
        });
    Set<String> out = new LinkedHashSet<>();
    if (sources.size() > 0) {
      String sql =
          dialect.selectSourcesWaitedOn(schema.schema(), VaultTables.WAITING, VaultTables.ERRORS);
      JdbcRows.query(c, dialect, sources, sql, rs -> out.add(rs.getString(1)));
    }
    return out;
  }

  /** Adds the rows of each table's next sweep page whose parent is in the key map. */
  private void readSweepPages(Connection c, int rows, Map<List<Object>, WaitingRow> out)
      throws SQLException {
    String s = schema.schema();
    pages.read(
        c,
        waiting(),
        rows,
        after ->
            dialect.selectResolvableWaitingPage(
                s, waiting(), VaultTables.KEY_MAP, WaitingRow.RECHECK_COLUMNS, rows, after),
        rs -> add(out, rs));
    pages.read(
        c,
        errors(),
        rows,
        after ->
            dialect.selectResolvableErrorPage(
                s,
                errors(),
                VaultTables.KEY_MAP,
                WaitingRow.RECHECK_COLUMNS,
                Problem.UNRESOLVED_REFERENCE,
                rows,
                after),
        rs -> add(out, rs));
  }

  /** Adds a row read by {@link #findResolvable} unless it was read already (by a probe). */
  private void add(Map<List<Object>, WaitingRow> out, ResultSet rs) throws SQLException {
    Table table = "W".equals(rs.getString(1)) ? Table.WAITING_TABLE : Table.ERROR_TABLE;
    WaitingRow p = read(rs, table, WaitingRow.RECHECK_COLUMNS);
    out.putIfAbsent(List.of(table, p.state(), p.topic(), p.partition(), p.offset(), p.target()), p);
  }

  private WaitingRow read(ResultSet rs, Table table, List<String> columns) throws SQLException {
    Map<String, String> cols = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      cols.put(columns.get(i), rs.getString(4 + i));
    }
    return row(table, rs.getString(2), rs.getLong(3), cols);
  }

  private WaitingRow row(Table table, String state, long since, Map<String, String> cols) {
    return WaitingRow.read(table, state, since, cols, dialect);
  }

  /**
   * Removes unresolved error rows whose retention has run out, at most {@code rows} of them, those
   * that expired first, and returns them (one statement; the others are taken by the next sweeps).
   */
  private List<WaitingRow> takeExpiredErrors(Connection c, long nowMicros, int rows)
      throws SQLException {
    List<String> cols = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    cols.add("first_seen");
    String sql =
        dialect.takeExpiredErrors(
            schema.schema(), errors(), cols, Problem.UNRESOLVED_REFERENCE, rows);
    List<WaitingRow> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, dialect.timestampText(nowMicros));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Map<String, String> m = new LinkedHashMap<>();
          for (int i = 0; i < VaultTables.EVENT_COLUMNS.size(); i++) {
            m.put(VaultTables.EVENT_COLUMNS.get(i), rs.getString(1 + i));
          }
          out.add(row(Table.ERROR_TABLE, Problem.UNRESOLVED_REFERENCE, 0, m));
        }
      }
    }
    return out;
  }

  /**
   * Moves waiting rows older than the watermark to the error table as UNRESOLVED_REFERENCE, to
   * expire at {@code expiresMicros}; returns how many moved (one statement).
   */
  private int moveToErrors(Connection c, long cutoffMicros, long nowMicros, long expiresMicros)
      throws SQLException {
    List<String> copied = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    copied.remove("last_attempt");
    List<String> statements =
        dialect.moveExpiredWaiting(
            schema.schema(),
            waiting(),
            errors(),
            copied,
            WaitingRow.WAITING,
            Problem.UNRESOLVED_REFERENCE);
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
}
