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
   * what was found. A partition is read from the vault's offset, or from where the checkpoint
   * started when that is later (a query started at the end of a topic never read what came before);
   * a partition neither says anything about is not read, nor one whose records before the
   * checkpoint's offset Kafka no longer holds (retention, a truncated or recreated topic: Spark's
   * own {@code failOnDataLoss} speaks for those).
   *
   * @param checkpoint where the checkpoints resume each partition
   * @param started where the checkpoints started each partition (negative: -2 at its beginning, -1
   *     at its end then)
   * @param vault the next offset the vault holds for each partition (absent: none stored)
   * @throws Undecided when a partition could not be read within 30 seconds
   */
  static Map<TopicPartition, String> lost(
      Map<String, Object> kafkaClients,
      Map<TopicPartition, Long> checkpoint,
      Map<TopicPartition, Long> started,
      Map<TopicPartition, Long> vault) {
    Map<TopicPartition, Long> from = new HashMap<>();
    checkpoint.forEach(
        (tp, next) -> {
          Long low = lowestUnheld(vault.get(tp), started.get(tp));
          if (low != null && low < next) {
            from.put(tp, low);
          }
        });
    Map<TopicPartition, String> out = new HashMap<>();
    if (from.isEmpty()) {
      return out;
    }
    try (KafkaConsumer<byte[], byte[]> c = TopicIncarnationCheck.consumer(kafkaClients)) {
      List<TopicPartition> tps = new ArrayList<>(from.keySet());
      Map<TopicPartition, Long> begin = c.beginningOffsets(tps, WAIT);
      Map<TopicPartition, Long> end = c.endOffsets(tps, WAIT);
      List<TopicPartition> toRead = new ArrayList<>();
      for (TopicPartition tp : tps) {
        from.put(tp, Math.max(from.get(tp), begin.get(tp)));
        if (from.get(tp) < checkpoint.get(tp) && end.get(tp) >= checkpoint.get(tp)) {
          toRead.add(tp);
        }
      }
      c.assign(toRead);
      toRead.forEach(tp -> c.seek(tp, from.get(tp)));
      readBetween(c, checkpoint, from, vault, toRead, out);
    }
    return out;
  }

  /**
   * The first offset that may hold a record the query loaded and the vault lacks: the later of the
   * vault's position and the checkpoint's start; null when neither is known.
   */
  private static Long lowestUnheld(Long stored, Long start) {
    Long begun = start == null || start == -1 ? null : Math.max(start, 0);
    if (stored == null) {
      return begun;
    }
    return begun == null ? stored : Math.max(stored, begun);
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
        + " purpose, the same applies; if the model was renamed, its queries' positions are stored"
        + " under the new name (vaultstream-<model>-...) and a new checkpoint reads the topics"
        + " again from where --starting-offsets says.";
  }

  /** Reads each partition from its offset in {@code from} until a record, or the checkpoint's. */
  private static void readBetween(
      KafkaConsumer<byte[], byte[]> c,
      Map<TopicPartition, Long> checkpoint,
      Map<TopicPartition, Long> from,
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
        if (r.offset() >= from.get(tp) && r.offset() < next) {
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
        if (c.position(tp, WAIT) >= checkpoint.get(tp)) {
          toRead.remove(tp); // nothing a consumer sees between the two
          c.pause(List.of(tp));
        }
      }
    }
  }
}
