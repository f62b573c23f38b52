package io.vaultstream.engine;

import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A batch found a stored position that is not the one this loader last committed for its partition:
 * the database lost commits it had acknowledged (a failover to a replica that lagged, a restore
 * from a backup, asynchronous commit and a crash), or someone else changed the position. The batch
 * was not written. Nothing is lost if the caller reads each moved partition again from the stored
 * position ({@link Moved#stored}), or from its beginning when no position is stored; rows the vault
 * still holds are not written twice.
 */
public final class StoredProgressMoved extends SQLException {
  private static final long serialVersionUID = 1L;

  /**
   * One partition whose stored position moved.
   *
   * @param expected the next offset this loader last committed for it
   * @param stored the position the vault holds now, or null when it holds none
   */
  public record Moved(String topic, int partition, long expected, Progress.Position stored) {
    @Override
    public String toString() {
      return topic
          + "-"
          + partition
          + ": "
          + (stored == null ? "no position stored" : "next offset " + stored.nextOffset())
          + ", expected "
          + expected;
    }
  }

  private final String consumer;
  private final transient List<Moved> moved;

  /** The positions of {@code consumer} that moved. */
  public StoredProgressMoved(String consumer, List<Moved> moved) {
    super(
        "The positions stored in the vault for "
            + consumer
            + " are not the ones this loader committed ("
            + moved.stream().map(Moved::toString).collect(Collectors.joining("; "))
            + "): the database lost acknowledged commits (a failover, a restore from a backup),"
            + " the acknowledgement of a commit was lost, or another writer changed them. The"
            + " batch was not written; read those partitions again from the stored positions");
    this.consumer = consumer;
    this.moved = List.copyOf(moved);
  }

  /** The consumer whose positions moved. */
  public String consumer() {
    return consumer;
  }

  /** The partitions whose stored position is not the one expected. */
  public List<Moved> moved() {
    return moved == null ? List.of() : moved;
  }
}
