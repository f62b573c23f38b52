package io.vaultstream.connect;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.engine.Failures;
import io.vaultstream.engine.LoadPipeline;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buffers records, hands them to the engine in one transaction per batch (with this connector's
 * offsets), and tells Connect to commit only offsets whose rows are committed.
 */
public class VaultSinkTask extends SinkTask {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkTask.class);

  private VaultSinkConfig config;
  private VaultLoader loader;
  private RecordIntake intake;
  private String consumer;
  private LoadPipeline<Batch> pipeline;
  private VaultTaskMetrics metrics;
  // Records received and not yet handed to the engine, each decoded once (when it arrived).
  private final RecordBuffer buffer = new RecordBuffer();
  // Batches handed to the engine and not committed yet, oldest first (at most two).
  private final Deque<Batch> submitted = new ArrayDeque<>();
  private final PartitionPositions positions = new PartitionPositions();
  private TaskFaults faults;

  @Override
  public String version() {
    return Version.get();
  }

  @Override
  public void start(Map<String, String> props) {
    config = new VaultSinkConfig(props);
    consumer = props.getOrDefault("name", "vaultstream");
    faults =
        new TaskFaults(
            config.getInt(VaultSinkConfig.MAX_RETRIES),
            config.getLong(VaultSinkConfig.RETRY_BACKOFF));
    VaultModel model = config.model();
    VaultOptions options = config.options();
    try {
      // The engine waits out a database that is down or starting (max.retries, retry.backoff.ms).
      loader = VaultLoader.open(model, options);
    } catch (SQLException | RuntimeException e) {
      throw TaskFaults.cannotOpen(options, e);
    }
    metrics =
        VaultTaskMetrics.register(consumer, props.getOrDefault(VaultSinkConnector.TASK_INDEX, "0"));
    if (config.getBoolean(VaultSinkConfig.BATCH_PIPELINING)) {
      if (config.getInt(VaultSinkConfig.POOL_MAX_SIZE) < 3) {
        LOG.warn(
            "{} is on but {} is below 3: batches are written without pipelining",
            VaultSinkConfig.BATCH_PIPELINING,
            VaultSinkConfig.POOL_MAX_SIZE);
      } else {
        pipeline = loader.pipeline(this::committed);
      }
    }
    ErrantRecordReporter reporter;
    try {
      reporter = context.errantRecordReporter();
    } catch (NoSuchMethodError | NoClassDefFoundError e) {
      reporter = null; // a worker older than Kafka 2.6
    }
    // Connect's reporter throws on the first record it is given unless errors.tolerance is all,
    // which would fail the task for a record the error table holds already.
    intake =
        new RecordIntake(
            new RecordConverter(loader.decoder()),
            ConnectorChecks.toleratesErrors(props) ? reporter : null);
  }

  @Override
  public void open(Collection<TopicPartition> partitions) {
    try {
      Map<TopicPartition, Long> seek = new HashMap<>();
      for (Progress.Position p : loader.progress(consumer)) {
        TopicPartition tp = new TopicPartition(p.topic(), p.partition());
        if (partitions.contains(tp)) {
          seek.put(tp, positions.resume(tp, p));
        }
      }
      if (!seek.isEmpty()) {
        LOG.info("Task for {} resumes from the offsets stored in the vault: {}", consumer, seek);
        context.offset(seek);
      }
    } catch (SQLException e) {
      if (!Failures.retriable(e)) {
        throw new ConnectException(
            "Cannot read the stored offsets of " + consumer + ": " + Failures.explain(e), e);
      }
      throw new RetriableException(
          "Cannot read the stored offsets of " + consumer + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    // The loop body is a method of its own: the JIT compiles it once, instead of compiling the
    // whole decoding again into an on-stack-replacement version of this loop.
    positions.newPut();
    long maxBytes = config.getLong(VaultSinkConfig.BATCH_MAX_BYTES);
    try {
      for (SinkRecord r : records) {
        take(r);
        if (buffer.bytes() >= maxBytes) {
          // Large records: the batch is written now, before the rest of this put is decoded.
          flushBuffer();
        }
      }
    } catch (SchemaRegistryException e) {
      // Not the records' fault: an outage is retried (Connect delivers them again), refused
      // credentials fail the task. Records taken before it stay buffered and are skipped then.
      throw faults.failed("Decoding " + records.size() + " records for " + consumer, e, context);
    }
    if (buffer.size() >= config.getInt(VaultSinkConfig.BATCH_SIZE)
        || (!buffer.isEmpty()
            && buffer.waitedMs() >= config.getLong(VaultSinkConfig.BATCH_MAX_WAIT))
        || (buffer.isEmpty() && loader.heldDue() && (pipeline == null || !pipeline.busy()))) {
      // (an empty batch when events held in memory are due: they load, or become waiting rows)
      flushBuffer();
    }
  }

  @Override
  public Map<TopicPartition, OffsetAndMetadata> preCommit(
      Map<TopicPartition, OffsetAndMetadata> current) {
    try {
      flushBuffer();
      drain();
    } catch (RetriableException e) {
      LOG.warn(
          "Flush before the offset commit failed; committing only what is in the vault: {}",
          e.getMessage());
    }
    return positions.toCommit(current);
  }

  /** Buffers a record with its decoded event, unless it is buffered or loaded already. */
  private void take(SinkRecord r) {
    TopicPartition tp = new TopicPartition(r.topic(), r.kafkaPartition());
    if (positions.rewound(tp)) {
      return;
    }
    String other = positions.contradiction(tp, r);
    if (other != null) {
      readFromTheBeginning(tp, other);
      return;
    }
    if (positions.seen(tp, r.kafkaOffset())) {
      return; // delivered again after a retry or a seek: already buffered or loaded
    }
    buffer.add(intake.decode(r));
    positions.buffered(tp, r.kafkaOffset());
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
    buffer.removeIf(
        e ->
            e.record().topic().equals(tp.topic()) && e.record().kafkaPartition() == tp.partition());
    loader.forget(tp.topic(), tp.partition());
    context.offset(tp, 0L);
  }

  /** A batch handed to the engine: its entries, and the record of each event. */
  private record Batch(List<RecordIntake.Entry> entries, Map<ChangeEvent, SinkRecord> source) {}

  /**
   * Hands the buffer to the engine (or, when empty, retries waiting rows). With pipelining the
   * batch is planned now and written while the task reads on; otherwise it is loaded at once.
   */
  private void flushBuffer() {
    List<ChangeEvent> events = new ArrayList<>(buffer.size());
    List<BadRecord> bad = new ArrayList<>();
    Map<ChangeEvent, SinkRecord> source = new IdentityHashMap<>();
    Map<TopicPartition, SinkRecord> last = new HashMap<>();
    for (RecordIntake.Entry e : buffer.entries()) {
      SinkRecord r = e.record();
      last.put(new TopicPartition(r.topic(), r.kafkaPartition()), r);
      if (e.event() != null) {
        events.add(e.event());
        source.put(e.event(), r);
      } else if (e.bad() != null) {
        bad.add(e.bad());
      }
    }
    List<Progress.Position> positions = new ArrayList<>();
    last.values().forEach(r -> positions.add(TopicIncarnations.anchored(r)));
    Batch batch = new Batch(List.copyOf(buffer.entries()), source);
    Progress progress = new Progress(consumer, positions);
    // From here on the batch's records are in submitted only: a failure puts them back once.
    submitted.addLast(batch);
    buffer.clear();
    try {
      if (pipeline != null) {
        pipeline.submit(events, bad, progress, batch);
      } else {
        committed(batch, loader.load(events, bad, progress));
      }
    } catch (SQLException e) {
      failed(e);
    }
  }

  /** Waits for the batch being written, if any. */
  private void drain() {
    if (pipeline != null) {
      try {
        pipeline.drain();
      } catch (SQLException e) {
        failed(e);
      }
    }
  }

  /** A batch has committed: its offsets may be committed to Kafka. */
  private void committed(Batch batch, LoadResult result) {
    submitted.remove(batch);
    faults.succeeded();
    metrics.add(result, batch.source.values());
    for (Problem p : result.problems()) {
      if (!p.waits() && batch.source.containsKey(p.event())) {
        intake.report(
            batch.source.get(p.event()), new DecodeException(p.code() + ": " + p.message()));
      }
    }
    // The engine's positions: the batch's next offsets, but not past an event held in memory.
    for (Progress.Position p : result.positions()) {
      positions.committed(new TopicPartition(p.topic(), p.partition()), p.nextOffset());
    }
  }

  /**
   * Writing failed: every batch not committed goes back to the buffer, to be written again after
   * the backoff (Connect calls put again) when the failure can pass; the task fails after the
   * configured retries, or at once when it cannot pass (see {@link TaskFaults}).
   */
  private void failed(SQLException e) {
    // Before the records buffered since (a close() drains with records buffered): those were
    // marked as seen and are not delivered again, so they must stay.
    List<RecordIntake.Entry> again = new ArrayList<>();
    submitted.forEach(b -> again.addAll(b.entries));
    submitted.clear();
    buffer.restore(again);
    throw faults.failed("Flush of " + buffer.size() + " records for " + consumer, e, context);
  }

  @Override
  public void close(Collection<TopicPartition> partitions) {
    try {
      drain();
    } catch (RetriableException e) {
      LOG.warn(
          "The batch in flight was not loaded before the partitions closed: {}", e.getMessage());
    }
    // Buffered records of partitions taken away are not loaded; their offsets are not committed, so
    // the next owner reads them again (writes are idempotent).
    buffer.removeIf(
        e ->
            partitions.contains(
                new TopicPartition(e.record().topic(), e.record().kafkaPartition())));
    // Events held in memory for them are dropped too: their offsets were not committed either.
    partitions.forEach(
        tp -> {
          positions.forget(tp);
          loader.forget(tp.topic(), tp.partition());
        });
  }

  @Override
  public void stop() {
    if (pipeline != null) {
      pipeline.close();
    }
    if (loader != null) {
      loader.close();
    }
    if (metrics != null) {
      metrics.unregister();
    }
  }
}
