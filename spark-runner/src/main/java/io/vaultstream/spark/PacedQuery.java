package io.vaultstream.spark;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One per-source query's side of {@link QueryPacing}, on the driver: before a micro-batch is
 * loaded, reads where it ends (the offsets Spark wrote into the checkpoint for it) and the Kafka
 * time of its last record in each partition, and waits for its turn.
 *
 * <p>Only a backlog is paced: a batch whose last record is younger than {@link #BACKLOG_MS} is
 * loaded at once (a stream read as it is written would only gain latency). Reading the times costs
 * one small fetch per partition and micro-batch; when it fails, or finds no time, the batch is
 * loaded without waiting (pacing only changes when batches are written, never what is written).
 */
final class PacedQuery implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PacedQuery.class);

  /** How old a batch's last record must be for the batch to count as part of a backlog. */
  static final long BACKLOG_MS = 10_000;

  private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(2);

  private final QueryPacing pacing;
  private final String query;
  private final String checkpoint;
  private final Map<String, Object> kafka;
  private KafkaConsumer<byte[], byte[]> consumer;
  private boolean warned;

  /**
   * @param checkpoint the query's checkpoint directory
   * @param kafka the job's Kafka client settings (bootstrap servers, security)
   */
  PacedQuery(QueryPacing pacing, String query, String checkpoint, Map<String, Object> kafka) {
    this.pacing = pacing;
    this.query = query;
    this.checkpoint = checkpoint;
    this.kafka = kafka;
  }

  /** Runs {@code write}, the loading of micro-batch {@code batch}, once it is the query's turn. */
  void run(long batch, Configuration hadoop, Runnable write) {
    long end = lastRecordTime(batch, hadoop);
    boolean paced = end != QueryPacing.UNKNOWN && System.currentTimeMillis() - end >= BACKLOG_MS;
    try {
      QueryPacing.Wait w = pacing.awaitTurn(query, paced ? end : QueryPacing.UNKNOWN);
      if (w.overdue()) {
        LOG.warn(
            "Micro-batch {} of {} is loaded after waiting {} ms for {} to load records as old as"
                + " its own; their records' Kafka times may run behind",
            batch,
            query,
            w.nanos() / 1_000_000,
            w.waitedFor());
      } else if (!w.waitedFor().isEmpty()) {
        LOG.info(
            "Micro-batch {} of {} waited {} ms for {} to load the records it references",
            batch,
            query,
            w.nanos() / 1_000_000,
            w.waitedFor());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      pacing.stopped(query);
      throw new IllegalStateException("Interrupted while micro-batch " + batch + " waited", e);
    }
    try {
      write.run();
    } catch (RuntimeException | Error e) {
      pacing.stopped(query);
      throw e;
    }
    pacing.loaded(query, end);
  }

  /** The query ended: it holds no other back, and its consumer is closed. */
  @Override
  public synchronized void close() {
    pacing.stopped(query);
    if (consumer != null) {
      consumer.close(Duration.ofSeconds(1));
      consumer = null;
    }
  }

  /** The latest Kafka time of the batch's last records, or {@link QueryPacing#UNKNOWN}. */
  private synchronized long lastRecordTime(long batch, Configuration hadoop) {
    try {
      Map<TopicPartition, Long> ends = CheckpointOffsets.ofBatch(checkpoint, batch, hadoop);
      Map<TopicPartition, Long> last = new HashMap<>();
      ends.forEach(
          (tp, end) -> {
            if (end > 0) {
              last.put(tp, end - 1);
            }
          });
      return last.isEmpty() ? QueryPacing.UNKNOWN : latestTime(last);
    } catch (IOException | RuntimeException e) {
      if (!warned) {
        warned = true;
        LOG.warn(
            "{} cannot read the Kafka times of its micro-batches ({}); its batches are loaded"
                + " without waiting for the queries they reference",
            query,
            e.toString());
      }
      return QueryPacing.UNKNOWN;
    }
  }

  private long latestTime(Map<TopicPartition, Long> last) {
    if (consumer == null) {
      Map<String, Object> props = new HashMap<>(kafka);
      props.put("enable.auto.commit", "false");
      props.put("client.id", "vaultstream-pacing-" + query);
      // The broker returns at least one record batch whatever the limit: one is all it needs.
      props.put("max.partition.fetch.bytes", "1");
      props.put("fetch.max.bytes", "1");
      consumer =
          new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }
    consumer.assign(last.keySet());
    last.forEach(consumer::seek);
    Set<TopicPartition> waiting = new HashSet<>(last.keySet());
    long latest = QueryPacing.UNKNOWN;
    long deadline = System.nanoTime() + FETCH_TIMEOUT.toNanos();
    while (!waiting.isEmpty() && System.nanoTime() < deadline) {
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        if (waiting.remove(tp) && r.offset() <= last.get(tp) && r.timestamp() >= 0) {
          latest = Math.max(latest, r.timestamp());
        }
      }
    }
    return latest;
  }
}
