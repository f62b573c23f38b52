package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading where a checkpoint resumes: the last committed micro-batch's Kafka end offsets, from
 * files laid out as Spark writes them (the real ones are read in {@link LostCommitsSparkIT}).
 */
class CheckpointOffsetsTest {
  private static final String SETTINGS =
      "{\"batchWatermarkMs\":0,\"batchTimestampMs\":1,\"conf\":{}}";

  @Test
  void theLastCommittedBatchGivesTheOffsetsNotTheLastWrittenOne(@TempDir Path dir)
      throws Exception {
    write(dir, "commits/0", "v1", "{\"nextBatchWatermarkMs\":0}");
    write(dir, "commits/1", "v1", "{\"nextBatchWatermarkMs\":0}");
    write(dir, "commits/.1.crc", "checksum");
    write(dir, "offsets/0", "v1", SETTINGS, "{\"a\":{\"0\":5}}");
    write(dir, "offsets/1", "v1", SETTINGS, "{\"a\":{\"0\":9,\"1\":3},\"b\":{\"0\":12}}");
    // Written, not committed: a restart runs batch 2 again from batch 1's offsets.
    write(dir, "offsets/2", "v1", SETTINGS, "{\"a\":{\"0\":20,\"1\":3},\"b\":{\"0\":12}}");

    assertThat(CheckpointOffsets.lastCommitted(dir.toString(), new Configuration()))
        .isEqualTo(
            Map.of(
                new TopicPartition("a", 0), 9L,
                new TopicPartition("a", 1), 3L,
                new TopicPartition("b", 0), 12L));
  }

  @Test
  void aCheckpointWithoutACommittedBatchResumesNowhereYet(@TempDir Path dir) throws Exception {
    assertThat(CheckpointOffsets.lastCommitted(dir.resolve("none").toString(), new Configuration()))
        .isEmpty();
    write(dir, "offsets/0", "v1", SETTINGS, "{\"a\":{\"0\":5}}");
    Files.createDirectories(dir.resolve("commits"));
    assertThat(CheckpointOffsets.lastCommitted(dir.toString(), new Configuration())).isEmpty();
  }

  @Test
  void theSourceSaysWhereTheCheckpointStarted(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sources/0/0");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "\0v1\n{\"a\":{\"0\":0,\"1\":-2},\"b\":{\"0\":40}}");
    assertThat(CheckpointOffsets.started(dir.toString(), new Configuration()))
        .isEqualTo(
            Map.of(
                new TopicPartition("a", 0), 0L,
                new TopicPartition("a", 1), -2L,
                new TopicPartition("b", 0), 40L));
    assertThat(CheckpointOffsets.started(dir.resolve("new").toString(), new Configuration()))
        .isEmpty();
  }

  @Test
  void aSourceWithoutOffsetsIsADash() throws Exception {
    assertThat(CheckpointOffsets.parse("f", List.of("v1", SETTINGS, "-", "{\"t\":{\"2\":7}}")))
        .isEqualTo(Map.of(new TopicPartition("t", 2), 7L));
  }

  @Test
  void filesOfAnotherFormatAreNamedAndNotGuessed(@TempDir Path dir) throws Exception {
    for (String version : List.of("v2", "v9", "")) {
      assertThatThrownBy(() -> CheckpointOffsets.parse("f", List.of(version, SETTINGS)))
          .isInstanceOf(CheckpointOffsets.Unreadable.class)
          .hasMessageContaining("f starts with '" + version + "'");
    }
    assertThatThrownBy(
            () -> CheckpointOffsets.parse("f", List.of("v1", SETTINGS, "{\"t\":{\"0\":1.5}}")))
        .isInstanceOf(CheckpointOffsets.Unreadable.class)
        .hasMessageContaining("not a partition number at an offset");
    assertThatThrownBy(() -> CheckpointOffsets.parse("f", List.of("v1", SETTINGS, "[1,2]")))
        .isInstanceOf(CheckpointOffsets.Unreadable.class)
        .hasMessageContaining("not a JSON object");
    assertThatThrownBy(() -> CheckpointOffsets.parse("f", List.of("v1", SETTINGS, "{\"t\":{")))
        .isInstanceOf(CheckpointOffsets.Unreadable.class)
        .hasMessageContaining("not JSON");
    assertThatThrownBy(
            () -> CheckpointOffsets.parse("f", List.of("v1", SETTINGS, "{\"t\":{\"x\":1}}")))
        .isInstanceOf(CheckpointOffsets.Unreadable.class)
        .hasMessageContaining("topic t has partition 'x'");
    write(dir, "commits/3", "v1", "{}");
    assertThatThrownBy(() -> CheckpointOffsets.lastCommitted(dir.toString(), new Configuration()))
        .isInstanceOf(CheckpointOffsets.Unreadable.class)
        .hasMessageContaining("micro-batch 3 was committed");
  }

  private static void write(Path dir, String file, String... lines) throws Exception {
    Path p = dir.resolve(file);
    Files.createDirectories(p.getParent());
    Files.write(p, List.of(lines));
  }
}
