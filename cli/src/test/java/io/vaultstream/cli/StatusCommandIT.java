package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.Progress;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.connect.util.clusters.EmbeddedKafkaCluster;
import org.junit.jupiter.api.Test;

/** The status command shows rows, waiting rows, errors and progress of a real vault. */
class StatusCommandIT {
  @Test
  void showsWhatIsInTheVault() throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", "C1", "name", "n")),
              ev.event("customers", "c", at(2), row("id", 2L, "customer_no", null, "name", "x")),
              ev.event("orders", "c", at(3), row("id", 9L, "order_no", "O9", "customer_id", 5L))),
          List.of(),
          new Progress(
              "my-connector", List.of(new Progress.Position("shop.public.orders", 0, 42))));
    }
    CliTest.Run r = CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .containsPattern("hub_customer\\s+1\\s+2026-01-01 00:00:01\\+00")
        .containsPattern("hub_order\\s+1\\s+")
        .containsPattern("SHOP.customers\\s+2026-01-01 00:00:01\\+00")
        .containsPattern("SHOP.orders\\s+2026-01-01 00:00:03\\+00")
        .containsPattern("WAITING\\s+1")
        .containsPattern("NULL_BUSINESS_KEY\\s+1")
        .containsPattern("my-connector shop.public.orders/0\\s+42 at ");
    assertThat(
            CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", "nothing_here")
                .out())
        .contains("No vault in schema nothing_here");
  }

  @Test
  void showsTheLagBehindKafka() throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EmbeddedKafkaCluster kafka = new EmbeddedKafkaCluster(1, new Properties());
    kafka.start();
    try {
      kafka.createTopic("shop.public.orders", 1);
      for (int i = 0; i < 50; i++) {
        kafka.produce("shop.public.orders", "k" + i, "v" + i);
      }
      try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
        loader.load(
            List.of(),
            List.of(),
            new Progress(
                "my-connector",
                List.of(
                    new Progress.Position("shop.public.orders", 0, 42),
                    new Progress.Position("__batch/0", 0, 7))));
      }
      CliTest.Run r =
          CliTest.run(
              "status",
              "--jdbc-url",
              TestDatabase.jdbcUrl(),
              "--schema",
              schema,
              "--bootstrap-servers",
              kafka.bootstrapServers());
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out())
          .containsPattern("my-connector shop.public.orders/0\\s+42 at .*, end 50, lag 8")
          .containsPattern("my-connector __batch/0/0\\s+7 at [^,]*\\n");
    } finally {
      kafka.stop();
    }
  }
}
