package io.vaultstream.connect;

import io.vaultstream.event.ChangeEvent;
import java.util.Objects;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * Where the task's consumer read a record: the topic and partition Connect assigns, pauses, seeks
 * and commits offsets of. A transform may give the record another topic (a router that strips a
 * prefix, or merges the topics of several source databases into one name): the model is looked up
 * by the record's topic, but positions are kept, stored in the vault and committed by the partition
 * read, so that two partitions merged into one name keep their own offsets. Workers from Kafka 3.6
 * on tell that partition ({@link SinkRecord#originalTopic()}); on older ones a transform must not
 * rename topics.
 */
final class ReadCoordinates {
  /** Whether the worker's records tell the topic and partition read (Kafka 3.6 and later). */
  static final boolean ORIGINAL = originalCoordinates();

  private ReadCoordinates() {}

  private static boolean originalCoordinates() {
    try {
      SinkRecord.class.getMethod("originalTopic");
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The topic the consumer read the record from. */
  static String topic(SinkRecord r) {
    return ORIGINAL ? r.originalTopic() : r.topic();
  }

  /** The partition the consumer read the record from. */
  static int partition(SinkRecord r) {
    Integer p = ORIGINAL ? r.originalKafkaPartition() : r.kafkaPartition();
    return p == null ? 0 : p;
  }

  /** The topic and partition the consumer read the record from. */
  static TopicPartition of(SinkRecord r) {
    return new TopicPartition(topic(r), partition(r));
  }

  /** Whether a transform gave the record another topic or partition than the one read. */
  static boolean moved(SinkRecord r) {
    return ORIGINAL
        && (!Objects.equals(r.originalTopic(), r.topic())
            || !Objects.equals(r.originalKafkaPartition(), r.kafkaPartition()));
  }

  /**
   * The event with the position the record was read at, when a transform moved the record (the
   * event was decoded under the record's own topic, which names its source table in the model).
   */
  static ChangeEvent readAt(SinkRecord r, ChangeEvent e) {
    if (e == null || !moved(r)) {
      return e;
    }
    return e.readAt(topic(r), partition(r));
  }
}
