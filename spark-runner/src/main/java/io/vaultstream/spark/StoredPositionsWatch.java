package io.vaultstream.spark;

import io.vaultstream.event.Progress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * On the driver, for one query: the positions the vault held for it when its last micro-batch
 * ended, checked before the next one. The query is the only writer under its name, so a position
 * stored lower than then, or gone, means the vault lost batches it had acknowledged (a database
 * restored from a backup or failed over to a standby that was behind, lakehouse tables restored to
 * an earlier version) while the query's checkpoint went on past them: the query stops, naming the
 * partitions, instead of skipping the lost records for good. Its ledger entries (one
 * pseudo-partition per Spark partition) are watched with its Kafka partitions, so a lost
 * micro-batch is found even where the Kafka partitions it read delivered nothing since.
 */
final class StoredPositionsWatch {
  /** What a database target's query stopped this way is told to do. */
  static final String DATABASE_RESTART =
      "Start the job again on a new --checkpoint: its queries begin at the positions the vault holds"
          + " and load the lost records again (rows the vault kept are not written twice).";

  /** What a lakehouse target's query stopped this way is told to do. */
  static final String LAKEHOUSE_RESTART =
      "Start the job again on a new --checkpoint: it reads the topics from --starting-offsets"
          + " (earliest, the default, for the records to be read again) and loads what the vault"
          + " lacks (rows the vault kept are not"
          + " written twice), as long as Kafka still retains those records.";

  private final String query;
  private final String restart;
  private Map<String, Long> loaded;

  /** A database target's watch. */
  StoredPositionsWatch(String query) {
    this(query, DATABASE_RESTART);
  }

  /**
   * @param restart what to do once the query stopped ({@link #DATABASE_RESTART}, {@link
   *     #LAKEHOUSE_RESTART})
   */
  StoredPositionsWatch(String query, String restart) {
    this.query = query;
    this.restart = restart;
  }

  /**
   * Before a micro-batch: the vault must still hold what it held when the last one ended.
   *
   * @param stored the query's positions in the vault now
   * @throws IllegalStateException naming each partition that went back, and what to do
   */
  void check(List<Progress.Position> stored) {
    if (loaded == null) {
      return; // the first micro-batch of this run: nothing loaded by it yet
    }
    Map<String, Long> now = index(stored);
    List<String> back = new ArrayList<>();
    loaded.forEach(
        (partition, next) -> {
          Long at = now.get(partition);
          if (at == null || at < next) {
            back.add(
                partition
                    + " stored at "
                    + (at == null ? "no offset" : "offset " + at)
                    + " (loaded up to "
                    + next
                    + ")");
          }
        });
    if (!back.isEmpty()) {
      throw new IllegalStateException(
          "The positions stored in the vault for query "
              + query
              + " went back: "
              + String.join(", ", back)
              + ". The vault lost batches it had acknowledged (a database restored from a backup"
              + " or failed over to a standby that was behind, lakehouse tables restored to an"
              + " earlier version), and this query's checkpoint is past"
              + " them: it stops so that their records are not skipped. "
              + restart
              + " If the vault did not go back, another job stores positions under this query's"
              + " name in it (a second job of the same model): give each its own vault or model"
              + " name.");
    }
  }

  /** After a micro-batch: what the vault holds for the query now. */
  void loaded(List<Progress.Position> stored) {
    loaded = index(stored);
  }

  /**
   * After a micro-batch whose store overwrites the query's positions with those it loaded: what the
   * vault held before it ({@code before}, read for {@link #check}) with {@code written} stored over
   * it. Nothing is read again, so a restore that comes just after the batch's commit is not taken
   * for what the batch left.
   */
  void loaded(List<Progress.Position> before, List<Progress.Position> written) {
    Map<String, Long> now = index(before);
    now.putAll(index(written));
    loaded = now;
  }

  private static Map<String, Long> index(List<Progress.Position> stored) {
    Map<String, Long> out = new HashMap<>();
    for (Progress.Position p : stored) {
      out.put(p.topic() + "/" + p.partition(), p.nextOffset());
    }
    return out;
  }
}
