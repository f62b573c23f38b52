package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.StoreLoader;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import io.vaultstream.write.VaultShape;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The engine's planning and writing over Delta tables: the same Debezium events of the shop (its
 * orders, lines, updates and deletes), loaded batch by batch into PostgreSQL through the JDBC store
 * and into Delta through the lakehouse store, give the same rows in every vault table, and the
 * children that arrive before their parents wait in the Delta waiting table as they do in
 * PostgreSQL's, also when the driver dies between two tables' commits of a batch and the batch runs
 * again.
 */
class LakeStoreLoaderIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int BATCHES = 3;
  private static final int EVENTS_PER_BATCH = 150;

  @Test
  void theShopInDeltaHasThePostgresRows() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    List<List<ChangeEvent>> batches = loadedIntoPostgres(options);

    HashKeyCalculator hasher = new HashKeyCalculator(SHOP.hashing());
    LakeLocation at = location("vault");
    LakeTables tables = new LakeTables(SHOP, hasher, at);
    int waitingAfterFirst = loadedIntoTheLake(options, hasher, at, tables, batches);

    Map<String, List<String>> postgres = LakeDump.assertSameAsPostgres(spark, SHOP, schema, at, "");
    assertThat(postgres.values().stream().mapToInt(List::size).sum()).isGreaterThan(300);
    // Children before their parents waited in both, and as many are still waiting.
    assertThat(waitingAfterFirst).isGreaterThanOrEqualTo(0);
    assertThat(count(at, "vs_waiting"))
        .isEqualTo(
            Long.parseLong(
                TargetDatabase.postgres().value("SELECT count(*) FROM " + schema + ".vs_waiting")));
  }

  /**
   * Loads the batches through the lakehouse store into {@code at}'s new tables, a second apart; in
   * the second batch the driver dies after four tables committed and the batch runs again. Returns
   * how many rows wait after the first batch.
   */
  private static int loadedIntoTheLake(
      VaultOptions options,
      HashKeyCalculator hasher,
      LakeLocation at,
      LakeTables tables,
      List<List<ChangeEvent>> batches)
      throws Exception {
    tables.create(spark);
    spark.sql(LakeBatch.createLedger(at));
    LakeTypes types = new LakeTypes();
    VaultShape shape = new VaultShape(SHOP, types, hasher, "vault");
    TestClock lakeClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    StoreLoader lake = storeLoader(SHOP, options, types, shape, lakeClock, at);
    LakeCommit commit = new LakeCommit(spark, "lake-store-loader-it", at.format());
    int waitingAfterFirst = -1;
    for (int b = 0; b < BATCHES; b++) {
      LakeBatch batch =
          LakeBatch.begin(
              spark,
              at,
              commit,
              b,
              List.copyOf(tables.all().keySet()),
              lakeClock.instant().toEpochMilli() * 1000L);
      LakeBatchStore store = new LakeBatchStore(spark, batch, shape, types, SHOP.naming());
      if (b == 1) {
        // The driver dies after the batch's first four tables committed; the batch runs again.
        LakeBatchStore doomed = store;
        long id = b;
        assertThatThrownBy(
                () ->
                    lake.load(
                        new DyingStore(doomed, 4, at, commit, id), batches.get(1), List.of(), null))
            .hasMessageContaining("the driver dies");
        batch =
            LakeBatch.begin(
                spark, at, commit, b, List.copyOf(tables.all().keySet()), Long.MIN_VALUE);
        assertThat(batch.runAgain()).isTrue();
        store = new LakeBatchStore(spark, batch, shape, types, SHOP.naming());
      }
      LoadResult r = lake.load(store, batches.get(b), List.of(), null);
      if (b == 0) {
        waitingAfterFirst = r.waiting();
      }
      lakeClock.advance(java.time.Duration.ofSeconds(1));
    }
    return waitingAfterFirst;
  }

  /**
   * Loads the generated shop events in {@link #BATCHES} batches through the engine into the
   * PostgreSQL vault of {@code options}, a second apart; returns the batches.
   */
  private static List<List<ChangeEvent>> loadedIntoPostgres(VaultOptions options) throws Exception {
    TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    List<List<ChangeEvent>> batches = new ArrayList<>();
    try (VaultLoader jdbc = VaultLoader.open(SHOP, options, clock)) {
      ShopEventGenerator source = ShopEventGenerator.debezium(11).withSchemas();
      long offset = 0;
      for (int b = 0; b < BATCHES; b++) {
        List<ChangeEvent> events = new ArrayList<>();
        for (ChangeRecord r : source.next(EVENTS_PER_BATCH)) {
          var e = jdbc.decoder().decode(r.topic(), 0, offset++, 0, r.key(), r.value());
          e.ifPresent(events::add);
        }
        batches.add(events);
        jdbc.load(events);
        clock.advance(java.time.Duration.ofSeconds(1));
      }
    }
    return batches;
  }

  /**
   * The waiting rows' life on both targets: children whose parents are missing wait, pass the
   * watermark in a sweep and become error rows; the parents then arrive, newest first (history out
   * of order), and resolve them; a replay of the first batch changes nothing. Every table, the
   * loader's own included, has the same rows (the error rows' numbers aside).
   */
  @Test
  void waitingRowsWatermarkOutOfOrderHistoryAndAReplayAsInPostgres() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    List<ChangeRecord> all = ShopEventGenerator.debezium(23).withSchemas().next(240);
    List<List<Integer>> steps = childrenSweepParentsNewestFirstAndAReplay(all);
    stepsLoadedIntoPostgres(options, all, steps);
    LakeLocation at = location("lifecycle");
    int errorsAfterSweep = stepsLoadedIntoTheLake(options, at, all, steps);

    Map<String, List<String>> postgres =
        VaultDump.of(
            TargetDatabase.postgres(),
            schema,
            t -> !t.equals("vs_writers"), // the loaders' marks: a database's, not a lake's
            c -> !c.equals("loaded_at") && !c.equals("id"));
    Map<String, List<String>> delta = new TreeMap<>();
    for (TableSpec t :
        new LakeTables(SHOP, new HashKeyCalculator(SHOP.hashing()), at).all().values()) {
      delta.put(t.name(), rows(at, t, "id"));
    }
    assertThat(delta.keySet()).containsExactlyInAnyOrderElementsOf(postgres.keySet());
    for (String table : postgres.keySet()) {
      assertThat(delta.get(table)).as(table).containsExactlyElementsOf(postgres.get(table));
    }
    assertThat(errorsAfterSweep).as("children past the watermark became error rows").isPositive();
    assertThat(postgres.get("vs_errors")).as("the parents resolved them").isEmpty();
  }

  /**
   * The records' positions in the order the lifecycle test loads them: the children, a sweep (an
   * empty step), the parents newest first, and the first half of the children again.
   */
  private static List<List<Integer>> childrenSweepParentsNewestFirstAndAReplay(
      List<ChangeRecord> all) {
    List<Integer> parents = new ArrayList<>();
    List<Integer> children = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      (all.get(i).table().equals("customers") ? parents : children).add(i);
    }
    java.util.Collections.reverse(parents);
    return List.of(children, List.of(), parents, children.subList(0, children.size() / 2));
  }

  /**
   * Loads the steps through the engine into PostgreSQL; an empty step sweeps past the watermark.
   */
  private static void stepsLoadedIntoPostgres(
      VaultOptions options, List<ChangeRecord> all, List<List<Integer>> steps) throws Exception {
    TestClock pgClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    try (VaultLoader jdbc = VaultLoader.open(SHOP, options, pgClock)) {
      for (List<Integer> step : steps) {
        if (step.isEmpty()) {
          pgClock.advance(java.time.Duration.ofSeconds(200)); // past the watermark
          jdbc.sweep();
        } else {
          jdbc.load(decode(jdbc.decoder(), all, step));
        }
        pgClock.advance(java.time.Duration.ofSeconds(1));
      }
    }
  }

  /**
   * Loads the steps into {@code at}'s new tables as {@link #stepsLoadedIntoPostgres} does; returns
   * how many error rows there are after the sweep.
   */
  private static int stepsLoadedIntoTheLake(
      VaultOptions options, LakeLocation at, List<ChangeRecord> all, List<List<Integer>> steps)
      throws Exception {
    LakeVault.createTables(spark, SHOP, at);
    TestClock lakeClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    LakeVault lake = new LakeVault(spark, SHOP, options, at, "it", lakeClock);
    long batch = 0;
    int errorsAfterSweep = -1;
    for (List<Integer> step : steps) {
      if (step.isEmpty()) {
        lakeClock.advance(java.time.Duration.ofSeconds(200));
        lake.sweep(batch++);
        errorsAfterSweep = (int) count(at, "vs_errors");
      } else {
        lake.load(batch++, decode(lake.decoder(), all, step), List.of(), null);
      }
      lakeClock.advance(java.time.Duration.ofSeconds(1));
    }
    return errorsAfterSweep;
  }

  /**
   * Where the test's vault called {@code name} is kept: Delta tables under the test's directory.
   */
  LakeLocation location(String name) {
    return new LakeLocation.Path(dir.resolve(name).toString());
  }

  private static List<ChangeEvent> decode(
      io.vaultstream.decode.ChangeEventDecoder decoder,
      List<ChangeRecord> all,
      List<Integer> which) {
    List<ChangeEvent> out = new ArrayList<>();
    for (int i : which) {
      ChangeRecord r = all.get(i);
      decoder.decode(r.topic(), 0, i, 0, r.key(), r.value()).ifPresent(out::add);
    }
    return out;
  }

  private static long count(LakeLocation at, String table) {
    return spark.sql("SELECT count(*) FROM " + at.table(table)).first().getLong(0);
  }

  private static List<String> rows(LakeLocation at, TableSpec t) {
    return LakeDump.rows(spark, at, t, "loaded_at");
  }

  private static List<String> rows(LakeLocation at, TableSpec t, String also) {
    return LakeDump.rows(spark, at, t, also);
  }
}
