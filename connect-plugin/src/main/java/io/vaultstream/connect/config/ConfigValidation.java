package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.engine.PipelinePool;
import io.vaultstream.engine.VaultOptionsBuilder;
import io.vaultstream.model.ModelException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;

/**
 * The connector's validation beyond single keys: settings that Connect would show with a secret in
 * them, a model that does not read, names the database or Kafka would read otherwise than written,
 * settings that contradict each other. Each message is attached to every field the user may change.
 */
public final class ConfigValidation {
  /**
   * Why a password in the URL is refused: Connect returns the URL from validate and shows it in the
   * connector's configuration, and the JDBC driver and pool may log it.
   */
  static final String PASSWORD_IN_URL =
      CONNECTION_URL
          + " must not carry a password (the URL is shown by the REST API and may be logged);"
          + " give it in "
          + CONNECTION_PASSWORD
          + ", a password setting that is never shown or logged, ideally from a config provider:"
          + " ${file:/etc/kafka/secrets.properties:vault.password} or ${env:VAULT_PASSWORD}"
          + " (config.providers on the worker)";

  /** Why user info in the schema registry URL is refused. */
  static final String USER_INFO_IN_REGISTRY_URL =
      SCHEMA_REGISTRY
          + " must not carry user info (user:password@): Connect shows the URL in GET"
          + " /connectors/<name>/config; give the credentials in "
          + SCHEMA_REGISTRY_USER_INFO
          + " (user:password), a password setting that is never shown or logged, ideally from a"
          + " config provider such as ${file:/etc/kafka/secrets.properties:registry.user.info}";

  private final Map<String, ConfigValue> byName = new HashMap<>();

  private ConfigValidation(Config config) {
    config.configValues().forEach(v -> byName.put(v.name(), v));
  }

  /**
   * Adds the cross-field checks to what Connect's single-key validation found ({@code config},
   * which is returned): URLs masked always, the other checks only once every single key is valid.
   */
  public static Config check(Config config, Map<String, String> props) {
    ConfigValidation v = new ConfigValidation(config);
    // What validate returns is shown to the caller and by Connect's UIs: URLs without passwords.
    v.maskUrls();
    if (hasErrors(config)) {
      return config;
    }
    VaultSinkConfig parsed = new VaultSinkConfig(props);
    v.secrets(parsed);
    v.user(parsed);
    v.model(parsed);
    v.dialect(parsed);
    v.pool(parsed);
    return config;
  }

  private void maskUrls() {
    for (String url : List.of(CONNECTION_URL, SCHEMA_REGISTRY)) {
      ConfigValue v = byName.get(url);
      if (v != null && v.value() instanceof String text) {
        v.value(MaskedUrl.of(text));
      }
    }
  }

  /** Secrets in URLs, and names the database would read otherwise than written. */
  private void secrets(VaultSinkConfig c) {
    if (MaskedUrl.hasPassword(c.getString(CONNECTION_URL))) {
      error(PASSWORD_IN_URL, CONNECTION_URL);
    }
    if (MaskedUrl.hasPassword(c.getString(SCHEMA_REGISTRY))) {
      error(USER_INFO_IN_REGISTRY_URL, SCHEMA_REGISTRY);
    }
    String schema = c.getString(TARGET_SCHEMA);
    String dialect = c.getString(DIALECT);
    String why =
        VaultOptionsBuilder.schemaNameProblem(
            schema.isBlank() ? null : schema,
            c.getString(CONNECTION_URL),
            dialect.isBlank() ? null : dialect);
    if (why != null) {
      error(why, TARGET_SCHEMA);
    }
  }

  private void user(VaultSinkConfig c) {
    try {
      c.user();
    } catch (ConfigException e) {
      error(e.getMessage(), CONNECTION_USER, CONNECTION_USERNAME);
    }
  }

  /** The model: given once, in a directory it may be read from, and valid. */
  private void model(VaultSinkConfig c) {
    String allowedDir = c.getString(VAULT_MODEL_ALLOWED_DIR);
    boolean allowedDirUsable = allowedDir.isBlank() || Files.isDirectory(Path.of(allowedDir));
    if (!allowedDirUsable) {
      error(
          VAULT_MODEL_ALLOWED_DIR
              + " must be an existing directory (after symbolic links); "
              + allowedDir
              + " is not one",
          VAULT_MODEL_ALLOWED_DIR);
    }
    String inline = c.getString(VAULT_MODEL);
    String path = c.getString(VAULT_MODEL_PATH);
    if (inline.isBlank() && path.isBlank()) {
      error(
          "give the vault model: its text in " + VAULT_MODEL + " or a file in " + VAULT_MODEL_PATH,
          VAULT_MODEL,
          VAULT_MODEL_PATH);
    } else if (!inline.isBlank() && !path.isBlank()) {
      error(
          "give only one of " + VAULT_MODEL + " and " + VAULT_MODEL_PATH,
          VAULT_MODEL,
          VAULT_MODEL_PATH);
    } else if (allowedDirUsable || path.isBlank()) {
      String field = inline.isBlank() ? VAULT_MODEL_PATH : VAULT_MODEL;
      try {
        c.model(); // validated as it is read, its topics included
      } catch (ModelException e) {
        e.problems().forEach(p -> error(p.path() + ": " + p.message(), field));
      } catch (UncheckedIOException | ConfigException | IllegalArgumentException e) {
        error(e.getMessage(), field);
      }
    }
  }

  private void dialect(VaultSinkConfig c) {
    String dialect = c.getString(DIALECT);
    try {
      Dialects.forUrl(c.getString(CONNECTION_URL), dialect.isBlank() ? null : dialect);
    } catch (IllegalArgumentException e) {
      error(MaskedUrl.of(e.getMessage()), dialect.isBlank() ? CONNECTION_URL : DIALECT);
    }
  }

  private void pool(VaultSinkConfig c) {
    if (c.getBoolean(BATCH_PIPELINING) && !PipelinePool.suffices(c.getInt(POOL_MAX_SIZE))) {
      error(
          BATCH_PIPELINING
              + " needs "
              + POOL_MAX_SIZE
              + " of at least "
              + PipelinePool.MIN_SIZE
              + " (one connection reads while another writes, and a batch that adds"
              + " columns to a table needs one more); raise the pool or"
              + " set "
              + BATCH_PIPELINING
              + " to false",
          BATCH_PIPELINING,
          POOL_MAX_SIZE);
    }
    if (c.getInt(POOL_MIN_IDLE) > c.getInt(POOL_MAX_SIZE)) {
      error(POOL_MIN_IDLE + " must not exceed " + POOL_MAX_SIZE, POOL_MIN_IDLE, POOL_MAX_SIZE);
    }
  }

  /** Attaches the message to each field, in the order given. */
  private void error(String message, String... fields) {
    for (String f : fields) {
      byName.get(f).addErrorMessage(message);
    }
  }

  private static boolean hasErrors(Config config) {
    return config.configValues().stream().anyMatch(v -> !v.errorMessages().isEmpty());
  }
}
