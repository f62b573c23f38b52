package io.vaultstream.connect;

import static io.vaultstream.connect.config.ConfigNames.TASK_INDEX;

import io.vaultstream.connect.config.ConfigValidation;
import io.vaultstream.connect.config.ErrorReporting;
import io.vaultstream.connect.config.OtherSinkSettings;
import io.vaultstream.connect.config.VaultSinkConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Loads CDC topics into a Data Vault 2.0 model: one task per share of the topic partitions. */
public class VaultSinkConnector extends SinkConnector {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkConnector.class);

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
    if (ErrorReporting.reportsErrors(props) && !ErrorReporting.toleratesErrors(props)) {
      LOG.warn(
          "Connector {} has a dead letter queue or errors.log.enable but errors.tolerance is not"
              + " 'all': records the loader cannot load go to the vault's error table (vs_errors)"
              + " only; set errors.tolerance=all to have them reported there too",
          props.get("name"));
    }
    OtherSinkSettings.given(props)
        .forEach(
            (key, why) ->
                LOG.warn(
                    "Connector {} ignores {}, a setting of other JDBC sinks: {}",
                    props.get("name"),
                    key,
                    why));
    CollectorHint.logOnce();
  }

  @Override
  public Class<? extends Task> taskClass() {
    return VaultSinkTask.class;
  }

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
    return ConfigValidation.check(super.validate(connectorConfigs), connectorConfigs);
  }
}
