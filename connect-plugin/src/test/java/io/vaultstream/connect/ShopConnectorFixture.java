package io.vaultstream.connect;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;

/**
 * A worker with the shop's topics of some prefixes (orders and order lines in two partitions), and
 * what a test starts on it: connectors and vault loaders, removed after each test.
 */
abstract class ShopConnectorFixture {
  static final Duration LOADED = Duration.ofSeconds(90);
  static EmbeddedConnectCluster connect;
  private static String shopJson;
  final List<String> connectors = new ArrayList<>();
  private final List<VaultLoader> loaders = new ArrayList<>();

  /** Starts the worker named {@code name} with the shop's topics of each of {@code prefixes}. */
  static void startWorker(String name, List<String> prefixes) throws Exception {
    connect = EmbeddedWorker.start(name);
    shopJson = Files.readString(Samples.shopModel());
    for (String prefix : prefixes) {
      ShopFeed.createTopics(connect.kafka(), prefix, 2);
    }
  }

  @AfterAll
  static void stopCluster() {
    if (connect != null) {
      connect.stop();
      connect = null;
    }
  }

  @AfterEach
  void cleanUp() {
    connectors.forEach(connect::deleteConnector);
    loaders.forEach(VaultLoader::close);
  }

  static String model(String prefix) {
    return shopJson.replace("shop.public.", prefix + ".");
  }

  VaultLoader loader(String prefix, String schema) throws Exception {
    VaultModel m = ModelLoader.parse(model(prefix), prefix);
    VaultLoader l = VaultLoader.open(m, TestDatabase.options(schema).build());
    loaders.add(l);
    return l;
  }

  Map<String, String> props(String prefix, String schema, String converter, boolean schemas) {
    Map<String, String> p = new HashMap<>();
    p.put("connector.class", VaultSinkConnector.class.getName());
    p.put("tasks.max", "1");
    p.put(
        "topics",
        ShopFeed.TABLES.stream().map(t -> prefix + "." + t).collect(Collectors.joining(",")));
    p.put("key.converter", converter);
    p.put("value.converter", converter);
    p.put("key.converter.schemas.enable", Boolean.toString(schemas));
    p.put("value.converter.schemas.enable", Boolean.toString(schemas));
    p.put("connection.url", TestDatabase.jdbcUrl());
    p.put("target.schema", schema);
    p.put("vault.model", model(prefix));
    p.put("batch.size", "500");
    return p;
  }

  /** A connector reading raw bytes (the engine decodes the Debezium JSON itself). */
  Map<String, String> rawProps(String prefix, String schema) {
    return props(prefix, schema, "org.apache.kafka.connect.converters.ByteArrayConverter", false);
  }

  void start(String name, Map<String, String> props) throws InterruptedException {
    connect.configureConnector(name, props);
    connectors.add(name);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(
            name, 1, "connector " + name + " did not start");
  }

  static Map<String, List<String>> vault(String schema) throws Exception {
    Map<String, List<String>> dump = VaultDump.of(schema);
    dump.keySet().removeIf(t -> t.startsWith("vs_"));
    return dump;
  }
}
