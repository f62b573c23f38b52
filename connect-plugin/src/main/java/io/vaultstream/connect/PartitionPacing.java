package io.vaultstream.connect;

import io.vaultstream.engine.ReadPacing;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task's partitions paced by their events' source time ({@link ReadPacing}, the engine's rule):
 * after each put, the partitions too far ahead of the slowest one are paused through Connect, and
 * those the slowest has caught up with are resumed.
 */
final class PartitionPacing {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionPacing.class);

  /** A partition that delivered nothing for this long no longer holds the others back. */
  static final long IDLE_MS = 1000;

  private final ReadPacing<TopicPartition> pacing;
  private final SinkTaskContext context;
  private TopicPartition last;

  private PartitionPacing(ReadPacing<TopicPartition> pacing, SinkTaskContext context) {
    this.pacing = pacing;
    this.context = context;
  }

  /** The pacing of a task allowing {@code skewMs} of source time ahead; null when 0 (off). */
  static PartitionPacing of(long skewMs, SinkTaskContext context) {
    return skewMs <= 0
        ? null
        : new PartitionPacing(
            new ReadPacing<>(
                TimeUnit.MILLISECONDS.toMicros(skewMs), TimeUnit.MILLISECONDS.toNanos(IDLE_MS)),
            context);
  }

  /**
   * The task was given these partitions. They are resumed: Connect pauses again, after a rebalance,
   * the partitions a task had paused and still owns, while the pacing starts afresh for every
   * partition it is given (it forgot those it paused when they were closed).
   */
  void assigned(Collection<TopicPartition> partitions, long nowNanos) {
    partitions.forEach(tp -> pacing.assigned(tp, nowNanos));
    if (!partitions.isEmpty()) {
      context.resume(partitions.toArray(TopicPartition[]::new));
    }
  }

  /** A record with an event of source time {@code eventMicros} was buffered. */
  void delivered(SinkRecord r, long eventMicros, long nowNanos) {
    TopicPartition tp = last;
    // Records come in runs of one partition: its name is made once per run.
    if (tp == null || tp.partition() != r.kafkaPartition() || !tp.topic().equals(r.topic())) {
      tp = new TopicPartition(r.topic(), r.kafkaPartition());
      last = tp;
    }
    pacing.delivered(tp, eventMicros, nowNanos);
  }

  /** Pauses and resumes partitions as the rule says now. */
  void apply(long nowNanos) {
    ReadPacing.Changes<TopicPartition> changes = pacing.pace(nowNanos);
    if (changes.isEmpty()) {
      return;
    }
    if (!changes.pause().isEmpty()) {
      context.pause(changes.pause().toArray(TopicPartition[]::new));
    }
    if (!changes.resume().isEmpty()) {
      context.resume(changes.resume().toArray(TopicPartition[]::new));
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

  /** Partitions were taken away. */
  void forget(Collection<TopicPartition> partitions) {
    pacing.forget(partitions);
    last = null;
  }
}
