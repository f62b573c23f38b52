package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Batches planned while the previous one is written give the same vault as batches loaded one by
 * one; a satellite row inserted by another writer during a load does not fail the batch.
 */
class PipelinedAndConcurrentLoadIT {
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

  private static List<List<ChangeEvent>> batches(VaultLoader loader, int events, int batchSize) {
    return batches(loader, events, batchSize, true);
  }

  private static List<List<ChangeEvent>> batches(
      VaultLoader loader, int events, int batchSize, boolean childrenFirst) {
    return Backlog.of(loader.decoder(), 7, events, batchSize, childrenFirst);
  }

  private static Map<String, List<String>> vault(String schema) throws Exception {
    return Backlog.vault(schema);
  }

  @Test
  void pipelinedBatchesGiveTheVaultOfSerialBatches() throws Exception {
    String serialSchema = TestDatabase.newSchema();
    String pipelinedSchema = TestDatabase.newSchema();
    VaultLoader serial = open(serialSchema);
    VaultLoader pipelined = open(pipelinedSchema);
    List<List<ChangeEvent>> batches = batches(serial, 12_000, 700);

    int waitedSerially = 0;
    for (List<ChangeEvent> b : batches) {
      waitedSerially += serial.load(b).waiting();
    }
    serial.sweep();

    List<Integer> committed = new ArrayList<>();
    int[] waited = {0};
    try (LoadPipeline<Integer> pipeline =
        pipelined.pipeline(
            (tag, result) -> {
              committed.add(tag);
              waited[0] += result.waiting();
            })) {
      int overlapped = 0;
      for (int i = 0; i < batches.size(); i++) {
        pipeline.submit(batches.get(i), List.of(), null, i);
        overlapped += pipeline.busy() ? 1 : 0; // not when the batch ran the sweep on its own
      }
      assertThat(overlapped).isGreaterThan(batches.size() / 2);
      pipeline.drain();
      assertThat(pipeline.busy()).isFalse();
    }
    pipelined.sweep();

    assertThat(committed).hasSize(batches.size()).isSorted();
    assertThat(waitedSerially).as("the test makes children wait for parents").isGreaterThan(100);
    assertThat(waited[0]).isGreaterThan(100);
    assertThat(TestDatabase.value("SELECT count(*) FROM " + pipelinedSchema + ".vs_waiting"))
        .isEqualTo("0");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + pipelinedSchema + ".vs_errors"))
        .isEqualTo("0");
    Map<String, List<String>> expected = vault(serialSchema);
    Map<String, List<String>> actual = vault(pipelinedSchema);
    assertThat(actual.keySet()).isEqualTo(expected.keySet());
    for (String table : expected.keySet()) {
      assertThat(actual.get(table)).as(table).isEqualTo(expected.get(table));
    }
  }

  @Test
  void whenTheBatchInFlightFailsNeitherItNorTheNextIsLoadedAndBothLoadWhenSubmittedAgain()
      throws Exception {
    String serialSchema = TestDatabase.newSchema();
    String pipelinedSchema = TestDatabase.newSchema();
    VaultLoader serial = open(serialSchema);
    VaultLoader pipelined = open(pipelinedSchema);
    List<List<ChangeEvent>> batches = batches(serial, 3_000, 1_000, false);
    for (List<ChangeEvent> b : batches) {
      serial.load(b);
    }
    serial.sweep();

    List<Integer> committed = new ArrayList<>();
    try (LoadPipeline<Integer> pipeline = pipelined.pipeline((tag, result) -> committed.add(tag))) {
      pipeline.submit(List.of(), List.of(), null, -1); // runs the first sweep on its own
      assertThat(committed).containsExactly(-1);
      // The writer will not find the link satellite's table.
      TestDatabase.execute(
          "ALTER TABLE " + pipelinedSchema + ".lsat_order_line RENAME TO lsat_away");
      pipeline.submit(batches.get(0), List.of(), null, 0);
      assertThat(pipeline.busy()).isTrue();
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> pipeline.submit(batches.get(1), List.of(), null, 1))
          .isInstanceOf(java.sql.SQLException.class)
          .hasMessageContaining("lsat_order_line");
      assertThat(pipeline.busy()).isFalse();
      assertThat(committed).containsExactly(-1);
      assertThat(TestDatabase.value("SELECT count(*) FROM " + pipelinedSchema + ".hub_order"))
          .as("nothing of the failed batch is in the vault")
          .isEqualTo("2");

      TestDatabase.execute(
          "ALTER TABLE " + pipelinedSchema + ".lsat_away RENAME TO lsat_order_line");
      for (int i = 0; i < batches.size(); i++) {
        pipeline.submit(batches.get(i), List.of(), null, i);
      }
      pipeline.drain();
    }
    pipelined.sweep();
    List<Integer> expectedTags = new ArrayList<>(List.of(-1));
    for (int i = 0; i < batches.size(); i++) {
      expectedTags.add(i);
    }
    assertThat(committed).isEqualTo(expectedTags);
    Map<String, List<String>> expected = vault(serialSchema);
    for (Map.Entry<String, List<String>> e : vault(pipelinedSchema).entrySet()) {
      assertThat(e.getValue()).as(e.getKey()).isEqualTo(expected.get(e.getKey()));
    }
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
                + new io.vaultstream.dialect.PostgresDialect().timestampText(t1)
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
                + new io.vaultstream.dialect.PostgresDialect().timestampText(t1)
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
