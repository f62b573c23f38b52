package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A satellite row inserted by another writer during a load does not fail the batch (PostgreSQL: the
 * test sees the load wait for the other writer's lock in pg_stat_activity).
 */
class ConcurrentSatelliteWriterIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private final List<VaultLoader> loaders = new ArrayList<>();

  @AfterEach
  void tearDown() {
    loaders.forEach(VaultLoader::close);
  }

  private VaultLoader open(String schema) throws Exception {
    VaultLoader l = VaultLoader.open(SHOP, TestDatabase.options(schema).poolMaxSize(3).build());
    loaders.add(l);
    return l;
  }

  @Test
  void aSatelliteRowInsertedByAnotherWriterMeanwhileDoesNotFailTheBatch() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader loader = open(schema);
    EventFactory ev = new EventFactory(SHOP);
    long t0 = EventFactory.at(0);
    long t1 = EventFactory.at(1);
    loader.load(List.of(customer(ev, "c", t0, "Ann")));
    String hk = io.vaultstream.testing.DatabaseContract.md5("C1");

    try (Connection other = TestDatabase.connect()) {
      other.setAutoCommit(false);
      try (var st = other.createStatement()) {
        st.execute(
            "INSERT INTO "
                + schema
                + ".sat_customer (customer_hk, load_dts, record_source, hash_diff, delete_flag,"
                + " name, loaded_at) VALUES ('"
                + hk
                + "', '"
                + new io.vaultstream.dialect.postgres.PostgresDialect().timestampText(t1)
                + "', 'SHOP.customers', 'FROM-THE-OTHER-WRITER', false, 'Anna', now())");
      }
      CompletableFuture<LoadResult> load =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return loader.load(List.of(customer(ev, "u", t1, "Anna")));
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      // The load's insert waits for the other writer's uncommitted row of the same key.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  Integer.parseInt(
                          TestDatabase.value(
                              "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type ="
                                  + " 'Lock' AND query LIKE '%sat_customer%'"))
                      > 0);
      other.commit();
      LoadResult r = load.get(30, TimeUnit.SECONDS);
      assertThat(r.problems()).isEmpty();
    }
    // The batch was written again after the other writer committed: it read that writer's version
    // and placed its own (different) version after it, at the next free microsecond.
    List<String> versions =
        TestDatabase.rows(
            "SELECT load_dts = '"
                + new io.vaultstream.dialect.postgres.PostgresDialect().timestampText(t1)
                + "'::timestamptz, hash_diff = 'FROM-THE-OTHER-WRITER', name FROM "
                + schema
                + ".sat_customer WHERE customer_hk = '"
                + hk
                + "' ORDER BY load_dts");
    assertThat(versions).containsExactly("f|f|Ann", "t|t|Anna", "f|f|Anna");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
  }

  private static ChangeEvent customer(EventFactory ev, String op, long t, String name) {
    return ev.event(
        "customers",
        op,
        t,
        EventFactory.row(
            "id",
            1L,
            "customer_no",
            "C1",
            "name",
            name,
            "email",
            "ann@example.com",
            "city",
            "Hamburg",
            "updated_at",
            java.time.Instant.ofEpochSecond(1_704_067_200L)));
  }
}
