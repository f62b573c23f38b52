package io.vaultstream.connect;

import io.vaultstream.engine.StoredProgressMoved;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which of the records Connect delivers a task buffers, by their partitions' positions: where to
 * resume from the positions stored in the vault, the records buffered or loaded already (skipped
 * when delivered again), a stored position that belongs to another Kafka cluster (the partition is
 * read from its beginning), and the offsets Kafka may commit.
 */
final class DeliveredRecords {
  private static final Logger LOG = LoggerFactory.getLogger(DeliveredRecords.class);

  private final String consumer;
  private final RecordIntake intake;
  private final RecordBuffer buffer;
  private final BatchLoader loader;
  private final SinkTaskContext context;
  private final PartitionPositions positions = new PartitionPositions();
  // Stored positions found moved since a batch last committed (another writer when many).
  private int movesWithoutCommit;
  // Why the task must fail, found outside a put; thrown by the next put.
  private ConnectException fatal;
  // Whether a put began and has not returned (it threw, when the next one begins).
  private boolean inPut;
  // Partitions sent back to their beginning during the current put (their pacing starts over).
  private final List<TopicPartition> rewoundNow = new ArrayList<>(0);

  /** How often positions may move with no batch committed in between before the task fails. */
  static final int MOST_MOVES_WITHOUT_COMMIT = 10;

  DeliveredRecords(
      String consumer,
      RecordIntake intake,
      RecordBuffer buffer,
      BatchLoader loader,
      SinkTaskContext context) {
    this.consumer = consumer;
    this.intake = intake;
    this.buffer = buffer;
    this.loader = loader;
    this.context = context;
  }

  /**
   * Takes the positions stored in the vault for the partitions opened; returns where to resume
   * those that have one.
   */
  Map<TopicPartition, Long> resume(
      Collection<TopicPartition> partitions, List<Progress.Position> stored) {
    Map<TopicPartition, Long> seek = new HashMap<>();
    List<Progress.Position> resumed = new ArrayList<>();
    for (Progress.Position p : stored) {
      TopicPartition tp = new TopicPartition(p.topic(), p.partition());
      if (partitions.contains(tp)) {
        seek.put(tp, positions.resume(tp, p));
        resumed.add(p);
      }
    }
    // From now on each batch checks that the vault still holds them, idle partitions included.
    loader.expectStoredProgress(consumer, resumed);
    return seek;
  }

  /**
   * A put begins: the seeks found since the last one are asked of Connect. A put that did not end
   * ({@link #putEnded}) threw, and Connect delivers its records again in this one.
   */
  void newPut() {
    if (fatal != null) {
      throw fatal;
    }
    boolean again = inPut;
    inPut = true;
    positions.newPut(again).forEach(context::offset);
  }

  /** The put returned. */
  void putEnded() {
    inPut = false;
  }

  /** The partitions sent back to their beginning since the last call (during the current put). */
  List<TopicPartition> rewound() {
    if (rewoundNow.isEmpty()) {
      return List.of();
    }
    List<TopicPartition> out = List.copyOf(rewoundNow);
    rewoundNow.clear();
    return out;
  }

  /**
   * Buffers a record with its decoded event, unless it is buffered or loaded already. Returns what
   * was buffered, or null.
   */
  RecordIntake.Entry take(SinkRecord r) {
    TopicPartition tp = ReadCoordinates.of(r);
    positions.delivered(tp);
    if (positions.rewound(tp)) {
      return null;
    }
    String other = positions.contradiction(tp, r);
    if (other != null) {
      readFromTheBeginning(tp, other);
      return null;
    }
    if (positions.seen(tp, r.kafkaOffset())) {
      return null; // delivered again after a retry or a seek: already buffered or loaded
    }
    RecordIntake.Entry e = intake.decode(r);
    buffer.add(e);
    positions.buffered(tp, r.kafkaOffset());
    return e;
  }

  /**
   * The stored position of a partition came from another Kafka cluster or an earlier topic of the
   * same name: resuming there would skip this topic's records. They are read from the beginning;
   * what the vault holds already is not written again (the loader's writes are idempotent).
   */
  private void readFromTheBeginning(TopicPartition tp, String found) {
    LOG.warn(
        "The position of {} stored in the vault for {} (next offset {}) belongs to another Kafka"
            + " cluster or an earlier topic of that name: {}. Reading {} from its beginning",
        tp,
        consumer,
        positions.committed(tp),
        found,
        tp);
    positions.rewind(tp);
    rewoundNow.add(tp);
    buffer.removeIf(e -> TaskBatch.partitionOf(e).equals(tp));
    loader.forget(tp.topic(), tp.partition());
    context.offset(tp, 0L);
  }

