package io.vaultstream.spark;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
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
 * one fetch (of the producer's record batch holding those records) per partition the micro-batch
 * reads further; when it fails, or finds no time, the batch is loaded without waiting (pacing only
 * changes when batches are written, never what is written).
 */
final class PacedQuery implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PacedQuery.class);

  /** How old a batch's last record must be for the batch to count as part of a backlog. */
  static final long BACKLOG_MS = 10_000;

  // How long reading a batch's times may take; the first read also connects to the brokers.
  private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration FIRST_FETCH_TIMEOUT = Duration.ofSeconds(10);

  private final QueryPacing pacing;
  private final String query;
  private final String checkpoint;
  private final Map<String, Object> kafka;
  private KafkaConsumer<byte[], byte[]> consumer;
  private boolean warned;
  // The end offsets of the query's last micro-batch (null: not known): the partitions whose end
  // did not move hold no record of the next one.
  private Map<TopicPartition, Long> previousEnds;

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

  /**
   * Runs {@code write}, the loading of micro-batch {@code batch}, once it is the query's turn.
   *
   * @throws InterruptedException when the query is stopped while its batch waits
   */
  void run(long batch, Configuration hadoop, Runnable write) throws InterruptedException {
    pacing.arriving(query);
    long end;
    QueryPacing.Wait w;
    try {
      end = lastRecordTime(batch, hadoop);
      boolean paced = end != QueryPacing.UNKNOWN && System.currentTimeMillis() - end >= BACKLOG_MS;
      w = pacing.awaitTurn(query, paced ? end : QueryPacing.UNKNOWN);
    } catch (InterruptedException | RuntimeException | Error e) {
      pacing.stopped(query);
      throw e;
    }
    if (w.overdue()) {
      LOG.warn(
          "Micro-batch {} of {} is loaded after waiting {} ms for {} to load records as old as"
              + " its own; the topics' Kafka timestamps may not follow the source's commits",
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
    boolean written = false;
    try {
      write.run();
      written = true;
    } finally {
      if (written) {
        pacing.loaded(query, end);
      } else {
        pacing.stopped(query); // failed: Spark stops the query
      }
    }
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

  /**
   * The latest Kafka time of the batch's last records in the partitions it reads further, or {@link
   * QueryPacing#UNKNOWN}.
   */
  private synchronized long lastRecordTime(long batch, Configuration hadoop)
      throws InterruptedException {
    try {
      Map<TopicPartition, Long> ends = CheckpointOffsets.ofBatch(checkpoint, batch, hadoop);
      if (previousEnds == null) {
        previousEnds = batch > 0 ? CheckpointOffsets.ofBatch(checkpoint, batch - 1, hadoop) : null;
      }
      Map<TopicPartition, long[]> ranges = new HashMap<>();
      for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
        Long before = previousEnds == null ? null : previousEnds.get(e.getKey());
        long end = e.getValue();
        if (end > 0 && (before == null || before < end)) {
          // Two records back: with a transactional producer the last offset is a commit marker.
          long from = Math.max(before == null ? 0 : before, end - 2);
          ranges.put(e.getKey(), new long[] {from, end});
        }
      }
      previousEnds = ends;
      return ranges.isEmpty() ? QueryPacing.UNKNOWN : latestTime(ranges);
    } catch (org.apache.kafka.common.errors.InterruptException
        | java.io.InterruptedIOException
        | java.nio.channels.ClosedByInterruptException e) {
      throw new InterruptedException("stopped while reading the Kafka times of batch " + batch);
    } catch (IOException | RuntimeException e) {
      if (Thread.interrupted()) {
        throw new InterruptedException("stopped while reading the Kafka times of batch " + batch);
      }
      previousEnds = null;
      if (!warned) {
        warned = true;
        LOG.warn(
            "{} cannot read the Kafka times of its micro-batches ({}); such batches are loaded"
                + " without waiting for the queries they reference",
            query,
            e.toString());
      }
      return QueryPacing.UNKNOWN;
    }
  }

  /** The latest timestamp of the records in the ranges [from, end) by partition. */
  private long latestTime(Map<TopicPartition, long[]> ranges) {
    Duration timeout = consumer == null ? FIRST_FETCH_TIMEOUT : FETCH_TIMEOUT;
    if (consumer == null) {
      Map<String, Object> props = new HashMap<>(kafka);
      props.put("enable.auto.commit", "false");
      props.put("auto.offset.reset", "none");
      props.put("client.id", "vaultstream-pacing-" + query);
      // The broker returns at least one record batch whatever the limit: one is all it needs.
      props.put("max.partition.fetch.bytes", "1");
      props.put("fetch.max.bytes", "1");
      consumer =
          new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }
    consumer.assign(ranges.keySet());
    consumer.resume(consumer.paused());
    ranges.forEach((tp, r) -> consumer.seek(tp, r[0]));
    Set<TopicPartition> reading = new HashSet<>(ranges.keySet());
    long latest = QueryPacing.UNKNOWN;
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!reading.isEmpty() && System.nanoTime() < deadline) {
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
        long[] range = ranges.get(new TopicPartition(r.topic(), r.partition()));
        if (r.offset() < range[1] && r.timestamp() >= 0) {
          latest = Math.max(latest, r.timestamp());
        }
      }
      // Done with a partition once past the batch's end (markers are skipped without a record).
      for (java.util.Iterator<TopicPartition> i = reading.iterator(); i.hasNext(); ) {
        TopicPartition tp = i.next();
        long left = Math.max(1, deadline - System.nanoTime());
        if (consumer.position(tp, Duration.ofNanos(left)) >= ranges.get(tp)[1]) {
          consumer.pause(List.of(tp));
          i.remove();
        }
      }
    }
    if ((latest == QueryPacing.UNKNOWN || !reading.isEmpty()) && !warned) {
      warned = true;
      LOG.warn(
          "{} found no Kafka time in the last records of {} within {} ms; such batches are loaded"
              + " without waiting for the queries they reference",
          query,
          latest == QueryPacing.UNKNOWN ? ranges.keySet() : reading,
          timeout.toMillis());
    }
    return latest;
  }
}
