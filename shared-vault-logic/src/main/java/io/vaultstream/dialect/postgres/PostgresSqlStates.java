package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.SqlStates;
import java.sql.SQLException;
import java.util.Set;

/** PostgreSQL's {@link SqlStates}: its own SQLSTATEs besides the standard's classes. */
interface PostgresSqlStates extends SqlStates {

  @Override
  default Set<String> passingStates() {
    // A lock not available within lock_timeout, an object in use, a read-only transaction.
    return Set.of("55P03", "55006", "25006");
  }

  @Override
  default Set<String> permanentStates() {
    return Set.of("XX001", "XX002"); // data_corrupted, index_corrupted
  }

  @Override
  default boolean isRejectedRow(SQLException e) {
    // Besides classes 22 and 23: a row too big for a page or an index entry, or a table past
    // 1,600 columns: the record's size or shape, which no retry changes.
    return SqlStates.super.isRejectedRow(e)
        || "54000".equals(e.getSQLState())
        || "54011".equals(e.getSQLState());
  }

  @Override
  default boolean isLockTimeout(SQLException e) {
    return "55P03".equals(e.getSQLState()); // lock_not_available
  }

  @Override
  default String undefinedTableState() {
    return "42P01"; // undefined_table
  }

  @Override
  default String undefinedColumnState() {
    return "42703"; // undefined_column
  }
}
