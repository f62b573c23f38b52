package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.Width;

/**
 * The connector's keys of how records are read: the operation and time columns, the schema
 * registry.
 */
final class InputSettings {
  private InputSettings() {}

  /** The keys of how records are read. */
  static void define(ConfigDef d) {
    int o = 0;
    o = columns(d, o);
    o = registry(d, o);
    registryCredentials(d, o);
  }

  /**
   * The columns that carry the operation and the event time. Returns the last order used in the
   * group.
   */
  private static int columns(ConfigDef d, int o) {
    d.define(
        OPERATION_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records (VaultSpeed/GoldenGate style): the column holding I, U or D. Debezium envelopes and"
            + " flattened records are detected without it.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Operation column");
    d.define(
        TIMESTAMP_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records: the column holding the change time; empty to use the Kafka timestamp.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Timestamp column");
    return o;
  }

  /** The schema registry's URL. Returns the last order used in the group. */
  private static int registry(ConfigDef d, int o) {
    d.define(
        SCHEMA_REGISTRY,
        Type.STRING,
        "",
        Importance.LOW,
        "Schema registry URL for Confluent wire-format Avro values read with the ByteArrayConverter (the engine"
            + " fetches writer schemas by id with GET /schemas/ids/{id}); empty when values are not Avro or the"
            + " worker's Avro converter already decodes them. Without user info: a URL with"
            + " user:password@ is refused (Connect shows the URL in the connector's configuration);"
            + " give the credentials in "
            + SCHEMA_REGISTRY_USER_INFO
            + ".",
        GROUP_INPUT,
        ++o,
        Width.LONG,
        "Schema registry");
    return o;
  }

  /**
   * The schema registry's credentials, basic or bearer, kept out of its URL. Returns the last order
   * used in the group.
   */
  private static int registryCredentials(ConfigDef d, int o) {
    d.define(
        SCHEMA_REGISTRY_USER_INFO,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "user:password for HTTP basic authentication to the schema registry (Confluent's"
            + " basic.auth.user.info with basic.auth.credentials.source=USER_INFO), in place of"
            + " user info in the URL (Confluent's source URL), which "
            + SCHEMA_REGISTRY
            + " refuses. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry user info");
    d.define(
        SCHEMA_REGISTRY_BEARER_TOKEN,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "A token for bearer authentication to the schema registry (Confluent's bearer.auth.token"
            + " with bearer.auth.credentials.source=STATIC_TOKEN); not together with basic"
            + " authentication. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry token");
    return o;
  }
}
