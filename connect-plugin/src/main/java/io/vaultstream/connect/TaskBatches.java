package io.vaultstream.connect;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.StoredProgressMoved;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/**
 * A task's records from their arrival to the offsets it may commit: the buffer, the batches handed
 * to the engine and not committed yet, and when a batch ends; which records are buffered and each
 * partition's committed position are {@link DeliveredRecords}'. A failed write puts every batch not
 * committed back into the buffer and throws; translating the failure is the task's. A write that
 * found positions moved in the vault ({@link StoredProgressMoved}) does not fail the put: those
 * partitions are read again from the stored positions.
 *
 * <p>A batch ends as {@link BatchLimits} says. The offset commit never waits for a write: it takes
 * the batch in flight as committed if its write has ended, and hands the buffer over only when no
 * batch is in flight.
 */
final class TaskBatches {
  private final String consumer;
  private final BatchLimits limits;
  private final RecordIntake intake;
  private final BatchLoader loader;
  private final SinkTaskContext context;
  private final BatchOutcomes outcomes;
  // Records received and not yet handed to the engine, each decoded once (when it arrived).
  private final RecordBuffer buffer = new RecordBuffer();
  // Batches handed to the engine and not committed yet, oldest first (at most two).
  private final Deque<TaskBatch> submitted = new ArrayDeque<>();
  private final DeliveredRecords delivered;
  // Partitions paused while they are ahead of the others in source time; null when off.
  private final PartitionPacing pacing;
  // The records of events that wait and may be held in memory, for their dead letters.
  private final WaitedRecords waited = new WaitedRecords();
  // Whether a batch was handed over since the last offset commit (then no empty batch is needed).
  private boolean handedSinceCommit;

  /**
   * @param outcomes told of each batch that has committed, with its records (metrics, retries), and
   *     of partitions read again because their stored positions moved
   */
  TaskBatches(
      String consumer,
      BatchLimits limits,
      RecordIntake intake,
      BatchLoader loader,
      SinkTaskContext context,
      PartitionPacing pacing,
      BatchOutcomes outcomes) {
    this.consumer = consumer;
    this.pacing = pacing;
    this.limits = limits;
    this.intake = intake;
    this.loader = loader;
    this.context = context;
    this.outcomes = outcomes;
    this.delivered = new DeliveredRecords(consumer, intake, buffer, loader, context);
  }

  /**
   * Takes the positions stored in the vault for the partitions opened (and paces them from now);
   * returns where to resume those that have one.
   */
  Map<TopicPartition, Long> resume(
      Collection<TopicPartition> partitions, List<Progress.Position> stored) {
    if (pacing != null) {
      pacing.assigned(partitions, System.nanoTime());
    }
    return delivered.resume(partitions, stored);
  }

  /**
   * Buffers the records not buffered or loaded yet, and hands the buffer to the engine when a batch
   * is due.
   *
   * @throws SQLException when a batch failed (its records are buffered again)
   */
  void put(Collection<SinkRecord> records) throws SQLException {
    // The loop body is a method of its own: the JIT compiles it once, instead of compiling the
    // whole decoding again into an on-stack-replacement version of this loop.
    delivered.newPut();
    long now = System.nanoTime();
    long nowMs = pacing == null ? 0 : System.currentTimeMillis();
    for (SinkRecord r : records) {
      RecordIntake.Entry e = delivered.take(r);
      if (pacing != null && e != null && e.event() != null) {
        pacing.delivered(r, e.event().eventTimeMicros(), now, nowMs);
      }
      if (buffer.bytes() >= limits.bytes()) {
        // Large records: the batch is written now, before the rest of this put is decoded.
        flush();
      }
    }
    collect();
    if (limits.due(buffer, loader)) {
      flush();
    }
    List<TopicPartition> rewound = delivered.rewound();
    if (pacing != null) {
      pacing.readAgain(rewound, now); // read from their beginning: paced anew
      pacing.apply(now);
    }
    wakeUp();
    delivered.putEnded();
  }

  /**
   * Records stay buffered, or a batch is in flight: Connect is asked to call put again (with no
   * records, if none came) when their time bound falls due, or soon after the write ends. Only a
   * put that succeeded asks: a failed one leaves Connect the task's retry backoff.
   */
  private void wakeUp() {
    long ms = limits.wakeUpMs(buffer, loader);
    long paced = pacing == null ? 0 : pacing.wakeUpMs();
    if (paced > 0 && (ms <= 0 || paced < ms)) {
      ms = paced; // a paused partition resumes once the slowest one is idle
    }
    if (ms > 0) {
      context.timeout(ms);
    }
  }

  /**
   * The offset commit is due. The batch in flight, if its write has ended, is taken as committed;
   * when no batch is in flight, the buffer is handed over, or, when it is empty and no batch was
   * handed over since the last commit, an empty batch (which rechecks waiting rows, loads events
   * held in memory that are due and, when due, runs the sweep: what every batch does). Never waits
   * for a write: the task reads on while the writer works, and the offsets to commit are those of
   * {@link #toCommit}, whose rows the vault holds.
   *
   * @throws SQLException when a batch failed (its records are buffered again)
   */
  void beforeCommit() throws SQLException {
    collect();
    if (!loader.busy() && (!buffer.isEmpty() || !handedSinceCommit)) {
      flush();
    }
    handedSinceCommit = false;
    // No wake-up asked for here: after a failed put, that would cut the task's retry backoff short.
  }

