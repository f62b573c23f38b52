package io.vaultstream.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a vault model from JSON or YAML and checks it, reporting every problem at once with its
 * path in the document.
 */
public final class ModelLoader {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private ModelLoader() {}

  /** Reads and validates the model file (JSON, or YAML for .yaml/.yml files). */
  public static VaultModel load(Path file) {
    return load(file, null);
  }

  /**
   * As {@link #load(Path)}, with the topic prefix of the deployment (VaultSpeed's {@code
   * SCHEMA_CDC_KAFKA}) in place of the model's {@code topicPrefix} when not null: sources without a
   * {@code topic} of their own read {@code <prefix>.<table>}.
   */
  public static VaultModel load(Path file, String topicPrefix) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the vault model file " + file + ": " + e, e);
    }
    return parse(text, file.toString(), topicPrefix);
  }

  /**
   * Parses and validates a model given as text; JSON when it starts with '{', YAML otherwise.
   *
   * @param origin names the document in messages (a file path, or "vault.model")
   */
  public static VaultModel parse(String text, String origin) {
    return parse(text, origin, null);
  }

  /** As {@link #parse(String, String)}, with a topic prefix as in {@link #load(Path, String)}. */
  public static VaultModel parse(String text, String origin, String topicPrefix) {
    String trimmed = text.stripLeading();
    boolean json = trimmed.startsWith("{");
    JsonNode root;
    try {
      root = (json ? JSON : YAML).readTree(text);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new ModelException(
          origin,
          List.of(
              new ModelProblem(
                  "/",
                  "not valid "
                      + (json ? "JSON" : "YAML")
                      + where
                      + ": "
                      + e.getOriginalMessage())));
    }
    if (root == null || !root.isObject()) {
      throw new ModelException(
          origin,
          List.of(
              new ModelProblem("/", "the document must be an object with 'sources' and 'hubs'")));
    }
    if (topicPrefix != null) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) root).put("topicPrefix", topicPrefix);
    }
    List<ModelProblem> problems = new ArrayList<>();
    VaultModel model = new ModelReader(problems).read(root);
    if (problems.isEmpty()) {
      ModelValidator.validate(model, problems);
    }
    if (!problems.isEmpty()) {
      throw new ModelException(origin, problems);
    }
    return model;
  }
}
