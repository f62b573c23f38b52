package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.SqlStates;
import io.vaultstream.dialect.TextValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * H2's {@link TextValues} (a batch as one text array per column, UTC without a zone: the session's
 * zone is UTC) and {@link SqlStates} (its own states for a lock timeout and a concurrent update).
 */
interface H2Values extends TextValues, SqlStates {
  /** A lock not granted within LOCK_TIMEOUT. */
  String LOCK_TIMEOUT = "HYT00";

  @Override
  default boolean isTrueText(String text) {
    return "true".equalsIgnoreCase(text);
  }

  @Override
  default void bindColumns(
      Connection c, PreparedStatement ps, int first, List<List<String>> columns)
      throws SQLException {
    for (int i = 0; i < columns.size(); i++) {
      ps.setObject(first + i, columns.get(i).toArray(new String[0]));
    }
  }

  @Override
  default void bindNumbers(Connection c, PreparedStatement ps, int index, Collection<Long> numbers)
      throws SQLException {
    ps.setObject(index, numbers.toArray(new Long[0]));
  }

  @Override
  default Set<String> passingStates() {
    // A lock timeout, a row another transaction changed meanwhile, a broken connection, a
    // read-only transaction.
    return Set.of(LOCK_TIMEOUT, "90131", "90067", "25006");
  }

  @Override
  default boolean isLockTimeout(SQLException e) {
    return LOCK_TIMEOUT.equals(e.getSQLState());
  }
}
