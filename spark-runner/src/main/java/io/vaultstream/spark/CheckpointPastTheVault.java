package io.vaultstream.spark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Finds the partitions where a query's checkpoint is past records the vault does not hold: the
 * database lost transactions it had acknowledged (restored from a backup, failed over to a standby
 * that was behind) while the job was stopped, and a start on that checkpoint would skip them for
 * good. A position stored lower than the checkpoint's is no loss by itself: offsets that hold no
 * record a consumer sees (transaction markers, aborted or compacted records) move a checkpoint on
 * without any row to store. So the records between the two are read: a record there is a loss.
 */
final class CheckpointPastTheVault {
  private static final Duration WAIT = Duration.ofSeconds(30);

  private CheckpointPastTheVault() {}

  /** What could not be read within the time given to it. */
  static final class Undecided extends RuntimeException {
    Undecided(String message) {
      super(message);
    }
  }

  /**
   * The partitions with records the vault does not hold before the checkpoint's offset, each with
   * what was found.
   *
   * @param checkpoint where the query's checkpoint resumes each partition
   * @param vault the next offset the vault holds for each partition (absent: none stored)
   * @throws Undecided when a partition could not be read within 30 seconds
   */
  static Map<TopicPartition, String> lost(
      Map<String, Object> kafkaClients,
      Map<TopicPartition, Long> checkpoint,
      Map<TopicPartition, Long> vault) {
    Map<TopicPartition, String> out = new HashMap<>();
    List<TopicPartition> toRead = new ArrayList<>();
    checkpoint.forEach(
        (tp, next) -> {
          Long stored = vault.get(tp);
          if (next > 0 && (stored == null || stored < next)) {
            toRead.add(tp);
          }
        });
    if (toRead.isEmpty()) {
      return out;
    }
    try (KafkaConsumer<byte[], byte[]> c = TopicIncarnationCheck.consumer(kafkaClients)) {
      c.assign(toRead);
      for (TopicPartition tp : toRead) {
        Long stored = vault.get(tp);
        if (stored == null || stored < 0) {
          c.seekToBeginning(List.of(tp));
        } else {
          c.seek(tp, stored);
        }
      }
      readBetween(c, checkpoint, vault, toRead, out);
    }
    return out;
  }

  /**
   * Why the job does not start: for each query (named with its checkpoint's directory), the
   * partitions its checkpoint is past; and what to do.
   */
  static String refusal(Map<String, Map<TopicPartition, String>> lostByQuery) {
    List<String> each = new ArrayList<>();
    new java.util.TreeMap<>(lostByQuery)
        .forEach(
            (query, lost) ->
                lost.entrySet().stream()
                    .sorted(
                        java.util.Comparator.comparing(
                            (Map.Entry<TopicPartition, String> e) -> e.getKey().toString()))
                    .forEach(e -> each.add(query + ", " + e.getKey() + ": " + e.getValue())));
    return "The job does not start on its checkpoints: they are past records the vault does not"
        + " hold ("
        + String.join("; ", each)
        + "). The database lost transactions it had acknowledged (restored from a backup, or"
        + " failed over to a standby that was behind) after the checkpoints recorded them, and"
        + " starting on them would skip those records for good. Start the job on a new"
        + " --checkpoint: its queries begin at the positions the vault holds and load the lost"
        + " records again (rows the vault kept are not written twice). If the vault was emptied on"
        + " purpose, the same applies.";
  }

  /** Reads each partition from the vault's offset until a record, or the checkpoint's offset. */
  private static void readBetween(
      KafkaConsumer<byte[], byte[]> c,
      Map<TopicPartition, Long> checkpoint,
      Map<TopicPartition, Long> vault,
      List<TopicPartition> toRead,
      Map<TopicPartition, String> out) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!toRead.isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new Undecided(
            "Kafka did not deliver the records of "
                + toRead
                + " within "
                + WAIT.toSeconds()
                + " s");
      }
      for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        if (!toRead.remove(tp)) {
          continue;
        }
        c.pause(List.of(tp));
        long next = checkpoint.get(tp);
        if (r.offset() < next) {
          Long stored = vault.get(tp);
          out.put(
              tp,
              "the vault holds it up to "
                  + (stored == null ? "no offset" : "offset " + stored)
                  + ", the checkpoint up to "
                  + next
                  + ", and the record at offset "
                  + r.offset()
                  + " is between them");
        }
      }
      for (TopicPartition tp : new ArrayList<>(toRead)) {
        if (c.position(tp) >= checkpoint.get(tp)) {
          toRead.remove(tp); // nothing a consumer sees between the two
          c.pause(List.of(tp));
        }
      }
    }
  }
}
