package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * A worker that finds the plugin only in the built zip, through plugin.path and its own class
 * loader, loads the vault: run against this build's Kafka (PluginPathIT) and against Kafka 4
 * (module connect-compat).
 */
public final class PluginPathScenario {
  private static final String CONNECTOR = "io.vaultstream.connect.VaultSinkConnector";

  private PluginPathScenario() {}

  /** Unzips the plugin into {@code dir}, starts a worker on it and checks the vault it builds. */
  public static void run(Path zip, Path dir) throws Exception {
    assertThat(zip).exists();
    Path plugins = dir.resolve("plugins");
    unzip(zip, plugins);
    assertThat(
            PluginPathScenario.class
                .getClassLoader()
                .getResource(CONNECTOR.replace('.', '/') + ".class"))
        .as("the connector must not be on the test class path")
        .isNull();

    EmbeddedConnectCluster connect =
        EmbeddedWorker.start("plugin-path", Map.of("plugin.path", plugins.toString()));
    try {
      String model = Files.readString(Samples.shopModel()).replace("shop.public.", "iso.public.");
      ShopFeed.createTopics(connect.kafka(), "iso.public");
      ShopFeed feed = new ShopFeed();
      feed.produce(connect.kafka(), new ShopEventGenerator("iso.public", 5).next(800));

      // Plain HTTP: the test kit's REST helpers differ between Kafka 3 and 4.
      String listed =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create(connect.endpointForResource("connector-plugins")))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString())
              .body();
      assertThat(listed).contains(CONNECTOR);
      String schema = TestDatabase.newSchema();
      Map<String, String> p = ShopFeed.bytesConnector("iso.public", ShopFeed.TABLES, schema, model);
      connect.configureConnector("isolated", p);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning("isolated", 1, "the plugin did not start");

      try (VaultLoader reader =
              VaultLoader.open(
                  ModelLoader.parse(model, "iso"), TestDatabase.options(schema).build());
          VaultLoader direct =
              VaultLoader.open(
                  ModelLoader.parse(model, "iso"),
                  TestDatabase.options(TestDatabase.newSchema()).build())) {
        feed.awaitLoaded(reader, "isolated", Duration.ofSeconds(90));
        feed.loadDirectly(direct);
        Map<String, List<String>> got = VaultDump.of(schema);
        Map<String, List<String>> want = VaultDump.of(direct.targetSchema());
        got.keySet().removeIf(t -> t.startsWith("vs_"));
        want.keySet().removeIf(t -> t.startsWith("vs_"));
        assertThat(got).isEqualTo(want);
        assertThat(got.get("hub_customer").size()).isGreaterThan(10);
      }
    } finally {
      connect.stop();
    }
  }

  private static void unzip(Path zip, Path into) throws Exception {
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        Path out = into.resolve(e.getName()).normalize();
        if (!out.startsWith(into)) {
          throw new IllegalStateException("bad entry " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(out);
        } else {
          Files.createDirectories(out.getParent());
          Files.copy(z, out);
        }
      }
    }
  }
}
