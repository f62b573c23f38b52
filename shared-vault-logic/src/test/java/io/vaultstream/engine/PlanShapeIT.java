package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.PlanProbe;
import io.vaultstream.testing.PlanProbe.Scan;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.StatementLog;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The plans of the statements the loader runs stay index-driven when its tables grow without
 * statistics: every statement of a real load (key map, history, hubs and links, waiting rows, error
 * rows, progress) is run again under EXPLAIN ANALYZE after each table grew by {@link #ROWS} rows
 * that were never analyzed, and no scan of a grown table may read more than a batch's worth of
 * rows. The sweep (on a timer) reads a page of the waiting and of the error table, walking their
 * primary keys: it may read a page of each. Set {@code -Dvaultstream.plans.rows=N} to grow further,
 * {@code -Dvaultstream.plans.print=true} to print each plan's scans.
 */
class PlanShapeIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int ROWS = Integer.getInteger("vaultstream.plans.rows", 60_000);
  private static final boolean PRINT = Boolean.getBoolean("vaultstream.plans.print");
  private static final int BATCH = 1_000;
  // A statement of one batch reads at most a few rows per key it was given.
  private static final long MOST_ROWS_READ = 8L * BATCH;
  // Small, so that the load runs both the first page of a sweep and a page after a full one.
  private static final int SWEEP_PAGE = 200;

  /** Never analyzed: custom plans, and generic plans made while the tables were tiny. */
  @Test
  void neverAnalyzedTablesKeepIndexPlans() throws Exception {
    check(false);
  }

  /**
   * Analyzed while empty (a DBA's vacuumdb, or autovacuum right after creation), then grown: the
   * statistics say every table is empty. The loader's sessions use custom plans only, made from
   * each table's size on disk at execution.
   */
  @Test
  void tablesAnalyzedWhileEmptyKeepIndexPlans() throws Exception {
    check(true);
  }

  /**
   * Analyzed once grown (a DBA's ANALYZE, or autovacuum on a server that runs it): the statistics
   * are right, and may say a parameter's value is common (a source with many waiting rows).
   */
  @Test
  void tablesAnalyzedOnceGrownKeepIndexPlans() throws Exception {
    check(false, true);
  }

  private void check(boolean analyzeEmpty) throws Exception {
    check(analyzeEmpty, false);
  }

  private void check(boolean analyzeEmpty, boolean analyzeGrown) throws Exception {
    String schema = TestDatabase.newSchema();
    StatementLog log = new StatementLog();
    TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    VaultOptions options =
        TestDatabase.options(schema)
            .watermarkSeconds(60)
            .errorRetentionSeconds(60)
            .sweepPageRows(SWEEP_PAGE)
            // As a Connect task: each batch reads the stored positions before it writes.
            .checkStoredProgress(true)
            .build();
    List<String> tables;
    try (VaultLoader loader = VaultLoader.withDataSource(SHOP, options, log, clock)) {
      tables = tables(schema);
      // Never analyzed means never: autovacuum must not analyze a table while the test loads and
      // grows it (it did on a loaded machine, and the plans then followed real statistics).
      for (String t : tables) {
        TestDatabase.execute(
            "ALTER TABLE \"" + schema + "\".\"" + t + "\" SET (autovacuum_enabled = false)");
      }
      if (analyzeEmpty) {
        for (String t : tables) {
          TestDatabase.execute("ANALYZE \"" + schema + "\".\"" + t + "\"");
        }
      }
      load(loader, clock);
    }
    List<StatementLog.Executed> executed = new ArrayList<>(log.executed());
    executed.removeIf(e -> !isDml(e.sql()) || e.sql().contains("information_schema"));
    Set<String> grown = new HashSet<>(tables);
    grown.remove("vs_progress"); // a row per partition, never more
    grown.remove("vs_writers"); // a row per loader (those gone for a day deleted), read whole
    List<String> problems = new ArrayList<>();
    try (Connection c = TestDatabase.connect();
        Statement st = c.createStatement()) {
      // The loader's session settings (the plan cache mode is set per check below).
      st.execute(new PostgresDialect().connectionInitSql());
      for (int i = 0; i < executed.size(); i++) {
        st.execute("PREPARE s" + i + " AS " + PlanProbe.numbered(executed.get(i).sql()));
        if (!analyzeEmpty) {
          // A generic plan made now, on tables of a few rows, is kept by the session.
          st.execute("SET plan_cache_mode = force_generic_plan");
          PlanProbe.scans(c, "s" + i, executed.get(i).parameters(), schema, grown);
        }
      }
      PlanProbe.grow(c, schema, List.copyOf(grown), ROWS);
      if (analyzeGrown) {
        for (String t : grown) {
          st.execute("ANALYZE \"" + schema + "\".\"" + t + "\"");
        }
      }
      for (int i = 0; i < executed.size(); i++) {
        String sql = executed.get(i).sql();
        List<String> modes =
            analyzeEmpty || analyzeGrown
                ? List.of("force_custom_plan")
                : List.of("force_custom_plan", "force_generic_plan");
        for (String mode : modes) {
          st.execute("SET plan_cache_mode = " + mode);
          List<Scan> scans =
              PlanProbe.scans(c, "s" + i, executed.get(i).parameters(), schema, grown);
          if (PRINT) {
            System.out.printf("%s%n  %s: %s%n", sql.replace('\n', ' '), mode, scans);
          }
          for (Scan s : scans) {
            if (!allowed(sql, s)) {
              problems.add(mode + ": " + s + "\n    in: " + sql.replace('\n', ' '));
            }
          }
        }
      }
    }
    assertThat(executed).hasSizeGreaterThan(10);
    assertThat(executed)
        .as("the load read a sweep's page after a full one")
        .anyMatch(e -> e.sql().contains("ORDER BY y.\"topic\"") && e.sql().contains(") > (CAST("));
    assertThat(problems).as("scans that read more than a batch's rows").isEmpty();
  }

  private static boolean allowed(String sql, Scan s) {
    if (s.table().equals("vs_writers")) {
      return true; // the writers' marks: every batch reads them all, a row per loader
    }
    boolean page = sql.contains(" ORDER BY y.\"topic\", y.\"kafka_partition\", y.\"kafka_offset\"");
    if (page && (s.table().equals("vs_waiting") || s.table().equals("vs_errors"))) {
      // A sweep's page: an ordered walk of the primary key, from the row after the last page's.
      return s.nodeType().startsWith("Index") && s.rowsRead() <= SWEEP_PAGE;
    }
    return !s.nodeType().equals("Seq Scan") && s.indexCond() && s.rowsRead() <= MOST_ROWS_READ;
  }

  private static boolean isDml(String sql) {
    String s = sql.stripLeading().toUpperCase(java.util.Locale.ROOT);
    return s.startsWith("SELECT")
        || s.startsWith("WITH")
        || s.startsWith("INSERT")
        || s.startsWith("UPDATE")
        || s.startsWith("DELETE");
  }

  /**
   * A load that runs every statement of the loader: children before parents (waiting rows), the
   * watermark (error rows), the retention (the unknown ghost), parents one source at a time (order
   * lines rechecked when their order comes still wait for their product: updated waiting rows),
   * progress.
   */
  private static void load(VaultLoader loader, TestClock clock) throws SQLException {
    ChangeEventDecoder decoder = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    List<List<ChangeEvent>> batches = Backlog.of(decoder, 3, 6 * BATCH, BATCH, true);
    List<String> late = List.of("orders", "products", "customers");
    Map<String, List<ChangeEvent>> parents = new LinkedHashMap<>();
    late.forEach(source -> parents.put(source, new ArrayList<>()));
    for (int b = 0; b < batches.size(); b++) {
      List<ChangeEvent> children = new ArrayList<>();
      for (ChangeEvent e : batches.get(b)) {
        boolean held = late.contains(e.sourceTable()) && b >= batches.size() / 2;
        (held ? parents.get(e.sourceTable()) : children).add(e);
      }
      Progress p = new Progress("plans", List.of(new Progress.Position("t", 0, b + 1L)));
      loader.load(children, List.of(), p);
      if (b == batches.size() / 2) {
        clock.advance(Duration.ofSeconds(90));
        loader.sweep(); // past the watermark: waiting rows become error rows
        clock.advance(Duration.ofSeconds(90));
        loader.sweep(); // past the retention: loaded against the unknown ghost
      }
    }
    for (List<ChangeEvent> events : parents.values()) {
      clock.advance(Duration.ofSeconds(10));
      loader.load(events);
    }
    loader.sweep();
  }

  private static List<String> tables(String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = TestDatabase.connect();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "'")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
