package io.vaultstream.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.function.LongFunction;

/**
 * How a database takes and gives back values as text ({@link ValueTexts}), and how a batch's
 * columns are bound as parameters. Part of {@link VaultDialect}.
 */
public interface TextValues extends ValueTexts {

  /**
   * The text a timestamp column takes for a UTC instant given as epoch microseconds, exact to the
   * microsecond: by default standard SQL's timestamp without a zone ({@code 2024-01-01
   * 01:00:00.407843}); PostgreSQL's has the zone ({@code +00}).
   */
  @Override
  default String timestampText(long micros) {
    return UtcTimestamps.text(micros, "");
  }

  @Override
  default LongFunction<String> timestampTexts() {
    return UtcTimestamps.texts("");
  }

  /**
   * The text a boolean column takes for {@code value}: by default {@code true} or {@code false}.
   */
  @Override
  default String booleanText(boolean value) {
    return Boolean.toString(value);
  }

  /**
   * Binds the columns of a batch, each a list of texts (one per row, null for NULL), to the
   * parameters {@code first}, {@code first + 1}, ... of a statement this dialect built to take one
   * parameter per column (PostgreSQL: one text array each).
   */
  void bindColumns(Connection c, PreparedStatement ps, int first, List<List<String>> columns)
      throws SQLException;

  /** A statement's execution once its parameters are bound (see {@link #bindInParts}). */
  @FunctionalInterface
  interface Execution {
    void run() throws SQLException;
  }

  /**
   * Binds the columns of a batch as {@link #bindColumns} does and runs the statement: once, or
   * where the database takes statements only up to a size (MariaDB's max_allowed_packet) once per
   * part of the rows that fits, in the rows' order. A row too large for any statement fails with
   * SQLSTATE 22001, a value the database refuses ({@link SqlStates#isRejectedRow}), so that the
   * engine isolates it to its event.
   */
  default void bindInParts(
      Connection c, PreparedStatement ps, int first, List<List<String>> columns, Execution run)
      throws SQLException {
    bindColumns(c, ps, first, columns);
    run.run();
  }

  /**
   * Whether one row of texts fits in a statement of this connection (always, but where the database
   * limits a statement's size): an error row that does not is stored without its record.
   */
  default boolean fitsOneStatement(Connection c, List<String> row) throws SQLException {
    return true;
  }

  /**
   * Binds a set of 64-bit numbers to parameter {@code index} of a statement this dialect built to
   * take them as one parameter ({@link RowStatements#lockKeys}, {@link
   * QueueStatements#deleteErrorsById}; PostgreSQL: a bigint array).
   */
  void bindNumbers(Connection c, PreparedStatement ps, int index, Collection<Long> numbers)
      throws SQLException;
}
