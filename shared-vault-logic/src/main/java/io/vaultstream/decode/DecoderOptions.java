package io.vaultstream.decode;

import java.io.Serializable;

/**
 * How to read operation-column records (VaultSpeed/GoldenGate style).
 *
 * @param operationColumn the column holding I/U/D (or insert/update/delete); null to not look
 * @param timestampColumn the column holding the event time; null to use the Kafka timestamp
 */
public record DecoderOptions(String operationColumn, String timestampColumn)
    implements Serializable {
  /** Defaults: no operation column configured. */
  public static DecoderOptions defaults() {
    return new DecoderOptions(null, null);
  }
}
