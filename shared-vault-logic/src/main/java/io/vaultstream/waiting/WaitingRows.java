package io.vaultstream.waiting;

import io.vaultstream.event.Problem;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The waiting rows and unresolved error rows as one batch reads and changes them: what {@link
 * WaitingCycle} needs from wherever they are kept. {@link WaitingStore#on} keeps them in the
 * vault's database, inside the batch's transaction.
 */
public interface WaitingRows {

  /**
   * Waiting rows (either state) and unresolved error rows whose missing parent is among the rows of
   * the batch being loaded; with {@code sweepPageRows} > 0 (the sweep), also those of each table's
   * next page whose parent is in the key map.
   */
  List<WaitingRow> findResolvable(Map<String, Set<String>> batchKeys, int sweepPageRows)
      throws SQLException;

  /**
   * Removes unresolved error rows whose retention has run out, at most {@code rows} of them, those
   * that expired first, and returns them.
   */
  List<WaitingRow> takeExpiredErrors(long nowMicros, int rows) throws SQLException;

  /**
   * Moves waiting rows that arrived before {@code cutoffMicros} to the error table as unresolved
   * references expiring at {@code expiresMicros}; returns how many moved.
   */
  int moveToErrors(long cutoffMicros, long nowMicros, long expiresMicros) throws SQLException;

  /** Inserts waiting rows (a row already waiting stays: a replay keeps the first arrival). */
  void insertWaiting(List<Map<String, String>> rows) throws SQLException;

  /** Inserts error rows (ignoring rows already there). */
  void insertErrors(List<Map<String, String>> rows) throws SQLException;

  /** Deletes resolved rows. */
  void delete(List<WaitingRow> rows) throws SQLException;

  /**
   * Records a recheck that left rows unresolved: their (possibly new) missing parent, message,
   * attempts and time.
   */
  void update(List<WaitingRow> rows, Map<WaitingRow, Problem> problems, long nowMicros)
      throws SQLException;
}
