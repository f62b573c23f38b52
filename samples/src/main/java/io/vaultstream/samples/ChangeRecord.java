package io.vaultstream.samples;

/**
 * One Kafka record as Debezium and the JsonConverter (schemas enabled) write it: {@code value} is
 * null for a tombstone; {@code op} is {@code c}, {@code u}, {@code d}, or null for a tombstone.
 */
public record ChangeRecord(String table, String op, String topic, byte[] key, byte[] value) {
  /** Whether this is the tombstone that follows a delete. */
  public boolean tombstone() {
    return value == null;
  }
}
