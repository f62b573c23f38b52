package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings the job refuses when it starts, before a query subscribes or a table is created: each
 * names the argument and what would be valid.
 */
class JobStartChecksTest {
  private static final String SECRET = "Sup3rS3cret";

  private static JobConfig config(String model, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--model",
                model,
                "--jdbc-url",
                "jdbc:postgresql://db/dwh",
                "--bootstrap-servers",
                "broker:9092",
                "--checkpoint",
                "/chk"));
    args.addAll(List.of(more));
    return JobConfig.from(args.toArray(String[]::new), Map.of());
  }

  @Test
  void aSchemaRegistryUrlWithUserInfoIsRefusedPointingToTheUserInfoSetting() {
    assertThatThrownBy(
            () -> config("m.json", "--schema-registry", "https://reg:" + SECRET + "@registry:8081"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--schema-registry (SOURCE_KAFKA_SCHEMA_REGISTRY) must not carry")
        .hasMessageContaining("--schema-registry-user-info")
        .hasMessageContaining("SOURCE_KAFKA_SCHEMA_REGISTRY_USER_INFO")
        .hasMessageNotContaining(SECRET);
    assertThatThrownBy(
            () ->
                JobConfig.from(
                    new String[] {"--model", "m.json", "--checkpoint", "/c"},
                    Map.of(
                        "TARGET_JDBC_URL", "jdbc:postgresql://db/dwh",
                        "SOURCE_KAFKA_BOOTSTRAP_SERVERS", "b:9092",
                        "SOURCE_KAFKA_SCHEMA_REGISTRY", "http://u:" + SECRET + "@r:8081")))
        .hasMessageContaining("must not carry user info")
        .hasMessageNotContaining(SECRET);
    assertThat(config("m.json", "--schema-registry", "https://registry:8081")).isNotNull();
  }

  @Test
  void aSchemaNamePostgresqlWouldCutIsRefused() {
    String longName = "s".repeat(64);
    assertThatThrownBy(() -> config("m.json", "--schema", longName))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "--schema: the target schema name '"
                + longName
                + "' has 64 bytes (UTF-8); PostgreSQL keeps at most 63 of a name and silently cuts"
                + " the rest, so give a name of at most 63 bytes");
    assertThat(config("m.json", "--schema", "s".repeat(63))).isNotNull();
  }

  @Test
  void aModelTopicThatIsNoKafkaTopicNameIsRefusedBeforeAnyQuerySubscribes(@TempDir Path dir)
      throws Exception {
    String shop = Files.readString(Samples.shopModel());
    assertThat(shop).contains("\"shop.public.customers\"");
    Path model = dir.resolve("model.json");
    // Spark's subscribe option is a list: this topic would subscribe to shop.public.secrets too.
    Files.writeString(
        model,
        shop.replace("\"shop.public.customers\"", "\"shop.public.customers,shop.public.secrets\""));
    assertThatThrownBy(() -> config(model.toString()).loadModel())
        .isInstanceOf(io.vaultstream.model.ModelException.class)
        .hasMessageContaining(
            "/sources/customers/topic: 'shop.public.customers,shop.public.secrets' is not a Kafka"
                + " topic name: 1 to 249 ASCII letters, digits, '.', '_' or '-' (and not '.' or"
                + " '..')");
    Files.writeString(
        model, shop.replace("\"shop.public.customers\"", "\"" + "t".repeat(250) + "\""));
    assertThatThrownBy(() -> config(model.toString()).loadModel())
        .hasMessageContaining("is not a Kafka topic name");
    Files.writeString(model, shop);
    assertThat(config(model.toString()).loadModel().name()).isEqualTo("shop");
  }
}
