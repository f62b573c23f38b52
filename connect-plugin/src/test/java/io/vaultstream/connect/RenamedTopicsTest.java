package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.Progress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * A transform that renames topics (a router merging two source databases' topics into the model's
 * one): each partition read keeps its own positions, stored, committed and sought under the name
 * the consumer reads it by, while the model is looked up by the record's new topic.
 */
class RenamedTopicsTest extends TaskBatchesFixture {
  private static final TopicPartition EAST = new TopicPartition("east.public.customers", 0);
  private static final TopicPartition WEST = new TopicPartition("west.public.customers", 0);
  // Connect's offset of a partition whose records were all put.
  private static final OffsetAndMetadata CONSUMED = new OffsetAndMetadata(Long.MAX_VALUE);

  /** Customers read from {@code read}, renamed to the model's topic by a transform. */
  private static List<SinkRecord> routed(TopicPartition read, long... offsets) {
    List<SinkRecord> out = new ArrayList<>();
    for (long o : offsets) {
      String value =
          "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
              + o
              + ",\"customer_no\":\""
              + read.topic().substring(0, 4)
              + "-"
              + o
              + "\",\"name\":\"n\"},\"source\":{\"ts_ms\":1700000000000}}}";
      out.add(
          new SinkRecord(
              TOPIC,
              0,
              null,
              null,
              null,
              value.getBytes(StandardCharsets.UTF_8),
              o,
              1000 + o,
              TimestampType.CREATE_TIME,
              null,
              read.topic(),
              read.partition(),
              o));
    }
    return out;
  }

  @Test
  void twoPartitionsMergedIntoOneTopicKeepTheirOwnPositions() throws Exception {
    TaskBatches b = batches(100);
    b.resume(List.of(EAST, WEST), List.of());
    b.put(routed(EAST, 0, 1, 2));
    b.put(routed(WEST, 0, 1)); // the same offsets, of another partition: not seen before
    b.beforeCommit();

    FakeEngine.Handed batch = engine.handed.get(0);
    assertThat(batch.customers()).containsExactly("east-0", "east-1", "east-2", "west-0", "west-1");
    assertThat(batch.progress().positions())
        .extracting(Progress.Position::topic, Progress.Position::nextOffset)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(EAST.topic(), 3L),
            org.assertj.core.groups.Tuple.tuple(WEST.topic(), 2L));
    assertThat(batch.events())
        .as("each event is positioned where it was read; its source table by the model's topic")
        .allSatisfy(e -> assertThat(e.sourceTable()).isEqualTo("customers"))
        .extracting(e -> e.position().topic())
        .containsExactly(EAST.topic(), EAST.topic(), EAST.topic(), WEST.topic(), WEST.topic());
    assertThat(offsets(b.toCommit(Map.of(EAST, CONSUMED, WEST, CONSUMED))))
        .as("committed to Kafka for the partitions Connect assigned")
        .containsOnly(Map.entry(EAST, 3L), Map.entry(WEST, 2L));
  }

  @Test
  void aBadRecordKeepsThePartitionItWasReadFromAndTheTopicTheModelKnows() throws Exception {
    TaskBatches b = batches(100);
    List<SinkRecord> records = new ArrayList<>(routed(EAST, 0));
    SinkRecord good = routed(WEST, 4).get(0);
    records.add(
        good.newRecord(
            good.topic(),
            good.kafkaPartition(),
            null,
            null,
            null,
            "{not json".getBytes(StandardCharsets.UTF_8),
            good.timestamp()));
    b.put(records);
    b.beforeCommit();

    FakeEngine.Handed batch = engine.handed.get(0);
    assertThat(batch.bad())
        .singleElement()
        .satisfies(
            bad -> {
              assertThat(bad.topic())
                  .as("its error row's key: where it was read")
                  .isEqualTo(WEST.topic());
              assertThat(bad.offset()).isEqualTo(4);
              assertThat(bad.modelTopic()).as("its source table's").isEqualTo(TOPIC);
            });
    assertThat(offsets(b.toCommit(Map.of(EAST, CONSUMED, WEST, CONSUMED))))
        .containsOnly(Map.entry(EAST, 1L), Map.entry(WEST, 5L));
  }

  @Test
  void aPartitionWhosePositionMovedIsSoughtByTheNameItIsReadBy() throws Exception {
    TaskBatches b = batches(2);
    b.resume(List.of(EAST, WEST), List.of());
    b.put(routed(EAST, 0, 1)); // a batch: east at 2 in the vault
    engine.failures.add(
        new io.vaultstream.engine.StoredProgressMoved(
            "shop-sink",
            List.of(
                new io.vaultstream.engine.StoredProgressMoved.Moved(
                    EAST.topic(), 0, 2, new Progress.Position(EAST.topic(), 0, 0)))));
    b.put(routed(WEST, 0, 1));
    b.put(List.of());
    assertThat(seeks).isEqualTo(Map.of(EAST, 0L));
    assertThat(readAgain).containsExactly(EAST);
  }
}
