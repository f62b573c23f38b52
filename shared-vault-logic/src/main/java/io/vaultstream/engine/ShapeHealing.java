package io.vaultstream.engine;

import io.vaultstream.write.SchemaManager;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A batch that failed on a vault table or column gone from the database (restored to before the
 * loader created it) is written once more, after the loader creates again what is missing; any
 * other failure, or a second one, is the caller's.
 */
final class ShapeHealing {
  /** A step of a batch that may be tried again. */
  interface Step<T> {
    T run() throws SQLException;
  }

  /** Where the repair gets its connection (its own transaction). */
  interface Connections {
    Connection get() throws SQLException;
  }

  private final SchemaManager schema;
  private final Connections connections;

  ShapeHealing(SchemaManager schema, Connections connections) {
    this.schema = schema;
    this.connections = connections;
  }

  /** Runs {@code step}; when it fails on a lost table or column, repairs, then runs it again. */
  <T> T once(Step<T> step) throws SQLException {
    return once(step, step);
  }

  /**
   * Runs {@code first}; when it fails on a lost table or column, repairs, then runs {@code again}.
   */
  <T> T once(Step<T> first, Step<T> again) throws SQLException {
    try {
      return first.run();
    } catch (SQLException e) {
      if (!schema.lostShape(e)) {
        throw e;
      }
      try (Connection c = connections.get()) {
        schema.recreate(c, e);
      } catch (SQLException repair) {
        // The repair's own failure decides what comes next (a lock timeout passes; a refusal
        // does not), with what it was repairing.
        repair.addSuppressed(e);
        throw repair;
      }
      return again.run();
    }
  }
}
