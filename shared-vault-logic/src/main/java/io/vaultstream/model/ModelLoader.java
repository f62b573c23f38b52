package io.vaultstream.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
    // Run by the file's owner (the command line): what is wrong with the path is told.
    return parse(ModelFile.read(file, null), file.toString(), topicPrefix);
  }

  /**
   * As {@link #load(Path, String)}, for a path named by someone other than the file's owner (a
   * connector's configuration): the file is read only when it is a regular file of at most 4 MiB
   * and, when {@code allowedDir} is not null, inside that directory after symbolic links. Without
   * an allowed directory, a file that does not exist, may not be read or is not a regular file is
   * refused with one message, so that the answer tells nothing of which paths exist.
   *
   * @throws java.io.UncheckedIOException when the file cannot or may not be read
   */
  public static VaultModel load(Path file, String topicPrefix, Path allowedDir) {
    return parse(ModelFile.read(file, allowedDir, false), file.toString(), topicPrefix);
  }

  /**
   * The text of a model file read from a stream, for readers of other file systems: at most 4 MiB
   * (the most a model may have, counted while reading, whatever size the store reported) of UTF-8.
   *
   * @param tooLarge the exception for more bytes than that
   * @param notText the exception for bytes that are not UTF-8
   */
  public static String text(
      java.io.InputStream in,
      java.util.function.Supplier<? extends RuntimeException> tooLarge,
      java.util.function.Supplier<? extends RuntimeException> notText)
      throws java.io.IOException {
    byte[] bytes = in.readNBytes(ModelFile.MAX_BYTES + 1);
    if (bytes.length > ModelFile.MAX_BYTES) {
      throw tooLarge.get();
    }
    try {
      return java.nio.charset.StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes))
          .toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw notText.get();
    }
  }

  /** The most bytes a model file may have. */
  public static int maxBytes() {
    return ModelFile.MAX_BYTES;
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
    if (text.length() > ModelFile.MAX_BYTES) {
      throw notAModel(origin, "it is larger than " + ModelFile.MAX_TEXT + ", ");
    }
    JsonNode root = readTree(text, origin);
    if (!modelShaped(root)) {
      // Nothing of the document is named (its keys may be secrets too): a document is reported
      // key by key only when it has the three keys every model has.
      throw notAModel(origin, "");
    }
    if (topicPrefix != null) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) root).put("topicPrefix", topicPrefix);
    }
    return readAndValidate(root, origin);
  }

  /** The document's tree: JSON when the text starts with '{', YAML otherwise. */
  private static JsonNode readTree(String text, String origin) {
    boolean json = text.stripLeading().startsWith("{");
    try {
      return (json ? JSON : YAML).readTree(text);
    } catch (JsonProcessingException e) {
      // Where it failed, never the parser's message: it quotes the document (a YAML error shows
      // the offending line), and the document may be any file the worker can read.
      throw notAModel(origin, "it is not valid " + (json ? "JSON" : "YAML") + where(e) + ", so ");
    }
  }

  /** " at line L, column C" of a parse failure, or nothing when the parser gave no location. */
  private static String where(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }

  /** The model of a model-shaped tree, every problem of it reported at once. */
  private static VaultModel readAndValidate(JsonNode root, String origin) {
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

  /** An object with a text "name" and the objects "sources" and "hubs", which every model has. */
  private static boolean modelShaped(JsonNode root) {
    return root != null
        && root.isObject()
        && root.path("name").isTextual()
        && root.path("sources").isObject()
        && root.path("hubs").isObject();
  }

  private static ModelException notAModel(String origin, String why) {
    return new ModelException(
        origin,
        List.of(
            new ModelProblem(
                "/",
                why
                    + "this document is not a vaultstream model: a model is a JSON or YAML object"
                    + " with \"name\", \"sources\" and \"hubs\" (see docs/MODEL.md)")));
  }
}
