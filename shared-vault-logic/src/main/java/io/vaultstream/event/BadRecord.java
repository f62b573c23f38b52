package io.vaultstream.event;

/**
 * A Kafka record that could not be turned into a change event, handed to the engine so it lands in
 * the error table in the same transaction as the batch it came with.
 */
public record BadRecord(
    String topic, int partition, long offset, byte[] key, byte[] value, String message) {
  /** The message is kept as it will be stored ({@link StoredText#message}). */
  public BadRecord {
    message = StoredText.message(message);
  }
}
