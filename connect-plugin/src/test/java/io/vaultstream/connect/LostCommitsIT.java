package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import io.vaultstream.testing.VaultSnapshot;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The target database loses commits it had acknowledged while the task runs (restored from a
 * snapshot taken earlier, as after a failover to a replica that lagged or a restore from a backup):
 * the task notices at its next batch that the positions stored in the vault went back, reads those
 * partitions again from there, and the vault ends as if nothing had been lost.
 */
class LostCommitsIT {
  private static final String PREFIX = "lost.public";
  private static final String NAME = "lost";
  private static final Duration LOADED = Duration.ofSeconds(90);
  private EmbeddedConnectCluster connect;
  private final List<VaultLoader> loaders = new ArrayList<>();

  @AfterEach
  void stop() {
    loaders.forEach(VaultLoader::close);
    if (connect != null) {
      connect.stop();
    }
  }

  private VaultLoader loader(String model, String schema) throws Exception {
    VaultLoader l =
        VaultLoader.open(ModelLoader.parse(model, PREFIX), TestDatabase.options(schema).build());
    loaders.add(l);
    return l;
  }

  // The scenario's parts: the model, the vault, a reader of its positions, the source's events.
  private String model;
  private String schema;
  private VaultLoader reader;
  private ShopEventGenerator source;
  private final ShopFeed feed = new ShopFeed();

  /** A worker running the connector on the shop's topics, the first part of the events loaded. */
  private void loadFirstPart(String worker, long seed) throws Exception {
    model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    schema = TestDatabase.newSchema();
    reader = loader(model, schema);
    connect = EmbeddedWorker.start(worker);
    ShopFeed.createTopics(connect.kafka(), PREFIX);
    source = new ShopEventGenerator(PREFIX, seed).withSchemas();
    Map<String, String> connector = ShopFeed.bytesConnector(PREFIX, ShopFeed.TABLES, schema, model);
    connector.put("batch.max.wait.ms", "200");
    feed.produce(connect.kafka(), source.next(400));
    connect.configureConnector(NAME, connector);
    feed.awaitLoaded(reader, NAME, LOADED);
  }

  /** The next part of the events, produced. */
  private void produceNextPart() throws Exception {
    feed.produce(connect.kafka(), source.next(400));
  }

  /** The vault, in the end, as a direct load of every part; no error row. */
  private void assertTheVaultHoldsEveryPart() throws Exception {
    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader(model, ref));
    assertSameVault(schema, ref);
    assertThat(TestDatabase.rows("SELECT * FROM " + schema + ".vs_errors")).isEmpty();
  }

  @Test
  void batchesTheDatabaseLostAreLoadedAgain() throws Exception {
    loadFirstPart("vaultstream-lost-commits", 7);
    String snapshot = VaultSnapshot.take(schema);
    produceNextPart();
    feed.awaitLoaded(reader, NAME, LOADED);
    // The database goes back to the snapshot: the second part's batches are lost.
    int wentBack =
        TestDatabase.rows(
                "SELECT p.topic FROM "
                    + schema
                    + ".vs_progress p JOIN "
                    + snapshot
                    + ".vs_progress s USING (consumer, topic, kafka_partition)"
                    + " WHERE p.next_offset <> s.next_offset")
            .size();
    VaultSnapshot.restore(schema, snapshot);
    assertThat(VaultDump.of(schema).get("hub_order"))
        .as("the restore took the second part's orders away")
        .isEqualTo(VaultDump.of(snapshot).get("hub_order"));

    produceNextPart();
    feed.awaitLoaded(reader, NAME, LOADED);
    assertTheVaultHoldsEveryPart();
    // Shown to the operator: each partition whose position went back counts once.
    assertThat(wentBack).isPositive();
    assertThat(
            (Long)
                ManagementFactory.getPlatformMBeanServer()
                    .getAttribute(VaultTaskMetrics.nameOf(NAME, "0"), "StoredPositionsMoved"))
        .as("the task's count of partitions read again from the vault's positions")
        .isEqualTo(wentBack);
  }

  /**
   * The database goes back to before the connector created its tables (a backup of the empty schema
   * restored): the running task creates them again at its next batch, finds its stored positions
   * gone, reads every partition again from its beginning, and the vault ends as a direct load of
   * everything.
   */
  @Test
  void aVaultRestoredToBeforeItsTablesIsCreatedAgainAndLoadedAgain() throws Exception {
    loadFirstPart("vaultstream-lost-tables", 8);
    VaultSnapshot.restoreToEmpty(schema);
    produceNextPart();
    Awaitility.await("the task created the vault's tables again")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions() // the positions' table is missing until then
        .until(() -> reader.progress(NAME) != null);
    feed.awaitLoaded(reader, NAME, LOADED);
    assertTheVaultHoldsEveryPart();
  }

  /** Polled: a child read again before its parent waits for the parent's batch. */
  private static void assertSameVault(String schema, String ref) throws Exception {
    Predicate<String> vault = t -> !t.startsWith("vs_");
    Map<String, List<String>> want =
        VaultDump.of(TargetDatabase.postgres(), ref, vault, c -> !c.equals("loaded_at"));
    Awaitility.await("the vault holds every part, the lost ones too")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(
            () -> {
              Map<String, List<String>> got =
                  VaultDump.of(
                      TargetDatabase.postgres(), schema, vault, c -> !c.equals("loaded_at"));
              assertThat(got.keySet()).isEqualTo(want.keySet());
              for (String t : want.keySet()) {
                assertThat(got.get(t)).as(t).isEqualTo(want.get(t));
              }
            });
  }
}
