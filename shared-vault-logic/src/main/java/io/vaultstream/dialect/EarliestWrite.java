package io.vaultstream.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * An upsert that keeps per key the earliest row and says which rows it inserted or moved back
 * ({@link VaultDialect#upsertEarliestReturning}; {@link VaultDialect#upsertEarliest} may report
 * nothing but their number). One statement where the database can return that from the write itself
 * (PostgreSQL), several where it cannot (MariaDB).
 */
public interface EarliestWrite {

  /** Receives one row the write inserted ({@code inserted} true) or moved back (false). */
  interface Changed {
    void row(boolean inserted, String key) throws SQLException;
  }

  /** The statements, in the order they run (for logs and tests). */
  List<String> statements();

  /**
   * Writes the rows inside the connection's transaction and reports each row inserted or moved
   * back; returns how many were reported.
   *
   * @param columns one list of canonical text values per column, in the order the write was made
   *     for, bound as {@link TextValues#bindColumns} binds them
   */
  int run(Connection c, List<List<String>> columns, Changed changed) throws SQLException;
}