  /**
   * The vault holds other positions for some partitions than the task committed (it lost commits,
   * or another writer moved them): each is read again from the position stored, or from its
   * beginning when none is stored (then 0 is stored at once), and its buffered and held records are
   * dropped. The offsets committed to Kafka follow the vault, so a restart resumes there too.
   * Partitions {@code closing} are left to their next owner.
   *
   * @return the partitions read again (none when the task must fail)
   * @throws SQLException when storing the position of a partition that has none failed (nothing is
   *     done then: the next batch finds the same)
   */
  List<TopicPartition> moved(StoredProgressMoved m, Collection<TopicPartition> closing)
      throws SQLException {
    // Partitions the vault holds no position of any more are stored at 0 at once: a restart, or
    // their next owner, must not resume at the offset Kafka committed, past the lost batches.
    List<Progress.Position> gone = new ArrayList<>();
    for (StoredProgressMoved.Moved moved : m.moved()) {
      if (moved.stored() == null) {
        gone.add(new Progress.Position(moved.topic(), moved.partition(), 0L));
      }
    }
    if (!gone.isEmpty()) {
      try {
        loader.storeProgress(new Progress(consumer, gone));
      } catch (SQLException e) {
        for (Progress.Position p : gone) {
          TopicPartition tp = new TopicPartition(p.topic(), p.partition());
          if (closing.contains(tp)) {
            LOG.warn(
                "{} is taken away with no position stored in the vault, and storing one failed: its"
                    + " next owner starts at the offset Kafka committed for it, which may be past"
                    + " the batches the vault lost; if so, reset the connector's offset of {}",
                tp,
                tp);
          }
        }
        throw e; // a write failure like any other: the next batch finds the same move
      }
    }
    if (++movesWithoutCommit > MOST_MOVES_WITHOUT_COMMIT) {
      // Thrown by the next put: Connect only logs what the offset commit throws.
      fatal =
          new ConnectException(
              "The positions stored in the vault for "
                  + consumer
                  + " moved "
                  + movesWithoutCommit
                  + " times in a row without a batch committed in between: another writer stores"
                  + " positions under this name (a connector of the same name on another Connect"
                  + " cluster, or a Spark job named so, writing to this vault). Last: "
                  + m.getMessage());
      return List.of();
    }
    LOG.warn("{}. This task reads them again from there", m.getMessage());
    List<Progress.Position> from = new ArrayList<>();
    List<TopicPartition> again = new ArrayList<>();
    for (StoredProgressMoved.Moved moved : m.moved()) {
      TopicPartition tp = new TopicPartition(moved.topic(), moved.partition());
      if (closing.contains(tp)) {
        continue; // taken away: the next owner resumes from the vault
      }
      Progress.Position at =
          moved.stored() != null
              ? moved.stored()
              : new Progress.Position(tp.topic(), tp.partition(), 0L);
      positions.readAgain(tp, at.nextOffset(), positions.resume(tp, at));
      buffer.removeIf(e -> TaskBatch.partitionOf(e).equals(tp));
      loader.forget(tp.topic(), tp.partition());
      from.add(at);
      again.add(tp);
    }
    // Checked again from the next batch on.
    loader.expectStoredProgress(consumer, from);
    return again;
  }

  /** The engine's positions after a batch committed: the offsets Kafka may commit. */
  void committed(List<Progress.Position> committed) {
    movesWithoutCommit = 0;
    for (Progress.Position p : committed) {
      positions.committed(new TopicPartition(p.topic(), p.partition()), p.nextOffset());
    }
  }

  /** The offsets to commit to Kafka for the partitions of {@code current}: what the vault holds. */
  Map<TopicPartition, OffsetAndMetadata> toCommit(Map<TopicPartition, OffsetAndMetadata> current) {
    return positions.toCommit(current);
  }

  /** Partitions were taken away: their positions and the events held in memory for them go. */
  void forget(Collection<TopicPartition> partitions) {
    rewoundNow.removeAll(partitions);
    partitions.forEach(
        tp -> {
          positions.forget(tp);
          loader.forget(tp.topic(), tp.partition());
        });
  }
}
