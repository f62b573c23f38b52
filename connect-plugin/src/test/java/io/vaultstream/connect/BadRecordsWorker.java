package io.vaultstream.connect;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the ITs of records the vault refuses or never sees share: a worker of their own per test
 * with the shop's topics under {@link #PREFIX}, and loaders (to read the vault the connector
 * writes) closed after the test.
 */
abstract class BadRecordsWorker {
  static final String PREFIX = "bad.public";
  static final List<String> TABLES = ShopFeed.TABLES;

  private final String clusterName;
  private final List<VaultLoader> loaders = new ArrayList<>();
  EmbeddedConnectCluster connect;

  BadRecordsWorker(String clusterName) {
    this.clusterName = clusterName;
  }

  @BeforeEach
  void startWorker() {
    connect = EmbeddedWorker.start(clusterName);
    ShopFeed.createTopics(connect.kafka(), PREFIX);
  }

  @AfterEach
  void stopWorker() {
    loaders.forEach(VaultLoader::close);
    if (connect != null) {
      connect.stop();
    }
  }

  /** A loader of {@code model} (topics under {@link #PREFIX}) on {@code schema}, closed after. */
  VaultLoader loader(String model, String schema) throws Exception {
    VaultModel m = ModelLoader.parse(model, PREFIX);
    VaultLoader l = VaultLoader.open(m, TestDatabase.options(schema).build());
    loaders.add(l);
    return l;
  }
}
