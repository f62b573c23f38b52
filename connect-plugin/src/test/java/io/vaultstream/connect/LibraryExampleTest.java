package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.SourceTable;
import io.vaultstream.testing.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library example of docs/GETTING-STARTED.md as a worker would take it: its sink configuration
 * passes the connector's own validation with the model file where the guide puts it, and with the
 * model given inline as {@code vault.model}, as for a managed Connect service; it reads exactly the
 * model's topics, with the converter settings docs/DEBEZIUM.md advises.
 */
class LibraryExampleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path LIBRARY =
      Samples.shopModel().getParent().getParent().resolve("library");
  private static final Path MODEL = LIBRARY.resolve("model.json");

  /** Where the guide puts the model on every worker, outside the plugin directory. */
  private static final String MODEL_DIR = "/etc/vaultstream/library";

  private static Map<String, String> sink() throws IOException {
    JsonNode config = JSON.readTree(LIBRARY.resolve("vaultstream-library.json").toFile());
    Map<String, String> out = new LinkedHashMap<>();
    config.get("config").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }

  /** Every validation error, as "key: message", so a failure says what to fix. */
  private static List<String> errors(Config c) {
    List<String> out = new ArrayList<>();
    c.configValues().forEach(v -> v.errorMessages().forEach(m -> out.add(v.name() + ": " + m)));
    return out;
  }

  @Test
  void theSinkValidatesWithTheModelFileOutsideThePluginDirectory(@TempDir Path etc)
      throws IOException {
    Map<String, String> sink = sink();
    assertThat(sink.get(ConfigNames.VAULT_MODEL_PATH)).isEqualTo(MODEL_DIR + "/model.json");
    Files.copy(MODEL, etc.resolve("model.json"));
    sink.put(ConfigNames.VAULT_MODEL_PATH, etc.resolve("model.json").toString());

    assertThat(errors(new VaultSinkConnector().validate(sink))).isEmpty();
  }

  @Test
  void theSinkValidatesWithTheModelInline() throws IOException {
    Map<String, String> sink = sink();
    sink.remove(ConfigNames.VAULT_MODEL_PATH);
    // What `jq -c . model.json` gives: the model on one line, as a managed service's form takes it.
    sink.put(ConfigNames.VAULT_MODEL, JSON.readTree(MODEL.toFile()).toString());

    assertThat(errors(new VaultSinkConnector().validate(sink))).isEmpty();
  }

  @Test
  void theSinkReadsExactlyTheModelsTopicsDecodingTheBytesItself() throws IOException {
    Map<String, String> sink = sink();
    List<String> modelTopics =
        ModelLoader.load(MODEL).sources().values().stream().map(SourceTable::topic).toList();

    assertThat(List.of(sink.get("topics").split(",")))
        .containsExactlyInAnyOrderElementsOf(modelTopics);
    assertThat(sink)
        .containsEntry("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter")
        .containsEntry("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
  }
}
