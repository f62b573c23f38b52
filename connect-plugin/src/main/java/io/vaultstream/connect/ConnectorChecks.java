package io.vaultstream.connect;

import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.engine.VaultOptionsBuilder;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Checks of the connector's validation beyond single keys: settings that Connect would show with a
 * secret in them, names the database or Kafka would read otherwise than written.
 */
final class ConnectorChecks {
  /** Kafka's legal topic characters. */

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
