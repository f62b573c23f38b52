package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.QueueStatements;
import io.vaultstream.table.TableSpec;
import java.util.List;

/** PostgreSQL's {@link QueueStatements}, built by {@link PostgresQueue}. */
interface PostgresQueueStatements extends QueueStatements {

  @Override
  default String selectWaitingForParents(
      String schema, String waitingTable, String errorsTable, List<String> columns, String code) {
    return PostgresQueue.selectWaitingForParents(schema, waitingTable, errorsTable, columns, code);
  }

  @Override
  default String selectPageEnd(String schema, TableSpec t, int rows, boolean afterKey) {
    return PostgresQueue.selectPageEnd(schema, t, rows, afterKey);
  }

  @Override
  default String selectResolvableWaitingPage(
      String schema, TableSpec t, String keyMap, List<String> cols, int rows, boolean afterKey) {
    return PostgresQueue.selectResolvableWaitingPage(schema, t, keyMap, cols, rows, afterKey);
  }

  @Override
  default String selectResolvableErrorPage(
      String schema,
      TableSpec t,
      String keyMap,
      List<String> cols,
      String code,
      int rows,
      boolean afterKey) {
    return PostgresQueue.selectResolvableErrorPage(schema, t, keyMap, cols, code, rows, afterKey);
  }

  @Override
  default String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String code, int rows) {
    return PostgresQueue.takeExpiredErrors(schema, errors, columns, code, rows);
  }

  @Override
  default List<String> moveExpiredWaiting(
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String code) {
    return List.of(
        PostgresQueue.moveExpiredWaiting(schema, waiting, errors, columns, waitingState, code));
  }

  @Override
  default String selectErrorRows(String schema, String errors, List<String> filter, int limit) {
    return PostgresQueue.selectErrorRows(schema, errors, filter, limit);
  }

  @Override
  default String countErrorsByCode(String schema, String errors, List<String> filter) {
    return PostgresQueue.countErrorsByCode(schema, errors, filter);
  }

  @Override
  default String deleteErrors(String schema, String errors, List<String> filter) {
    return PostgresQueue.deleteErrors(schema, errors, filter);
  }

  @Override
  default String deleteErrorsById(String schema, String errors) {
    return PostgresQueue.deleteErrorsById(schema, errors);
  }

  @Override
  default String selectProgress(String schema, String progress, List<String> anchorColumns) {
    return PostgresQueue.selectProgress(schema, progress, anchorColumns);
  }
}
