package io.vaultstream.engine;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Vacuums the waiting and error tables after many of their rows were deleted. Rows pass through
 * them (a child waits a moment for its parent, then leaves), and a server that does not vacuum them
 * (autovacuum off, or slower than a backlog load) keeps every deleted row's space: the timed sweep,
 * which reads every waiting row, then reads all the rows that ever waited. A vacuum makes the space
 * reusable and gives back the empty end of the table.
 */
final class QueueTableUpkeep {
  private static final Logger LOG = LoggerFactory.getLogger(QueueTableUpkeep.class);

  /** Rows deleted from the two tables after which they are vacuumed. */
  static final long EVERY_DELETED_ROWS = 10_000;

  private final VaultDialect dialect;
  private final DataSource dataSource;
  private final String schema;
  private final AtomicLong deleted = new AtomicLong();
  private volatile boolean enabled = true;

  QueueTableUpkeep(VaultDialect dialect, DataSource dataSource, String schema) {
    this.dialect = dialect;
    this.dataSource = dataSource;
    this.schema = schema;
  }

  /** Counts the rows a committed load took out of the tables; vacuums them when enough did. */
  void after(LoadResult r) {
    long gone = (long) r.resolved() + r.movedToErrors() + r.releasedToUnknown() + r.dropped();
    if (!enabled || gone == 0 || deleted.addAndGet(gone) < EVERY_DELETED_ROWS) {
      return;
    }
    deleted.set(0);
    String waiting = dialect.vacuum(schema, VaultTables.WAITING);
    if (waiting == null) {
      enabled = false; // the database reclaims space by itself
      return;
    }
    List<String> sql = List.of(waiting, dialect.vacuum(schema, VaultTables.ERRORS));
    long began = System.nanoTime();
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(true); // a vacuum cannot run inside a transaction
      try (Statement st = c.createStatement()) {
        for (String s : sql) {
          st.execute(s);
        }
      }
    } catch (SQLException e) {
      // Not the owner of the tables, or a pooler that forbids it: loading goes on without it.
      enabled = false;
      LOG.warn(
          "Could not vacuum {}.{} and {}.{} ({}); the loader will not try again. Keep autovacuum"
              + " on for them, or vacuum them now and then.",
          schema,
          VaultTables.WAITING,
          schema,
          VaultTables.ERRORS,
          e.getMessage());
      return;
    }
    LOG.info(
        "Vacuumed {} and {} after {} of their rows were deleted, in {} ms",
        VaultTables.WAITING,
        VaultTables.ERRORS,
        EVERY_DELETED_ROWS,
        (System.nanoTime() - began) / 1_000_000);
  }
}
