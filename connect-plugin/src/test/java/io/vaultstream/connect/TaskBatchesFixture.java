package io.vaultstream.connect;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;

/**
 * A task's batches as the unit tests drive them: over a {@link FakeEngine}, with a task context
 * that records the seeks, wake-up requests and pauses the batches ask Connect for.
 */
abstract class TaskBatchesFixture {
  static final String TOPIC = "shop.public.customers";
  static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
  static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

  /** Connect's offsets of the task's partitions, each past every record the tests put. */
  static final Map<TopicPartition, OffsetAndMetadata> ASSIGNED =
      Map.of(P0, new OffsetAndMetadata(Long.MAX_VALUE), P1, new OffsetAndMetadata(Long.MAX_VALUE));

  final FakeEngine engine = new FakeEngine();
  final List<SinkRecord> reported = new ArrayList<>();
  final List<SinkRecord> committedRecords = new ArrayList<>();
  // The partitions the batches said were read again after their stored positions moved.
  final List<TopicPartition> readAgain = new ArrayList<>();
  final RecordingTaskContext connect = RecordingTaskContext.of(java.util.Set.of(P0, P1));
  final Map<TopicPartition, Long> seeks = connect.seeks;
  final List<Long> wakeUps = connect.timeouts;
  final java.util.Set<TopicPartition> paused = connect.paused;

  /** Batches of {@code records} records (bytes and waiting without limit). */
  TaskBatches batches(int records) {
    return batches(new BatchLimits(records, Long.MAX_VALUE, Long.MAX_VALUE));
  }

  TaskBatches batches(BatchLimits limits) {
    return batches(limits, null);
  }

  TaskBatches batches(BatchLimits limits, PartitionPacing pacing) {
    RecordIntake intake =
        new RecordIntake(
            new RecordConverter(
                new ChangeEventDecoder(
                    ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults())),
            (record, error) -> {
              reported.add(record);
              return null;
            });
    return new TaskBatches(
        "shop-sink",
        limits,
        intake,
        engine,
        context(),
        pacing,
        new BatchOutcomes() {
          @Override
          public void committed(LoadResult result, Collection<SinkRecord> records) {
            committedRecords.addAll(records);
          }

          @Override
          public void readAgain(Collection<TopicPartition> partitions) {
            readAgain.addAll(partitions);
          }
        });
  }

  SinkTaskContext context() {
    return connect.context();
  }

  /** Customers C{partition}-{offset}, each record timed at 1000 + its offset. */
  static List<SinkRecord> customers(TopicPartition tp, long... offsets) {
    return customersAt(1700000000000L, tp, offsets);
  }

  /** Customers as {@link #customers}, committed in the source at {@code sourceMs}. */
  static List<SinkRecord> customersAt(long sourceMs, TopicPartition tp, long... offsets) {
    List<SinkRecord> out = new ArrayList<>();
    for (long o : offsets) {
      String value =
          "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
              + o
              + ",\"customer_no\":\"C"
              + tp.partition()
              + "-"
              + o
              + "\",\"name\":\"n\"},\"source\":{\"ts_ms\":"
              + sourceMs
              + "}}}";
      out.add(
          new SinkRecord(
              tp.topic(),
              tp.partition(),
              null,
              null,
              null,
              value.getBytes(StandardCharsets.UTF_8),
              o,
              1000 + o,
              TimestampType.CREATE_TIME));
    }
    return out;
  }

  static Map<TopicPartition, Long> offsets(Map<TopicPartition, OffsetAndMetadata> committed) {
    Map<TopicPartition, Long> out = new HashMap<>();
    committed.forEach((tp, o) -> out.put(tp, o.offset()));
    return out;
  }
}
