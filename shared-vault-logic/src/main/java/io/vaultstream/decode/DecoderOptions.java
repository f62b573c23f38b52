package io.vaultstream.decode;

import java.io.Serializable;

/**
 * How records are read beyond what they say about themselves.
 *
 * @param operationColumn for operation-column records (VaultSpeed/GoldenGate style): the column
 *     holding I/U/D (or insert/update/delete); null to not look
 * @param timestampColumn the column holding the event time; null to use the Kafka timestamp
 * @param schemaRegistryUrl where Confluent wire-format Avro values find their writer schemas; null
 *     when no value is Avro
 * @param schemaRegistryAuth how to authenticate to the schema registry; null for no authentication
 *     (or user info in the URL)
 */
public record DecoderOptions(
    String operationColumn,
    String timestampColumn,
    String schemaRegistryUrl,
    SchemaRegistryAuth schemaRegistryAuth)
    implements Serializable {

  /** Without schema registry authentication. */
  public DecoderOptions(String operationColumn, String timestampColumn, String schemaRegistryUrl) {
    this(operationColumn, timestampColumn, schemaRegistryUrl, null);
  }

  /** Without a schema registry. */
  public DecoderOptions(String operationColumn, String timestampColumn) {
    this(operationColumn, timestampColumn, null, null);
  }

  /** Defaults: no operation column, no schema registry. */
  public static DecoderOptions defaults() {
    return new DecoderOptions(null, null, null, null);
  }
}
