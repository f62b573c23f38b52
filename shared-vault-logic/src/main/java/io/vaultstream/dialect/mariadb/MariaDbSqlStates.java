package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.SqlStates;
import java.sql.SQLException;
import java.util.Set;

/**
 * MariaDB's {@link SqlStates}: failures told by the server's error numbers where its SQLSTATE says
 * too little.
 */
interface MariaDbSqlStates extends SqlStates {
  /** Error numbers of a value its column cannot take (the SQLSTATE of some is only 01000/HY000). */
  Set<Integer> CONVERSION =
      Set.of(
          1264, // ER_WARN_DATA_OUT_OF_RANGE
          1265, // WARN_DATA_TRUNCATED
          1292, // ER_TRUNCATED_WRONG_VALUE
          1366, // ER_TRUNCATED_WRONG_VALUE_FOR_FIELD
          1367, // ER_ILLEGAL_VALUE_FOR_TYPE
          1406, // ER_DATA_TOO_LONG
          1411, // ER_WRONG_VALUE_FOR_TYPE
          4078); // ER_ILLEGAL_PARAMETER_DATA_TYPES2_FOR_OPERATION

  /** Error numbers of a row that breaks a constraint. */
  Set<Integer> CONSTRAINT =
      Set.of(
          1048, // ER_BAD_NULL_ERROR
          1062, // ER_DUP_ENTRY
          1364, // ER_NO_DEFAULT_FOR_FIELD
          4025); // ER_CONSTRAINT_FAILED

  @Override
  default boolean isRejectedRow(SQLException e) {
    return SqlStates.super.isRejectedRow(e)
        || CONVERSION.contains(e.getErrorCode())
        || CONSTRAINT.contains(e.getErrorCode())
        || e.getErrorCode() == 1117 // ER_TOO_MANY_FIELDS
        || e.getErrorCode() == 1118; // ER_TOO_BIG_ROWSIZE
  }

  @Override
  default boolean isConversionFailure(SQLException e) {
    return CONVERSION.contains(e.getErrorCode())
        || !CONSTRAINT.contains(e.getErrorCode())
            && e.getSQLState() != null
            && e.getSQLState().startsWith("22");
  }

  @Override
  default boolean isUniqueViolation(SQLException e) {
    return e.getErrorCode() == 1062 || e.getErrorCode() == 1586; // ER_DUP_ENTRY(_WITH_KEY_NAME)
  }

  /** Besides a read-only transaction, a statement interrupted ({@link #interruptedState}). */
  @Override
  default Set<String> passingStates() {
    return Set.of("25006", "70100");
  }

  /**
   * 70100, which MariaDB reports for a query interrupted (ER_QUERY_INTERRUPTED, 1317) and for one
   * past max_statement_time (ER_STATEMENT_TIMEOUT, 1969).
   */
  @Override
  default String interruptedState() {
    return "70100";
  }

  @Override
  default boolean isInterrupted(SQLException e) {
    return e.getErrorCode() == 1317 || e.getErrorCode() == 1969 || SqlStates.super.isInterrupted(e);
  }

  @Override
  default boolean isLockTimeout(SQLException e) {
    return e.getErrorCode() == 1205; // ER_LOCK_WAIT_TIMEOUT, metadata locks' included
  }
}
