package io.vaultstream.spark;

import io.vaultstream.samples.ShopTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The shop's topics as another producer left them in a broker (a Debezium source connector, for
 * benchmarks/debezium-source.sh): read once from start to end, before the timed load, to know what
 * the job must load (records and tombstones per topic). The job itself reads them afresh.
 */
record SparkTopicScan(Map<String, Long> perTopic, long tombstones) implements SparkBenchInput {

  /** Reads every shop topic on {@code bootstrap} up to its end offsets as of now. */
  static SparkTopicScan of(String bootstrap) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      List<TopicPartition> partitions = new ArrayList<>();
      var topics = consumer.listTopics(Duration.ofSeconds(60));
      for (ShopTables.Table t : ShopTables.TABLES) {
        if (!topics.containsKey(t.topic())) {
          throw new IllegalStateException(
              "topic " + t.topic() + " does not exist on " + bootstrap + ": nothing to load");
        }
        topics
            .get(t.topic())
            .forEach(i -> partitions.add(new TopicPartition(i.topic(), i.partition())));
      }
      if (partitions.isEmpty()) {
        throw new IllegalStateException(
            "no shop topic exists on " + bootstrap + ": nothing to load");
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(60));
      Map<String, Long> perTopic = new TreeMap<>();
      end.forEach((tp, o) -> perTopic.merge(tp.topic(), o, Long::sum));
      perTopic.values().removeIf(n -> n == 0); // the job stores no position for an empty topic
      long tombstones = 0;
      long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
      while (!reached(consumer, end)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("reading the shop topics took more than 5 minutes");
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofSeconds(1))) {
          if (r.value() == null
              && r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
            tombstones++;
          }
        }
      }
      return new SparkTopicScan(Map.copyOf(perTopic), tombstones);
    }
  }

  private static boolean reached(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
    for (var e : end.entrySet()) {
      if (consumer.position(e.getKey()) < e.getValue()) {
        return false;
      }
    }
    return true;
  }
}