  /**
   * Takes the batch in flight as committed if its write has ended, without waiting for it.
   *
   * @throws SQLException when it failed (its records are buffered again)
   */
  private void collect() throws SQLException {
    try {
      loader.collect();
    } catch (SQLException e) {
      failed(e, List.of());
    }
  }

  /**
   * Hands the buffer to the engine (or, when empty, retries waiting rows). With pipelining the
   * batch is planned now and written while the task reads on; otherwise it is loaded at once.
   *
   * @throws SQLException when a batch failed (its records are buffered again)
   */
  void flush() throws SQLException {
    TaskBatch batch = TaskBatch.of(consumer, buffer.entries());
    // From here on the batch's records are in submitted only: a failure puts them back once.
    submitted.addLast(batch);
    buffer.clear();
    handedSinceCommit = true;
    try {
      loader.submit(
          batch.events(), batch.bad(), batch.progress(), result -> committed(batch, result));
    } catch (SQLException e) {
      failed(e, List.of());
    }
  }

  /**
   * Waits for the batch being written, if any.
   *
   * @throws SQLException when it failed (its records are buffered again)
   */
  void drain() throws SQLException {
    drain(List.of());
  }

  /**
   * Waits for the batch being written, if any, before {@code closing} are taken away: if their
   * stored positions moved, they are not read again here (their next owner resumes from the vault).
   *
   * @throws SQLException when it failed (its records are buffered again)
   */
  void drain(Collection<TopicPartition> closing) throws SQLException {
    try {
      loader.drain();
    } catch (SQLException e) {
      failed(e, closing);
    }
  }

  /** A batch has committed: its offsets may be committed to Kafka. */
  private void committed(TaskBatch batch, LoadResult result) {
    submitted.removeIf(b -> b == batch); // the batch itself, not an equal one
    outcomes.committed(result, batch.source().values());

    // The engine's positions: the batch's next offsets, but not past an event held in memory.
    delivered.committed(result.positions());
    // One dead letter per record, however many of its event's rows the vault refused.
    Set<ChangeEvent> sent = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Problem p : result.problems()) {
      SinkRecord record = batch.source().get(p.event());
      if (record != null && !p.waits() && sent.add(p.event())) {
        deadLetter(record, p);
      }
    }
    // Events planned again from memory: one refused now is a dead letter too.
    for (Problem p : result.rechecked()) {
      SinkRecord record = p.waits() ? null : waited.of(p.event());
      if (record != null && sent.add(p.event())) {
        deadLetter(record, p);
      }
    }
    waited.committed(batch.source(), result.heldEvents(), sent);
  }

  private void deadLetter(SinkRecord record, Problem p) {
    intake.reportCommitted(
        RecordIntake.original(record, p.event()),
        new DecodeException(p.code() + ": " + p.message()));
  }

  /**
   * Writing failed: every batch not committed goes back to the buffer, to be written again when
   * Connect calls put again (or the task fails, as the task decides from the failure). When the
   * stored positions of some partitions had moved, those are read again from there instead, and the
   * put goes on.
   */
  private void failed(SQLException e, Collection<TopicPartition> closing) throws SQLException {
    // Before the records buffered since (a close() drains with records buffered): those were
    // marked as seen and are not delivered again, so they must stay.
    List<RecordIntake.Entry> again = new ArrayList<>();
    submitted.forEach(b -> again.addAll(b.entries()));
    submitted.clear();
    buffer.restore(again);
    if (!(e instanceof StoredProgressMoved moved)) {
      throw e;
    }
    List<TopicPartition> readAgain = delivered.moved(moved, closing);
    if (pacing != null) {
      pacing.readAgain(readAgain, System.nanoTime());
    }
    if (!readAgain.isEmpty()) {
      outcomes.readAgain(readAgain);
    }
  }

  /** The number of records buffered. */
  int buffered() {
    return buffer.size();
  }

  /** The offsets to commit to Kafka for the partitions of {@code current}: what the vault holds. */
  Map<TopicPartition, OffsetAndMetadata> toCommit(Map<TopicPartition, OffsetAndMetadata> current) {
    return delivered.toCommit(current);
  }

  /**
   * Partitions were taken away: their buffered records are not loaded and their offsets not
   * committed, so the next owner reads them again (writes are idempotent). Call after {@link
   * #drain}.
   */
  void close(Collection<TopicPartition> partitions) {
    buffer.removeIf(e -> partitions.contains(TaskBatch.partitionOf(e)));
    // Events held in memory for them are dropped too: their offsets were not committed either.
    delivered.forget(partitions);
    waited.forget(partitions);
    if (pacing != null) {
      pacing.forget(partitions);
    }
  }

  /** The task stops: the batch being written, if any, is waited for (its failure only logged). */
  void stop() {
    loader.close();
  }
}
