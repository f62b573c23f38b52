package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.StoreLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import io.vaultstream.write.VaultShape;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Delta store where it must do what the database's statements do: a waiting row resolved in a
 * batch that also runs the watermark is not moved to the error table as well, and an event whose
 * new column Delta cannot take becomes an error row while the rest of its batch loads.
 */
class LakeWaitingAndColumnsIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /** A vault in Delta at {@code name}, loaded batch by batch on a clock of the test's. */
  private static final class Vault {
    final LakeLocation at;
    final LakeTables tables;
    final LakeTypes types = new LakeTypes();
    final VaultShape shape;
    final StoreLoader loader;
    final TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    final LakeCommit commit;
    long batch;

    Vault(String name, VaultOptions options) {
      HashKeyCalculator hasher = new HashKeyCalculator(SHOP.hashing());
      at = new LakeLocation.Path(dir.resolve(name).toString());
      tables = new LakeTables(SHOP, hasher, at);
      tables.create(spark);
      spark.sql(LakeBatch.createLedger(at));
      shape = new VaultShape(SHOP, types, hasher, "vault");
      loader = storeLoader(SHOP, options, types, shape, clock, at);
      commit = new LakeCommit(spark, "lake-waiting-it-" + name);
    }

    LoadResult load(List<ChangeEvent> events) throws Exception {
      LakeBatch b =
          LakeBatch.begin(
              spark,
              at,
              commit,
              batch++,
              List.copyOf(tables.all().keySet()),
              clock.instant().toEpochMilli() * 1000L);
      LakeBatchStore store = new LakeBatchStore(spark, b, shape, types, SHOP.naming());
      return loader.load(store, events, List.of(), null);
    }

    long count(String table, String where) {
      return spark
          .sql("SELECT count(*) FROM " + at.table(table) + (where == null ? "" : " WHERE " + where))
          .first()
          .getLong(0);
    }
  }

  @Test
  void aChildResolvedInABatchThatRunsTheWatermarkIsNotAlsoAnError() throws Exception {
    VaultOptions options =
        VaultOptions.builder().outsideADatabase().watermarkSeconds(5).sweepIntervalMs(1000).build();
    Vault v = new Vault("watermark", options);
    EventFactory f = new EventFactory(SHOP);

    // An order whose customer is not loaded yet: its link waits.
    v.load(List.of(f.order(EventFactory.at(0), 1, "O-1", 7L)));
    assertThat(v.count("vs_waiting", null)).isEqualTo(1);

    // Past the watermark, the customer arrives: the batch resolves the order and sweeps.
    v.clock.advance(Duration.ofSeconds(30));
    LoadResult r = v.load(List.of(f.customer("c", EventFactory.at(1), 7, "C-7")));

    assertThat(r.resolved()).isEqualTo(1);
    assertThat(r.movedToErrors()).isZero();
    assertThat(v.count("lnk_order_customer", "load_dts > timestamp'2000-01-01'")).isEqualTo(1);
    assertThat(v.count("vs_waiting", null)).isZero();
    // The database's statements delete the resolved row before the watermark moves what is left.
    assertThat(v.count("vs_errors", null)).isZero();
  }

  @Test
  void aBatchRunAgainByANewDriverSweepsExactlyWhenItsFirstRunDid() {
    VaultOptions options =
        VaultOptions.builder()
            .outsideADatabase()
            .watermarkSeconds(60)
            .sweepIntervalMs(5000)
            .build();
    LakeLocation at = new LakeLocation.Path(dir.resolve("sweeps").toString());
    LakeVault.createTables(spark, SHOP, at);
    List<String> tables =
        List.copyOf(new LakeTables(SHOP, new HashKeyCalculator(SHOP.hashing()), at).all().keySet());
    LakeCommit commit = new LakeCommit(spark, "sweeps");
    long t = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli() * 1000L; // a 5 s boundary

    LakeVault first = new LakeVault(spark, SHOP, options, at, "sweeps");
    assertThat(first.sweeps(LakeBatch.begin(spark, at, commit, 0, tables, t))).isTrue();
    assertThat(first.sweeps(LakeBatch.begin(spark, at, commit, 1, tables, t + 1_000_000L)))
        .isFalse();
    assertThat(first.sweeps(LakeBatch.begin(spark, at, commit, 2, tables, t + 6_000_000L)))
        .isTrue();

    // The driver died; a new one runs batches 1 and 2 again, much later on the wall clock.
    LakeVault again = new LakeVault(spark, SHOP, options, at, "sweeps");
    LakeBatch one = LakeBatch.begin(spark, at, commit, 1, tables, t + 600_000_000L);
    LakeBatch two = LakeBatch.begin(spark, at, commit, 2, tables, t + 601_000_000L);
    assertThat(one.runAgain()).isTrue();
    assertThat(again.sweeps(one)).isFalse();
    assertThat(again.sweeps(two)).isTrue();
  }

  @Test
  void aColumnDeltaCannotNameIsAnErrorRowAndTheRestLoads() throws Exception {
    Vault v = new Vault("columns", VaultOptions.builder().outsideADatabase().build());
    EventFactory f = new EventFactory(SHOP);

    ChangeEvent good =
        f.event(
            "products",
            "c",
            EventFactory.at(0),
            EventFactory.row("id", 1, "sku", "P-1", "name", "a"));
    ChangeEvent spaced =
        f.event(
            "products",
            "c",
            EventFactory.at(1),
            EventFactory.row("id", 2, "sku", "P-2", "unit price", "3.5"));
    LoadResult r = v.load(List.of(good, spaced));

    assertThat(v.count("sat_product", "load_dts > timestamp'2000-01-01'")).isEqualTo(1);
    assertThat(v.count("vs_errors", null)).isEqualTo(1);
    assertThat(r.errors()).isEqualTo(1);

    // A name that only differs in case from a column the table has is one column to Delta.
    ChangeEvent twin =
        f.event(
            "products",
            "u",
            EventFactory.at(2),
            EventFactory.row("id", 1, "sku", "P-1", "name", "a", "NAME", "b"));
    ChangeEvent other =
        f.event("products", "c", EventFactory.at(3), EventFactory.row("id", 3, "sku", "P-3"));
    v.load(List.of(twin, other));
    assertThat(v.count("sat_product", "load_dts > timestamp'2000-01-01'")).isEqualTo(2);
    assertThat(v.count("vs_errors", null)).isEqualTo(2);
  }
}
