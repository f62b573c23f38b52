package io.vaultstream.write;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;

/**
 * Where one batch reads and writes vault rows: the few operations the writers of this package need,
 * in terms of tables and rows of text, so that the history merge, the multi-active sets and the
 * non-historized links are written once whatever holds the tables. {@link JdbcVaultStore} runs them
 * as the dialect's statements inside the batch's transaction; a store of another kind (a lakehouse
 * table format) collects the writes and commits them its own way.
 *
 * <p>Values go in and come out as the dialect's canonical text ({@link TextColumns}); times read
 * back come as microseconds since the epoch. A failure is an {@link SQLException} whose SQLSTATE
 * says what went wrong, so the loader's rules for races and rejected rows apply to every store.
 */
public interface VaultStore {

  /** One row read back, its columns in the order the read asked for them (from 1). */
  interface StoredRow {
    String text(int column) throws SQLException;

    long micros(int column) throws SQLException;
  }

  /** Receives the rows of a read. */
  interface RowReader {
    void read(StoredRow row) throws SQLException;
  }

  /**
   * Inserts each row whose key is absent, or moves a stored one back to this row when this row is
   * earlier; reports each such row to {@code changed} when it is not null. Returns the rows
   * written.
   */
  int upsertEarliest(TableSpec t, TextColumns rows, EarliestWrite.Changed changed)
      throws SQLException;

  /**
   * Whether {@link #insertNewKeys} can write now, and more cheaply than {@link #upsertEarliest}
   * (false by default: the store upserts every key).
   */
  default boolean insertsNewKeys() {
    return false;
  }

  /**
   * Inserts hub or link rows whose keys are believed new, all or none: when one of the keys is
   * stored already, nothing is written, the batch goes on, and the answer is false (the caller then
   * upserts them). Only called when {@link #insertsNewKeys} says so.
   *
   * @param loadedAt the column the store fills with the time of the write
   */
  default boolean insertNewKeys(TableSpec t, TextColumns rows, String loadedAt)
      throws SQLException {
    return false;
  }

  /**
   * Inserts rows. With {@code racing} a row whose key is stored already is skipped; without it the
   * rows are known to be new and a stored key fails the write as a unique violation.
   *
   * @param loadedAt the column the store fills with the time of the write, or null
   */
  int insert(TableSpec t, TextColumns rows, String loadedAt, boolean racing) throws SQLException;

  /** Deletes the rows whose key columns (the columns of {@code keys}) equal one of its rows. */
  int deleteByKey(TableSpec t, TextColumns keys) throws SQLException;

  /**
   * For each row of {@code keys} (the key columns, then a time named {@code t__}): the stored rows
   * of that key, the latest one before the time and every one from it on, each read as the key
   * columns, {@code time} as microseconds, then the {@code read} columns.
   */
  void readAround(
      TableSpec t,
      List<String> keyColumns,
      String time,
      List<String> read,
      TextColumns keys,
      RowReader reader)
      throws SQLException;

  /**
   * For each row of {@code compared} (a row number, the hash key, then the {@code attributes})
   * whose stored row differs from it: the row number, then per attribute whether it differs and the
   * stored value.
   */
  void readDiffering(
      TableSpec t, String hashKey, List<String> attributes, TextColumns compared, RowReader reader)
      throws SQLException;

  /**
   * Makes writers of the same keys of {@code t} take turns until the batch ends (a store with one
   * writer per table, or one whose commit detects conflicts, does nothing).
   */
  void lockKeys(TableSpec t, Collection<List<String>> keys) throws SQLException;
}
