package io.vaultstream.connect;

import io.vaultstream.engine.ReadPacing;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task's partitions paced by their events' source time ({@link ReadPacing}, the engine's rule):
 * after each put, the partitions too far ahead of the slowest one are paused through Connect, and
 * those the slowest has caught up with are resumed; only while a backlog is read ({@link
 * #delivered}).
 */
final class PartitionPacing {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionPacing.class);

  /** A partition that delivered nothing for this long no longer holds the others back. */
  static final long IDLE_MS = 1000;

  /** A partition stays paused at most this long (its source's clock may be set ahead). */
  static final long MAX_PAUSE_MS = 60_000;

  /** Pacing applies while the task reads records written to Kafka this long before. */
  static final long BACKLOG_MS = 10_000;

  /** And until this long after the last such record. */
  static final long ENGAGED_MS = 5_000;

  private final ReadPacing<TopicPartition> pacing;
  private final SinkTaskContext context;
  private final long skewMs;
  private TopicPartition last;
  private boolean engaged;
  private long engagedNanos;

  private PartitionPacing(ReadPacing<TopicPartition> pacing, SinkTaskContext context, long skewMs) {
    this.pacing = pacing;
    this.context = context;
    this.skewMs = skewMs;
  }

  /** The pacing of a task allowing {@code skewMs} of source time ahead; null when 0 (off). */
  static PartitionPacing of(long skewMs, SinkTaskContext context) {
    return skewMs <= 0
        ? null
        : new PartitionPacing(
            new ReadPacing<>(
                TimeUnit.MILLISECONDS.toMicros(skewMs),
                TimeUnit.MILLISECONDS.toNanos(IDLE_MS),
                TimeUnit.MILLISECONDS.toNanos(MAX_PAUSE_MS)),
            context,
            skewMs);
  }

  /** The task was given these partitions: their place in source time is unknown until read. */
  void assigned(Collection<TopicPartition> partitions, long nowNanos) {
    partitions.forEach(tp -> pacing.assigned(tp, nowNanos));
  }

  /**
   * A record with an event of source time {@code eventMicros} was buffered. Pacing is there for a
   * backlog, read far faster than it was written, where a topic runs ahead of the others in source
   * time: it applies while the task reads records written to Kafka more than {@value #BACKLOG_MS}
   * ms before ({@code nowMs}, the wall clock), and until {@value #ENGAGED_MS} ms after the last. A
   * stream read as it is written is not paced: a pause would only add latency.
   */
  void delivered(SinkRecord r, long eventMicros, long nowNanos, long nowMs) {
    // The partition the consumer read (a transform may have renamed the record's topic): the one
    // Connect can pause.
    String topic = ReadCoordinates.topic(r);
    int partition = ReadCoordinates.partition(r);
    TopicPartition tp = last;
    // Records come in runs of one partition: its name is made once per run.
    if (tp == null || tp.partition() != partition || !tp.topic().equals(topic)) {
      tp = new TopicPartition(topic, partition);
      last = tp;
    }
    pacing.delivered(tp, eventMicros, nowNanos);
    Long written = r.timestamp();
    if (written != null && written > 0 && nowMs - written > BACKLOG_MS) {
      engaged = true;
      engagedNanos = nowNanos;
    }
  }

  /** Pauses and resumes partitions as the rule says now. */
  void apply(long nowNanos) {
    if (engaged && nowNanos - engagedNanos > TimeUnit.MILLISECONDS.toNanos(ENGAGED_MS)) {
      engaged = false;
    }
    if (!engaged) {
      if (pacing.pausing()) {
        List<TopicPartition> released = pacing.releaseAll(nowNanos);
        resume(released);
        LOG.debug("Read pacing: no backlog is being read, resumed {}", released);
      }
      return;
    }
    ReadPacing.Changes<TopicPartition> changes = pacing.pace(nowNanos);
    if (changes.isEmpty()) {
      return;
    }
    if (!changes.pause().isEmpty()) {
      context.pause(changes.pause().toArray(TopicPartition[]::new));
    }
    resume(changes.resume());
    if (!changes.overdue().isEmpty()) {
      LOG.warn(
          "Read pacing: {} stayed more than {} ms of source time ahead of the other partitions for"
              + " {} s and are read anyway (is the source's clock ahead, or is another partition far"
              + " behind?); not paused again for as long",
          changes.overdue(),
          skewMs,
          MAX_PAUSE_MS / 1000);
    }
    LOG.debug(
        "Read pacing: paused {}, resumed {} ({} paused)",
        changes.pause(),
        changes.resume(),
        pacing.pausedCount());
  }

  /** Milliseconds until the rule should be looked at again (0: no need, nothing is paused). */
  long wakeUpMs() {
    return pacing.pausing() ? IDLE_MS : 0;
  }

  /**
   * Partitions were taken away. Those paused are resumed while they are still the task's: Connect
   * would otherwise pause them again if they came back, with no pacing left to resume them.
   */
  void forget(Collection<TopicPartition> partitions) {
    List<TopicPartition> paused = pacing.forget(partitions);
    last = null;
    try {
      resume(paused);
    } catch (RuntimeException e) {
      // Already gone from the consumer (partitions lost): Connect drops them from its paused set.
      LOG.debug("Read pacing: {} could not be resumed as they were taken away", paused, e);
    }
  }

  /**
   * Partitions are read again from an earlier offset: their place in source time is unknown again,
   * and a pause for having been ahead no longer holds (paused, they would deliver nothing to show
   * they are behind now).
   */
  void readAgain(Collection<TopicPartition> partitions, long nowNanos) {
    if (!partitions.isEmpty()) {
      forget(partitions);
      assigned(partitions, nowNanos);
    }
  }

  private void resume(List<TopicPartition> partitions) {
    if (!partitions.isEmpty()) {
      context.resume(partitions.toArray(TopicPartition[]::new));
    }
  }
}
