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
 */
public record DecoderOptions(
    String operationColumn, String timestampColumn, String schemaRegistryUrl)
    implements Serializable {

  /** Without a schema registry. */
  public DecoderOptions(String operationColumn, String timestampColumn) {
    this(operationColumn, timestampColumn, null);
  }

  /** Defaults: no operation column, no schema registry. */
  public static DecoderOptions defaults() {
    return new DecoderOptions(null, null, null);
  }
}
