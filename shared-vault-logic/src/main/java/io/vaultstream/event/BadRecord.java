package io.vaultstream.event;

/**
 * A Kafka record that could not be turned into a change event, handed to the engine so it lands in
 * the error table in the same transaction as the batch it came with.
 *
 * @param topic the topic the record was read from (with {@code partition} and {@code offset}: where
 *     it is in Kafka, and the error row's key)
 * @param modelTopic the topic the model knows the record by: {@code topic}, unless a transform gave
 *     the record another (a router merging topics into the one the model names)
 */
public record BadRecord(
    String topic,
    int partition,
    long offset,
    byte[] key,
    byte[] value,
    String message,
    String modelTopic) {
  /** The message is kept as it will be stored ({@link StoredText#message}). */
  public BadRecord {
    message = StoredText.message(message);
  }

  /** A record the model knows by the topic it was read from. */
  public BadRecord(
      String topic, int partition, long offset, byte[] key, byte[] value, String message) {
    this(topic, partition, offset, key, value, message, topic);
  }
}
