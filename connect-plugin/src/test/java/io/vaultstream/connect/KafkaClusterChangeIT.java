package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A connector that loaded from one Kafka cluster, pointed at a new cluster whose topics have the
 * same names (a cluster rebuilt, topics created again): the positions stored in the vault belong to
 * the old topics, so the task reads the new ones from their beginning instead of skipping their
 * records up to the old offsets.
 */
class KafkaClusterChangeIT {
  private static final String PREFIX = "again.public";
  private static final List<String> TABLES = ShopFeed.TABLES;
  private EmbeddedConnectCluster connect;
  private final List<VaultLoader> loaders = new ArrayList<>();

  @AfterEach
  void stop() {
    loaders.forEach(VaultLoader::close);
    if (connect != null) {
      connect.stop();
    }
  }

  private EmbeddedConnectCluster cluster(String name) {
    EmbeddedConnectCluster c = EmbeddedWorker.start(name);
    ShopFeed.createTopics(c.kafka(), PREFIX);
    return c;
  }

  private VaultLoader loader(String model, String schema) throws Exception {
    VaultModel m = ModelLoader.parse(model, PREFIX);
    VaultLoader l = VaultLoader.open(m, TestDatabase.options(schema).build());
    loaders.add(l);
    return l;
  }

  private static Map<String, String> connector(String model, String schema) {
    Map<String, String> p = ShopFeed.jsonConnector(PREFIX, TABLES, schema, model);
    p.put("batch.max.wait.ms", "200");
    return p;
  }

  @Test
  void positionsOfAnotherClusterAreNotResumedFrom() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader(model, schema);

    connect = cluster("vaultstream-first-cluster");
    ShopFeed first = new ShopFeed();
    first.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 1).withSchemas().next(200));
    connect.configureConnector("again", connector(model, schema));
    first.awaitLoaded(reader, "again", Duration.ofSeconds(90));
    assertThat(reader.progress("again"))
        .as("every stored position has its anchor")
        .allMatch(p -> p.anchor() != null && p.anchor().offset() == p.nextOffset() - 1);
    connect.stop();

    // The same topic names on a new cluster, with other (and more) records.
    connect = cluster("vaultstream-second-cluster");
    ShopFeed second = new ShopFeed();
    second.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 2).withSchemas().next(1000));
    connect.configureConnector("again", connector(model, schema));
    second.awaitLoaded(reader, "again", Duration.ofSeconds(90));

    // Every record of both clusters is in the vault, as if loaded one after the other.
    String ref = TestDatabase.newSchema();
    VaultLoader direct = loader(model, ref);
    first.loadDirectly(direct);
    second.loadDirectly(direct);
    Map<String, List<String>> want = VaultDump.of(ref);
    List<String> tables = List.of("hub_customer", "hub_order", "lnk_order_line", "sat_order");
    // Polled: a topic no longer than before (few status codes) may be read again last.
    org.awaitility.Awaitility.await("the vault holds both clusters' records")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              Map<String, List<String>> got = VaultDump.of(schema);
              for (String t : tables) {
                assertThat(got.get(t)).as(t).isEqualTo(want.get(t));
              }
            });
    for (Progress.Position p : reader.progress("again")) {
      assertThat(p.anchor().offset()).isEqualTo(p.nextOffset() - 1);
    }
  }
}
