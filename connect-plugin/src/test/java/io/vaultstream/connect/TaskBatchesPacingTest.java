package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.StoredProgressMoved;
import io.vaultstream.event.Progress;
import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * A task's read pacing: a partition ahead in source time is paused while a backlog is read, until
 * the others catch up, and nothing stays paused that no pacing will resume.
 */
class TaskBatchesPacingTest extends TaskBatchesFixture {
  /** Pacing of 1 s (the records of these tests were written to Kafka long ago: a backlog). */
  private PartitionPacing engagedPacing() {
    return PartitionPacing.of(1000, context());
  }

  @Test
  void aPartitionAheadInSourceTimeIsPausedUntilTheOtherCatchesUp() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.put(customersAt(t, P0, 0, 1));
    b.put(customersAt(t + 5000, P1, 0, 1));
    assertThat(paused).as("P1 is 5 s ahead of P0, which is delivering").containsExactly(P1);
    assertThat(wakeUps).as("the task looks again within a second").contains(1000L);

    b.put(customersAt(t + 4000, P0, 2));
    assertThat(paused).as("1 s behind: not yet within half the allowance").containsExactly(P1);

    b.put(customersAt(t + 4600, P0, 3));
    assertThat(paused).as("P0 caught up").isEmpty();
    assertThat(engine.handed).as("pacing only delays reading: nothing was written yet").isEmpty();
  }

  @Test
  void partitionsPausedAreResumedWhenTakenAway() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.resume(List.of(P0, P1), List.of());
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 5000, P1, 0));
    assertThat(paused).containsExactly(P1);

    // A rebalance: Connect would pause P1 again for a task given it again, with no pacing left to
    // resume it; so it is resumed when it is taken away.
    b.close(List.of(P0, P1));
    assertThat(paused).as("nothing stays paused that no pacing will resume").isEmpty();

    b.resume(List.of(P0, P1), List.of());
    assertThat(paused).isEmpty();
  }

  @Test
  void aPausedPartitionWhoseStoredPositionMovedBackIsResumed() throws Exception {
    TaskBatches b = batches(new BatchLimits(2, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 5000, P1, 0)); // a batch of two, committed: P1 at 1 in the vault
    assertThat(paused).containsExactly(P1);

    // The vault lost that batch: P1 is read again from its beginning, behind P0 in source time.
    engine.failures.add(
        new StoredProgressMoved(
            "shop-sink",
            List.of(
                new StoredProgressMoved.Moved(TOPIC, 1, 1, new Progress.Position(TOPIC, 1, 0)))));
    b.put(customersAt(t + 100, P0, 1, 2));
    assertThat(paused)
        .as(
            "a pause for being ahead no longer holds: paused, it would deliver nothing for a minute")
        .doesNotContain(P1);
    b.put(List.of());
    assertThat(seeks).containsEntry(P1, 0L);
    b.put(customersAt(t, P1, 0)); // read again: behind P0 in source time
    assertThat(paused).as("P0 waited for P1's place only until it was read").isEmpty();
  }

  @Test
  void aPausedPartitionReadFromItsBeginningIsResumed() throws Exception {
    TaskBatches b = batches(new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), engagedPacing());
    long t = 1_700_000_000_000L;
    b.resume(
        List.of(P0, P1),
        List.of(new Progress.Position(TOPIC, 1, 10, new Progress.Anchor(9, 1009))));
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 5000, P1, 9, 10)); // its anchor: the position is this topic's
    assertThat(paused).containsExactly(P1);

    // Another topic of that name now (created again): the anchor's record has another time.
    b.resume(List.of(P1), List.of(new Progress.Position(TOPIC, 1, 10, new Progress.Anchor(9, 7))));
    b.put(customersAt(t + 5000, P1, 9, 10));
    assertThat(seeks).containsEntry(P1, 0L);
    assertThat(paused)
        .as("read from its beginning: paused, it would deliver nothing")
        .doesNotContain(P1);
  }

  /** A record of {@code tp} written to Kafka at {@code writtenMs}. */
  private static SinkRecord writtenAt(TopicPartition tp, long writtenMs) {
    return new SinkRecord(
        tp.topic(),
        tp.partition(),
        null,
        null,
        null,
        null,
        0,
        writtenMs,
        TimestampType.CREATE_TIME);
  }

  @Test
  void pacingAppliesOnlyWhileABacklogIsRead() {
    PartitionPacing pacing = PartitionPacing.of(1000, context());
    long wall = 1_800_000_000_000L;
    long source = 1_700_000_000_000_000L;
    pacing.delivered(writtenAt(P0, wall - 100), source, 0, wall);
    pacing.delivered(writtenAt(P1, wall - 100), source + 5_000_000, 0, wall);
    pacing.apply(0);
    assertThat(paused).as("records written 0.1 s ago: a stream read as it is written").isEmpty();

    long now = 1_000_000_000L;
    pacing.delivered(writtenAt(P1, wall - 60_000), source + 6_000_000, now, wall + 1000);
    pacing.apply(now);
    assertThat(paused).as("a record written a minute ago: a backlog, paced").containsExactly(P1);

    long later = now + 5_001_000_000L;
    pacing.delivered(writtenAt(P0, wall + 6000), source + 1, later, wall + 6001);
    pacing.apply(later);
    assertThat(paused).as("5 s without a record from the backlog: everything resumed").isEmpty();
  }

  @Test
  void withPacingOffNothingIsPaused() throws Exception {
    TaskBatches b =
        batches(
            new BatchLimits(100, Long.MAX_VALUE, Long.MAX_VALUE), PartitionPacing.of(0, context()));
    long t = 1_700_000_000_000L;
    b.put(customersAt(t, P0, 0));
    b.put(customersAt(t + 60_000, P1, 0));
    assertThat(paused).isEmpty();
  }

  @Test
  void aPartitionPausedForAMinuteIsReadAnywayAndNotPausedAgainForAnother() {
    PartitionPacing pacing = PartitionPacing.of(1000, context());
    long wall = 1_800_000_000_000L;
    long source = 1_700_000_000_000_000L;
    long second = 1_000_000_000L;
    // P0 keeps delivering, but its source time stands still (a source clock behind, or a
    // partition far behind): P1, 5 s ahead, would wait for ever.
    pacing.delivered(writtenAt(P0, wall - 60_000), source, 0, wall);
    pacing.delivered(writtenAt(P1, wall - 60_000), source + 5_000_000, 0, wall);
    pacing.apply(0);
    assertThat(paused).containsExactly(P1);

    pacing.delivered(writtenAt(P0, wall - 60_000), source, 30 * second, wall + 30_000);
    pacing.apply(30 * second);
    assertThat(paused).as("paused for 30 s: still waiting").containsExactly(P1);

    pacing.delivered(writtenAt(P0, wall - 60_000), source, 61 * second, wall + 61_000);
    pacing.apply(61 * second);
    assertThat(paused).as("paused for over a minute: read anyway").isEmpty();

    pacing.delivered(writtenAt(P0, wall - 60_000), source, 100 * second, wall + 100_000);
    pacing.delivered(
        writtenAt(P1, wall - 60_000), source + 9_000_000, 100 * second, wall + 100_000);
    pacing.apply(100 * second);
    assertThat(paused).as("exempt for a minute after: not paused again").isEmpty();

    pacing.delivered(writtenAt(P0, wall - 60_000), source, 125 * second, wall + 125_000);
    pacing.delivered(
        writtenAt(P1, wall - 60_000), source + 9_000_000, 125 * second, wall + 125_000);
    pacing.apply(125 * second);
    assertThat(paused).as("the minute over: paced again").containsExactly(P1);
  }

  @Test
  void aTopicRenamedByATransformIsPausedUnderTheNameTheConsumerReadItBy() {
    PartitionPacing pacing = PartitionPacing.of(1000, context());
    long wall = 1_800_000_000_000L;
    long source = 1_700_000_000_000_000L;
    pacing.delivered(renamed(P0, wall - 60_000), source, 0, wall);
    pacing.delivered(renamed(P1, wall - 60_000), source + 5_000_000, 0, wall);
    pacing.apply(0);
    assertThat(paused)
        .as("Connect can pause only what its consumer reads: the topic before the transform")
        .containsExactly(P1);
  }

  /**
   * A record of {@code tp} whose topic a transform renamed, written to Kafka at {@code writtenMs}.
   */
  private static SinkRecord renamed(TopicPartition tp, long writtenMs) {
    return new SinkRecord(
        "renamed." + tp.topic(),
        tp.partition(),
        null,
        null,
        null,
        null,
        0,
        writtenMs,
        TimestampType.CREATE_TIME,
        null,
        tp.topic(),
        tp.partition(),
        0);
  }
}
