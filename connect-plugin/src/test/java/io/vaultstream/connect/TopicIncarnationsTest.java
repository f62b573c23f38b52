package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.Progress;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/** Where a partition resumes, and which first records contradict its stored position. */
class TopicIncarnationsTest {
  private static final TopicPartition TP = new TopicPartition("t", 0);

  private static SinkRecord record(long offset, Long timestamp) {
    return new SinkRecord(
        "t", 0, null, null, null, "v", offset, timestamp, TimestampType.CREATE_TIME);
  }

  private static Progress.Position stored(long next, long anchorOffset, long anchorTs) {
    return new Progress.Position("t", 0, next, new Progress.Anchor(anchorOffset, anchorTs));
  }

  @Test
  void theAnchorWithItsTimestampConfirmsThePosition() {
    TopicIncarnations i = new TopicIncarnations();
    assertThat(i.resumeAt(TP, stored(10, 9, 500))).as("the anchor is read again").isEqualTo(9);
    assertThat(i.contradiction(TP, record(9, 500L))).isNull();
    assertThat(i.contradiction(TP, record(10, 1L))).as("checked once").isNull();
  }

  @Test
  void anotherTimestampAtTheAnchorsOffsetIsAnotherTopic() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(TP, stored(10, 9, 500));
    assertThat(i.contradiction(TP, record(9, 501L)))
        .isEqualTo(
            "the record at offset 9 has the timestamp 501, the one loaded from there had 500");
  }

  @Test
  void aRecordBeforeTheResumePointMeansThePartitionEndedBeforeIt() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(TP, stored(10, 9, 500));
    assertThat(i.contradiction(TP, record(0, 7L)))
        .isEqualTo(
            "the partition now holds no record at offset 9 and was read again from offset 0");
  }

  @Test
  void aHeldBackPositionResumesAtItsOffsetAndMeetsTheAnchorLater() {
    TopicIncarnations i = new TopicIncarnations();
    // Events held in memory kept the position at 4 while the batch ran to offset 9.
    assertThat(i.resumeAt(TP, stored(4, 9, 500))).isEqualTo(4);
    assertThat(i.contradiction(TP, record(4, 1L))).isNull();
    assertThat(i.contradiction(TP, record(8, 2L))).isNull();
    assertThat(i.contradiction(TP, record(9, 3L))).isNotNull();
  }

  @Test
  void aMissingAnchorCannotBeCompared() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(TP, stored(10, 9, 500));
    assertThat(i.contradiction(TP, record(12, 1L))).as("compacted or deleted").isNull();
    i.resumeAt(TP, stored(10, 9, 500));
    assertThat(i.contradiction(TP, record(9, null))).as("no timestamp").isNull();
    assertThat(i.resumeAt(TP, new Progress.Position("t", 0, 10))).isEqualTo(10);
    assertThat(i.contradiction(TP, record(3, 1L)))
        .as("nothing to check without an anchor")
        .isNull();
  }
}
