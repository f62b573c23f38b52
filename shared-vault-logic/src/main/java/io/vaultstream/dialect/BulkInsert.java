package io.vaultstream.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Appends rows known to be new to one table faster than an INSERT statement can (PostgreSQL: COPY
 * FROM STDIN). Like {@link VaultDialect#insertNew}, a row whose primary key exists fails the whole
 * insert with a unique violation (SQLSTATE 23505).
 */
public interface BulkInsert {
  /** The statement that appends the rows, for logs and tests. */
  String statement();

  /**
   * Appends the rows inside the connection's transaction; returns how many.
   *
   * @param columns one list of canonical text values (null for SQL NULL) per column, in the order
   *     of the columns the insert was made for; all of the same length
   * @param time the transaction's load time, for an insert made with a load time column
   */
  int insert(Connection c, List<List<String>> columns, TransactionTime time) throws SQLException;
}
