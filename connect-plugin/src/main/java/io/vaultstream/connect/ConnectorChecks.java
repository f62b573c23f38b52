package io.vaultstream.connect;

import io.vaultstream.engine.MaskedUrl;
import io.vaultstream.engine.VaultOptionsBuilder;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Checks of the connector's validation beyond single keys: settings that Connect would show with a
 * secret in them, names the database or Kafka would read otherwise than written.
 */
final class ConnectorChecks {
  /** Kafka's legal topic characters. */
  private static final Pattern TOPIC = Pattern.compile("[A-Za-z0-9._-]{1,249}");

  /** Why user info in the schema registry URL is refused. */
  static final String USER_INFO_IN_REGISTRY_URL =
      VaultSinkConfig.SCHEMA_REGISTRY
          + " must not carry user info (user:password@): Connect shows the URL in GET"
          + " /connectors/<name>/config; give the credentials in "
          + VaultSinkConfig.SCHEMA_REGISTRY_USER_INFO
          + " (user:password), a password setting that is never shown or logged, ideally from a"
          + " config provider such as ${file:/etc/kafka/secrets.properties:registry.user.info}";

  private ConnectorChecks() {}

  /** Reports, by the key to attach each message to, what the settings' values break. */
  static void values(VaultSinkConfig c, BiConsumer<String, String> error) {
    if (MaskedUrl.hasPassword(c.getString(VaultSinkConfig.SCHEMA_REGISTRY))) {
      error.accept(VaultSinkConfig.SCHEMA_REGISTRY, USER_INFO_IN_REGISTRY_URL);
    }
    String schema = c.getString(VaultSinkConfig.TARGET_SCHEMA);
    String dialect = c.getString(VaultSinkConfig.DIALECT);
    String why =
        VaultOptionsBuilder.schemaNameProblem(
            schema.isBlank() ? null : schema,
            c.getString(VaultSinkConfig.CONNECTION_URL),
            dialect.isBlank() ? null : dialect);
    if (why != null) {
      error.accept(VaultSinkConfig.TARGET_SCHEMA, why);
    }
  }

  /**
   * Reports each source of the model whose topic Kafka would not accept as a name (a topic the
   * connector could never be subscribed to).
   */
  static void topics(VaultModel model, String field, BiConsumer<String, String> error) {
    for (SourceTable s : model.sources().values()) {
      String t = s.topic();
      if (!TOPIC.matcher(t).matches() || t.equals(".") || t.equals("..")) {
        error.accept(
            field,
            "/sources/"
                + s.name()
                + "/topic: '"
                + t
                + "' is not a Kafka topic name: 1 to 249 ASCII letters, digits, '.', '_' or '-'"
                + " (and not '.' or '..')");
      }
    }
  }

  /**
   * Whether Connect's errant record reporter may be used: it throws on the first record it is given
   * unless errors.tolerance is all, even with a dead letter queue or errors.log.enable.
   */
  static boolean toleratesErrors(Map<String, String> props) {
    String tolerance = props.get("errors.tolerance");
    return tolerance != null && tolerance.trim().equalsIgnoreCase("all");
  }

  /** Whether the connector is configured to report errant records (a dead letter queue or logs). */
  static boolean reportsErrors(Map<String, String> props) {
    String dlq = props.get("errors.deadletterqueue.topic.name");
    return (dlq != null && !dlq.isBlank())
        || "true".equalsIgnoreCase(String.valueOf(props.get("errors.log.enable")).trim());
  }
}
