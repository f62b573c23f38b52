package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.Progress;
import org.junit.jupiter.api.Test;

/**
 * Where a partition resumes, and which first records contradict its stored position; what the Spark
 * runner finds at an anchor's offset.
 */
class TopicIncarnationsTest {
  /** What a record of partition t/0 read at {@code offset} contradicts, or null. */
  private static String read(TopicIncarnations i, long offset, Long timestamp) {
    return i.contradiction("t", 0, offset, timestamp);
  }

  private static Progress.Position stored(long next, long anchorOffset, long anchorTs) {
    return new Progress.Position("t", 0, next, new Progress.Anchor(anchorOffset, anchorTs));
  }

  @Test
  void theAnchorWithItsTimestampConfirmsThePosition() {
    TopicIncarnations i = new TopicIncarnations();
    assertThat(i.resumeAt(stored(10, 9, 500))).as("the anchor is read again").isEqualTo(9);
    assertThat(read(i, 9, 500L)).isNull();
    assertThat(read(i, 10, 1L)).as("checked once").isNull();
  }

  @Test
  void anotherTimestampAtTheAnchorsOffsetIsAnotherTopic() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(stored(10, 9, 500));
    assertThat(read(i, 9, 501L))
        .isEqualTo(
            "the record at offset 9 has the timestamp 501, the one loaded from there had 500");
  }

  @Test
  void aRecordBeforeTheResumePointMeansThePartitionEndedBeforeIt() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(stored(10, 9, 500));
    assertThat(read(i, 0, 7L))
        .isEqualTo(
            "the partition now holds no record at offset 9 and was read again from offset 0");
  }

  @Test
  void aHeldBackPositionResumesAtItsOffsetAndMeetsTheAnchorLater() {
    TopicIncarnations i = new TopicIncarnations();
    // Events held in memory kept the position at 4 while the batch ran to offset 9.
    assertThat(i.resumeAt(stored(4, 9, 500))).isEqualTo(4);
    assertThat(read(i, 4, 1L)).isNull();
    assertThat(read(i, 8, 2L)).isNull();
    assertThat(read(i, 9, 3L)).isNotNull();
  }

  @Test
  void aMissingAnchorCannotBeCompared() {
    TopicIncarnations i = new TopicIncarnations();
    i.resumeAt(stored(10, 9, 500));
    assertThat(read(i, 12, 1L)).as("compacted or deleted").isNull();
    i.resumeAt(stored(10, 9, 500));
    assertThat(read(i, 9, null)).as("no timestamp").isNull();
    assertThat(i.resumeAt(new Progress.Position("t", 0, 10))).isEqualTo(10);
    assertThat(read(i, 3, 1L)).as("nothing to check without an anchor").isNull();
  }

  @Test
  void whatARuntimeReadsAtTheAnchorIsComparedWithIt() {
    Progress.Anchor a = new Progress.Anchor(9, 500);
    assertThat(TopicIncarnations.mismatch(a, 9, 500L)).isNull();
    assertThat(TopicIncarnations.mismatch(a, 9, 501L))
        .isEqualTo(
            "the record at offset 9 has the timestamp 501, the one loaded from there had 500");
    assertThat(TopicIncarnations.mismatch(a, 10, 501L)).as("the anchor is gone").isNull();
    assertThat(TopicIncarnations.pastEnd(a, 10)).isNull();
    assertThat(TopicIncarnations.pastEnd(a, 9)).isEqualTo("the partition now ends at offset 9");
    assertThat(TopicIncarnations.anchored("t", 0, 9, 500L))
        .isEqualTo(new Progress.Position("t", 0, 10, a));
    assertThat(TopicIncarnations.anchored("t", 0, 9, null))
        .isEqualTo(new Progress.Position("t", 0, 10));
  }
}
