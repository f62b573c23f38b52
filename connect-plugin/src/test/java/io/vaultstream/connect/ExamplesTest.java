package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.connect.json.JsonConverterConfig;
import org.apache.kafka.connect.runtime.SinkConnectorConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deployment examples (examples/compose, examples/strimzi) as a worker would take them: the
 * sink's configuration passes the connector's own validation with its files where the examples
 * mount them, every key is one Connect or the connector knows, the secrets they name are mounted,
 * and the Debezium source feeds exactly the topics of the model.
 */
class ExamplesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path SHOP = Samples.shopModel();
  private static final Path EXAMPLES = SHOP.getParent().getParent();
  private static final Path COMPOSE = EXAMPLES.resolve("compose");
  private static final Path STRIMZI = EXAMPLES.resolve("strimzi");

  /** Where the compose worker has the unzipped plugin (a volume on its plugin.path). */
  private static final String COMPOSE_PLUGIN_DIR = "/kafka/connect/vaultstream";

  private static Map<String, String> config(JsonNode config) {
    Map<String, String> out = new LinkedHashMap<>();
    config.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }

  private static Map<String, String> composeConnector(String file) throws IOException {
    return config(
        JSON.readTree(COMPOSE.resolve("connectors").resolve(file).toFile()).get("config"));
  }

  private static List<JsonNode> yamlDocuments(Path file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    try (Reader r = Files.newBufferedReader(file)) {
      YAML.readerFor(JsonNode.class).readValues(r).forEachRemaining(d -> docs.add((JsonNode) d));
    }
    return docs;
  }

  private static JsonNode composeService(String name) throws IOException {
    return yamlDocuments(COMPOSE.resolve("docker-compose.yml")).get(0).path("services").path(name);
  }

  /** The compose service's volumes as container path -> source (a host path or a volume). */
  private static Map<String, String> mounts(JsonNode service) {
    Map<String, String> out = new LinkedHashMap<>();
    service
        .path("volumes")
        .forEach(
            v -> {
              String[] parts = v.asText().split(":");
              out.put(parts[1], parts[0]);
            });
    return out;
  }

  /** Every validation error, as "key: message", so a failure says what to fix. */
  private static List<String> errors(Config c) {
    List<String> out = new ArrayList<>();
    c.configValues().forEach(v -> v.errorMessages().forEach(m -> out.add(v.name() + ": " + m)));
    return out;
  }

  /** Rewrites the container paths under {@code from} to the same paths under {@code to}. */
  private static Map<String, String> relocated(Map<String, String> config, String from, Path to) {
    Map<String, String> out = new LinkedHashMap<>(config);
    out.replaceAll(
        (k, v) -> v.equals(from) || v.startsWith(from + "/") ? to + v.substring(from.length()) : v);
    return out;
  }

  @Test
  void theComposeSinkValidatesWithThePluginWhereTheWorkerMountsIt(@TempDir Path plugin)
      throws IOException {
    assertThat(mounts(composeService("connect")))
        .containsEntry(COMPOSE_PLUGIN_DIR, "vaultstream-plugin");
    assertThat(mounts(composeService("plugin")))
        .containsEntry("/plugin", "vaultstream-plugin")
        .containsEntry("/dist", "../../connect-plugin/target");
    // The zip's layout, where the model is etc/shop/model.json (examples/shop/model.json).
    Files.createDirectories(plugin.resolve("etc/shop"));
    Files.copy(SHOP, plugin.resolve("etc/shop/model.json"));
    Map<String, String> sink = composeConnector("vaultstream-shop.json");
    assertThat(sink.get(ConfigNames.VAULT_MODEL_PATH)).startsWith(COMPOSE_PLUGIN_DIR + "/etc/");

    Config c = new VaultSinkConnector().validate(relocated(sink, COMPOSE_PLUGIN_DIR, plugin));

    assertThat(errors(c)).isEmpty();
  }

  @Test
  void theStrimziConnectorValidatesWithTheModelOfItsConfigMap(@TempDir Path mnt)
      throws IOException {
    JsonNode connect = yamlDocuments(STRIMZI.resolve("kafka-connect.yaml")).get(0);
    JsonNode connector = yamlDocuments(STRIMZI.resolve("vaultstream-connector.yaml")).get(0);
    JsonNode configMap = yamlDocuments(STRIMZI.resolve("model-configmap.yaml")).get(0);
    assertThat(connector.at("/metadata/labels/strimzi.io~1cluster").asText())
        .isEqualTo(connect.at("/metadata/name").asText());
    Map<String, String> mountedAt = new LinkedHashMap<>();
    connect
        .at("/spec/template/connectContainer/volumeMounts")
        .forEach(m -> mountedAt.put(m.get("name").asText(), m.get("mountPath").asText()));
    assertThat(mountedAt.values()).allMatch(p -> p.startsWith("/mnt/"));
    Map<String, String> sink = config(connector.at("/spec/config"));
    sink.put("connector.class", connector.at("/spec/class").asText());
    String modelDir = mountedAt.get("vault-model");
    assertThat(sink.get(ConfigNames.VAULT_MODEL_PATH)).isEqualTo(modelDir + "/model.json");
    assertThat(JSON.readTree(configMap.at("/data/model.json").asText()))
        .isEqualTo(JSON.readTree(SHOP.toFile()));
    // What the ConfigMap volume puts in the pod: its key model.json as a file.
    Files.writeString(mnt.resolve("model.json"), configMap.at("/data/model.json").asText());

    Config c = new VaultSinkConnector().validate(relocated(sink, modelDir, mnt));

    assertThat(errors(c)).isEmpty();
  }

  /**
   * Every sink configuration the project ships: the plugin's example (the README's, the zip's etc/,
   * the quickstart's), the compose example and the Strimzi example.
   */
  private static Map<String, Map<String, String>> shippedSinks() throws IOException {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    out.put(
        "connect-plugin/src/main/etc/vaultstream-shop.json",
        config(
            JSON.readTree(
                    EXAMPLES
                        .getParent()
                        .resolve("connect-plugin/src/main/etc/vaultstream-shop.json")
                        .toFile())
                .get("config")));
    out.put(
        "examples/compose/connectors/vaultstream-shop.json",
        composeConnector("vaultstream-shop.json"));
    out.put(
        "examples/strimzi/vaultstream-connector.yaml",
        config(
            yamlDocuments(STRIMZI.resolve("vaultstream-connector.yaml"))
                .get(0)
                .at("/spec/config")));
    return out;
  }

  /**
   * The shipped sinks follow docs/DEBEZIUM.md's advice: every key one Connect or the connector
   * knows; the JsonConverter with schemas and without replacing NULLs by defaults (or the
   * ByteArrayConverter, where the loader decodes); a subscription to exactly the model's topics.
   */
  @Test
  void everyShippedSinkFollowsTheDocumentedAdvice() throws IOException {
    Set<String> known = new TreeSet<>(VaultSinkConfig.CONFIG.names());
    known.addAll(SinkConnectorConfig.configDef().names());
    Set<String> converterKeys = JsonConverterConfig.configDef().names();
    List<String> modelTopics =
        io.vaultstream.model.ModelLoader.load(SHOP).sources().values().stream()
            .map(io.vaultstream.model.SourceTable::topic)
            .toList();
    for (Map.Entry<String, Map<String, String>> e : shippedSinks().entrySet()) {
      Map<String, String> sink = e.getValue();
      List<String> unknown =
          sink.keySet().stream()
              .filter(
                  k -> {
                    Matcher m = Pattern.compile("(key|value)\\.converter\\.(.+)").matcher(k);
                    return m.matches() ? !converterKeys.contains(m.group(2)) : !known.contains(k);
                  })
              .toList();
      assertThat(unknown).as(e.getKey()).isEmpty();
      if (!sink.get("value.converter").endsWith("ByteArrayConverter")) {
        assertThat(sink)
            .as(e.getKey())
            .containsEntry("value.converter", "org.apache.kafka.connect.json.JsonConverter")
            .containsEntry("value.converter.schemas.enable", "true")
            .containsEntry("value.converter.replace.null.with.default", "false");
      }
      if (sink.containsKey("topics")) {
        assertThat(List.of(sink.get("topics").split(",")))
            .as(e.getKey())
            .containsExactlyInAnyOrderElementsOf(modelTopics);
      } else {
        Pattern regex = Pattern.compile(sink.get("topics.regex"));
        assertThat(modelTopics).as(e.getKey()).allMatch(t -> regex.matcher(t).matches());
        // Only those: a table the model does not load, or one named like a model table, is not
        // read.
        assertThat(
                List.of(
                    "shop.public.audit_log",
                    "shop.public.orders_archive",
                    "shop.public.orders.dlq"))
            .as(e.getKey())
            .noneMatch(t -> regex.matcher(t).matches());
      }
    }
  }

  @Test
  void theComposeSecretsAreFilesTheWorkerHasMounted() throws IOException {
    Map<String, String> mounts = mounts(composeService("connect"));
    JsonNode env = composeService("connect").path("environment");
    assertThat(env.path("CONNECT_CONFIG_PROVIDERS_FILE_CLASS").asText())
        .isEqualTo("org.apache.kafka.common.config.provider.FileConfigProvider");
    Pattern reference = Pattern.compile("\\$\\{file:(.+)/([^/:]+):([^}]+)}");
    List<String> checked = new ArrayList<>();
    for (String file : List.of("shop-source.json", "vaultstream-shop.json")) {
      for (String value : composeConnector(file).values()) {
        Matcher m = reference.matcher(value);
        if (!m.matches()) {
          continue;
        }
        assertThat(mounts).as(value).containsKey(m.group(1));
        Path host = COMPOSE.resolve(mounts.get(m.group(1))).resolve(m.group(2));
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(host)) {
          p.load(r);
        }
        assertThat(p.getProperty(m.group(3))).as(value).isNotBlank();
        checked.add(file);
      }
    }
    assertThat(checked).containsExactly("shop-source.json", "vaultstream-shop.json");
  }

  @Test
  void theDebeziumSourceFeedsExactlyTheTopicsOfTheModelWithTheRecommendedSettings()
      throws IOException {
    VaultModel model = ModelLoader.load(SHOP);
    Set<String> topics =
        model.sources().values().stream().map(SourceTable::topic).collect(Collectors.toSet());
    Map<String, String> source = composeConnector("shop-source.json");
    Set<String> captured =
        java.util.Arrays.stream(source.get("table.include.list").split(","))
            .map(t -> source.get("topic.prefix") + "." + t.trim())
            .collect(Collectors.toSet());
    assertThat(captured).isEqualTo(topics);
    assertThat(source)
        .containsEntry("plugin.name", "pgoutput")
        .containsEntry("snapshot.mode", "initial")
        .containsEntry("decimal.handling.mode", "precise")
        .containsEntry("time.precision.mode", "adaptive")
        .containsEntry("value.converter.schemas.enable", "true")
        .containsEntry("value.converter.replace.null.with.default", "false")
        .containsEntry("database.hostname", "source");
    Pattern subscribed =
        Pattern.compile(composeConnector("vaultstream-shop.json").get("topics.regex"));
    assertThat(topics).allMatch(t -> subscribed.matcher(t).matches());
    assertThat(subscribed.matcher("shop.public.heartbeat").matches()).isFalse();
  }
}
