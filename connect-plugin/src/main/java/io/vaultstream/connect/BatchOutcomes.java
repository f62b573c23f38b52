package io.vaultstream.connect;

import io.vaultstream.engine.LoadResult;
import java.util.Collection;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/** What a task's batches tell the task of their outcomes (its metrics, its retry count). */
interface BatchOutcomes {
  /** A batch has committed with these records. */
  void committed(LoadResult result, Collection<SinkRecord> records);

  /**
   * The positions the vault holds for these partitions were not the ones the task committed there
   * (the vault lost acknowledged batches, or another writer stores positions under the task's
   * name): they are read again from the vault's positions.
   */
  default void readAgain(Collection<TopicPartition> partitions) {}
}
