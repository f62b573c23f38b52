package io.vaultstream.connect;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.model.ModelException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Loads CDC topics into a Data Vault 2.0 model: one task per share of the topic partitions. */
public class VaultSinkConnector extends SinkConnector {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkConnector.class);

  /**
   * Why a password in the URL is refused: Connect returns the URL from validate and shows it in the
   * connector's configuration, and the JDBC driver and pool may log it.
   */
  static final String PASSWORD_IN_URL =
      VaultSinkConfig.CONNECTION_URL
          + " must not carry a password (the URL is shown by the REST API and may be logged);"
          + " give it in "
          + VaultSinkConfig.CONNECTION_PASSWORD
          + ", a password setting that is never shown or logged, ideally from a config provider:"
          + " ${file:/etc/kafka/secrets.properties:vault.password} or ${env:VAULT_PASSWORD}"
          + " (config.providers on the worker)";

  private Map<String, String> props;

  @Override
  public String version() {
    return Version.get();
  }

  @Override
  public void start(Map<String, String> props) {
    this.props = new HashMap<>(props);
    VaultSinkConfig config = new VaultSinkConfig(this.props);
    config.model(); // fail fast, with every model problem, before tasks start
    config.user();
    if (ConnectorChecks.reportsErrors(props) && !ConnectorChecks.toleratesErrors(props)) {
      LOG.warn(
          "Connector {} has a dead letter queue or errors.log.enable but errors.tolerance is not"
              + " 'all': records the loader cannot load go to the vault's error table (vs_errors)"
              + " only; set errors.tolerance=all to have them reported there too",
          props.get("name"));
    }
    OtherSinkKeys.given(props)
        .forEach(
            (key, why) ->
                LOG.warn(
                    "Connector {} ignores {}, a setting of other JDBC sinks: {}",
                    props.get("name"),
                    key,
                    why));
  }

  @Override
  public Class<? extends Task> taskClass() {
    return VaultSinkTask.class;
  }

  /** The task's number among the connector's tasks, in its configuration (for its JMX name). */
  static final String TASK_INDEX = "vaultstream.task.index";

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    List<Map<String, String>> out = new ArrayList<>();
    for (int i = 0; i < maxTasks; i++) {
      Map<String, String> task = new HashMap<>(props);
      task.put(TASK_INDEX, Integer.toString(i));
      out.add(task);
    }
    return out;
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return VaultSinkConfig.CONFIG;
  }

  /** Adds the checks that span fields, each shown on the field the user must change. */
  @Override
  public Config validate(Map<String, String> connectorConfigs) {
    Config config = super.validate(connectorConfigs);
    Map<String, ConfigValue> byName = new HashMap<>();
    config.configValues().forEach(v -> byName.put(v.name(), v));
    // What validate returns is shown to the caller and by Connect's UIs: URLs without passwords.
    for (String url : List.of(VaultSinkConfig.CONNECTION_URL, VaultSinkConfig.SCHEMA_REGISTRY)) {
      ConfigValue v = byName.get(url);
      if (v != null && v.value() instanceof String text) {
        v.value(MaskedUrl.of(text));
      }
    }
    if (hasErrors(config)) {
      return config;
    }
    VaultSinkConfig parsed = new VaultSinkConfig(connectorConfigs);
    if (MaskedUrl.hasPassword(parsed.getString(VaultSinkConfig.CONNECTION_URL))) {
      byName.get(VaultSinkConfig.CONNECTION_URL).addErrorMessage(PASSWORD_IN_URL);
    }
    ConnectorChecks.values(parsed, (key, m) -> byName.get(key).addErrorMessage(m));
    try {
      parsed.user();
    } catch (ConfigException e) {
      byName.get(VaultSinkConfig.CONNECTION_USER).addErrorMessage(e.getMessage());
      byName.get(VaultSinkConfig.CONNECTION_USERNAME).addErrorMessage(e.getMessage());
    }
    String allowedDir = parsed.getString(VaultSinkConfig.VAULT_MODEL_ALLOWED_DIR);
    boolean allowedDirUsable = allowedDir.isBlank() || Files.isDirectory(Path.of(allowedDir));
    if (!allowedDirUsable) {
      byName
          .get(VaultSinkConfig.VAULT_MODEL_ALLOWED_DIR)
          .addErrorMessage(
              VaultSinkConfig.VAULT_MODEL_ALLOWED_DIR
                  + " must be an existing directory (after symbolic links); "
                  + allowedDir
                  + " is not one");
    }
    String inline = parsed.getString(VaultSinkConfig.VAULT_MODEL);
    String path = parsed.getString(VaultSinkConfig.VAULT_MODEL_PATH);
    if (inline.isBlank() && path.isBlank()) {
      String m =
          "give the vault model: its text in "
              + VaultSinkConfig.VAULT_MODEL
              + " or a file in "
              + VaultSinkConfig.VAULT_MODEL_PATH;
      byName.get(VaultSinkConfig.VAULT_MODEL).addErrorMessage(m);
      byName.get(VaultSinkConfig.VAULT_MODEL_PATH).addErrorMessage(m);
    } else if (!inline.isBlank() && !path.isBlank()) {
      String m =
          "give only one of "
              + VaultSinkConfig.VAULT_MODEL
              + " and "
              + VaultSinkConfig.VAULT_MODEL_PATH;
      byName.get(VaultSinkConfig.VAULT_MODEL).addErrorMessage(m);
      byName.get(VaultSinkConfig.VAULT_MODEL_PATH).addErrorMessage(m);
    } else if (allowedDirUsable || path.isBlank()) {
      String field =
          inline.isBlank() ? VaultSinkConfig.VAULT_MODEL_PATH : VaultSinkConfig.VAULT_MODEL;
      try {
        parsed.model(); // validated as it is read, its topics included
      } catch (ModelException e) {
        e.problems().forEach(p -> byName.get(field).addErrorMessage(p.path() + ": " + p.message()));
      } catch (UncheckedIOException | ConfigException | IllegalArgumentException e) {
        byName.get(field).addErrorMessage(e.getMessage());
      }
    }
    try {
      String dialect = parsed.getString(VaultSinkConfig.DIALECT);
      Dialects.forUrl(
          parsed.getString(VaultSinkConfig.CONNECTION_URL), dialect.isBlank() ? null : dialect);
    } catch (IllegalArgumentException e) {
      String field =
          parsed.getString(VaultSinkConfig.DIALECT).isBlank()
              ? VaultSinkConfig.CONNECTION_URL
              : VaultSinkConfig.DIALECT;
      byName.get(field).addErrorMessage(MaskedUrl.of(e.getMessage()));
    }
    if (parsed.getBoolean(VaultSinkConfig.BATCH_PIPELINING)
        && parsed.getInt(VaultSinkConfig.POOL_MAX_SIZE) < 3) {
      String m =
          VaultSinkConfig.BATCH_PIPELINING
              + " needs "
              + VaultSinkConfig.POOL_MAX_SIZE
              + " of at least 3 (one connection reads while another writes, and a batch that adds"
              + " columns to a table needs one more); raise the pool or"
              + " set "
              + VaultSinkConfig.BATCH_PIPELINING
              + " to false";
      byName.get(VaultSinkConfig.BATCH_PIPELINING).addErrorMessage(m);
      byName.get(VaultSinkConfig.POOL_MAX_SIZE).addErrorMessage(m);
    }
    if (parsed.getInt(VaultSinkConfig.POOL_MIN_IDLE)
        > parsed.getInt(VaultSinkConfig.POOL_MAX_SIZE)) {
      String m =
          VaultSinkConfig.POOL_MIN_IDLE + " must not exceed " + VaultSinkConfig.POOL_MAX_SIZE;
      byName.get(VaultSinkConfig.POOL_MIN_IDLE).addErrorMessage(m);
      byName.get(VaultSinkConfig.POOL_MAX_SIZE).addErrorMessage(m);
    }
    return config;
  }

  private static boolean hasErrors(Config config) {
    return config.configValues().stream().anyMatch(v -> !v.errorMessages().isEmpty());
  }
}
