package io.vaultstream.connect;

import static io.vaultstream.connect.config.ConfigNames.TABLE_SIZES_INTERVAL;

import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.TableGauges;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import java.util.Collection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * What a task shows of itself: its metrics MBean, told of every batch committed, and the sizes of
 * the loader's queue tables, read in the background every {@code table.sizes.interval.ms}.
 */
final class TaskInstruments {
  private final VaultTaskMetrics metrics;
  private final TableGauges tables;

  private TaskInstruments(VaultTaskMetrics metrics, TableGauges tables) {
    this.metrics = metrics;
    this.tables = tables;
  }

  /** Registers the task's metrics and starts reading the queue tables' sizes. */
  static TaskInstruments open(
      VaultSinkConfig config,
      VaultOptions options,
      VaultLoader loader,
      String consumer,
      String task) {
    VaultTaskMetrics metrics = VaultTaskMetrics.register(consumer, task);
    TableGauges tables =
        new TableGauges(
            loader::queueSizes,
            loader::cacheSizes,
            config.getLong(TABLE_SIZES_INTERVAL),
            System::currentTimeMillis,
            consumer + "-" + task);
    metrics.watch(tables, options.watermarkSeconds());
    return new TaskInstruments(metrics, tables);
  }

  /** A batch has committed with these records. */
  void committed(LoadResult result, Collection<SinkRecord> records) {
    metrics.add(result, records);
  }

  /** Partitions are read again from the positions the vault holds (not those the task stored). */
  void readAgain(Collection<TopicPartition> partitions) {
    metrics.positionsMoved(partitions.size());
  }

  /** Stops reading the queue tables (before the loader closes). */
  void stopReading() {
    tables.close();
  }

  /** Takes the metrics MBean away (when the task has stopped). */
  void unregister() {
    metrics.unregister();
  }
}
