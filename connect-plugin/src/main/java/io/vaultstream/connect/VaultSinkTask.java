package io.vaultstream.connect;

import static io.vaultstream.connect.config.ConfigNames.MAX_RETRIES;
import static io.vaultstream.connect.config.ConfigNames.RETRY_BACKOFF;
import static io.vaultstream.connect.config.ConfigNames.TASK_INDEX;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.decode.SchemaIdNotYetKnownException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buffers records, hands them to the engine in one transaction per batch (with this connector's
 * offsets), and tells Connect to commit only offsets whose rows are committed. The batches are
 * {@link TaskBatches}'; this class opens the engine and translates failures into Connect's terms.
 */
public class VaultSinkTask extends SinkTask {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkTask.class);

  private VaultLoader loader;
  private String consumer;
  private TaskInstruments instruments;
  // Failures of writes, and of the schema registry while decoding, each counted in a row on its
  // own: a batch that commits says the database is back, not the registry (an offset commit with
  // nothing buffered commits an empty batch while the registry is still down).
  private TaskFaults faults;
  private TaskFaults registryFaults;
  private TaskBatches batches;

  @Override
  public String version() {
    return Version.get();
  }

  @Override
  public void start(Map<String, String> props) {
    VaultSinkConfig config = new VaultSinkConfig(props);
    consumer = props.getOrDefault("name", "vaultstream");
    faults = new TaskFaults(config.getInt(MAX_RETRIES), config.getLong(RETRY_BACKOFF));
    registryFaults = new TaskFaults(config.getInt(MAX_RETRIES), config.getLong(RETRY_BACKOFF));
    VaultModel model = config.model();
    VaultOptions options = config.options();
    try {
      // The engine waits out a database that is down or starting (max.retries, retry.backoff.ms).
      loader = VaultLoader.open(model, options);
    } catch (SQLException | RuntimeException e) {
      throw TaskFaults.cannotOpen(options, e);
    }
    instruments =
        TaskInstruments.open(
            config, options, loader, consumer, props.getOrDefault(TASK_INDEX, "0"));
    RecordIntake intake = RecordIntake.open(loader, props, context);
    batches =
        batches(
            config,
            consumer,
            loader,
            intake,
            context,
            new BatchOutcomes() {
              @Override
              public void committed(LoadResult result, Collection<SinkRecord> records) {
                faults.succeeded();
                instruments.committed(result, records);
              }

              @Override
              public void readAgain(Collection<TopicPartition> partitions) {
                instruments.readAgain(partitions);
              }
            });
  }

  @Override
  public void open(Collection<TopicPartition> partitions) {
    try {
      Map<TopicPartition, Long> seek = batches.resume(partitions, loader.progress(consumer));
      if (!seek.isEmpty()) {
        LOG.info("Task for {} resumes from the offsets stored in the vault: {}", consumer, seek);
        context.offset(seek);
      }
    } catch (SQLException e) {
      throw TaskFaults.offsetsUnreadable(consumer, e);
    }
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    try {
      batches.put(records);
      if (!records.isEmpty()) {
        registryFaults.succeeded(); // these records decoded
      }
    } catch (SchemaIdNotYetKnownException e) {
      // Waited out by the registry client itself, for a bounded time: not counted as a retry.
      throw registryFaults.waiting(
          "Decoding " + records.size() + " records for " + consumer, e, context);
    } catch (SchemaRegistryException e) {
      // Not the records' fault: an outage is retried (Connect delivers them again), refused
      // credentials fail the task. Records taken before it stay buffered and are skipped then.
      throw registryFaults.failed(
          "Decoding " + records.size() + " records for " + consumer, e, context);
    } catch (SQLException e) {
      throw flushFailed(e);
    }
  }

  @Override
  public Map<TopicPartition, OffsetAndMetadata> preCommit(
      Map<TopicPartition, OffsetAndMetadata> current) {
    // No waiting for the batch being written: the task reads on, and Connect commits the offsets
    // whose rows the vault holds (the rest at a later commit, or from vs_progress after a restart).
    try {
      batches.beforeCommit();
    } catch (SQLException e) {
      unlessRetriable(
          flushFailed(e),
          "Flush before the offset commit failed; committing only what is in the vault: {}");
    }
    return batches.toCommit(current);
  }

  @Override
  public void close(Collection<TopicPartition> partitions) {
    try {
      batches.drain(partitions);
    } catch (SQLException e) {
      unlessRetriable(
          flushFailed(e), "The batch in flight was not loaded before the partitions closed: {}");
    }
    batches.close(partitions);
  }

  /**
   * The failure of a write, whose records are buffered again: written again after the backoff
   * (Connect calls put again) when it can pass; the task fails after the configured retries, or at
   * once when it cannot pass (see {@link TaskFaults}).
   */
  private RuntimeException flushFailed(SQLException e) {
    return faults.failed("Flush of " + batches.buffered() + " records for " + consumer, e, context);
  }

  /** Logs a failure that can pass (the records stay buffered), throws one that cannot. */
  private static void unlessRetriable(RuntimeException failure, String message) {
    if (!(failure instanceof RetriableException)) {
      throw failure;
    }
    LOG.warn(message, failure.getMessage());
  }

  @Override
  public void stop() {
    if (instruments != null) {
      instruments.stopReading();
    }
    if (batches != null) {
      batches.stop();
    }
    if (loader != null) {
      loader.close();
    }
    if (instruments != null) {
      instruments.unregister();
    }
  }

  /**
   * The batches of a task on this engine: pipelined when {@code batch.pipelining} is on and the
   * pool allows it, with the batch limits of the configuration.
   */
  private static TaskBatches batches(
      VaultSinkConfig config,
      String consumer,
      VaultLoader engine,
      RecordIntake intake,
      SinkTaskContext context,
      BatchOutcomes outcomes) {
    BatchLimits limits =
        new BatchLimits(
            config.getInt(ConfigNames.BATCH_SIZE),
            config.getLong(ConfigNames.BATCH_MAX_BYTES),
            config.getLong(ConfigNames.BATCH_MAX_WAIT));
    BatchLoader loader =
        VaultBatchLoader.of(
            engine,
            config.getBoolean(ConfigNames.BATCH_PIPELINING),
            config.getInt(ConfigNames.POOL_MAX_SIZE));
    return new TaskBatches(
        consumer,
        limits,
        intake,
        loader,
        context,
        PartitionPacing.of(config.getLong(ConfigNames.READ_SKEW_MAX), context),
        outcomes);
  }
}
