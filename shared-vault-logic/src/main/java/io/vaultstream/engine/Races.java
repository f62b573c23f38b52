package io.vaultstream.engine;

import io.vaultstream.dialect.VaultDialect;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A batch written again after a race: a unique violation while inserting satellite versions or key
 * map entries means the events were loaded before (a replay), or another writer inserted the same
 * rows after this batch read them. The batch is then written again, skipping rows that exist.
 */
final class Races {
  private static final Logger LOG = LoggerFactory.getLogger(BatchRunner.class);

  /** Writes of a batch at most: the first, then one after each race (a merge may meet two). */
  static final int ATTEMPTS = 3;

  /** One write of a batch; {@code racing} when an earlier one met a race. */
  interface Write<T> {
    T run(boolean racing) throws SQLException;
  }

  private final VaultDialect dialect;

  Races(VaultDialect dialect) {
    this.dialect = dialect;
  }

  /** Runs the write, and again after each race, {@value #ATTEMPTS} times at most. */
  <T> T write(Write<T> write) throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try {
        return write.run(attempt > 1);
      } catch (SQLException e) {
        if (attempt == ATTEMPTS || !isRace(e)) {
          throw e;
        }
      }
    }
  }

  /** Whether the failure is a race (logged when it is). */
  boolean isRace(SQLException e) {
    boolean race = dialect.isUniqueViolation(e);
    if (race) {
      LOG.info(
          "Some rows of the batch exist already (a replay, or another writer; {}); writing the"
              + " batch again, skipping them",
          e.getMessage());
    }
    return race;
  }
}
