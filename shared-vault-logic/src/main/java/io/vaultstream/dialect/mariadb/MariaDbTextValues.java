package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.TextValues;
import io.vaultstream.dialect.UtcTimestamps;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * MariaDB's {@link TextValues}: a batch as one JSON text (an array of rows), booleans as 1 and 0,
 * timestamps in UTC without a zone (DATETIME holds none), failures by the server's error numbers.
 */
interface MariaDbTextValues extends TextValues {
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
  default String timestampText(long micros) {
    return UtcTimestamps.text(micros, "");
  }

  @Override
  default String booleanText(boolean value) {
    return value ? "1" : "0";
  }

  @Override
  default boolean isTrueText(String text) {
    return "1".equals(text) || "true".equals(text);
  }

  @Override
  default void bindColumns(
      Connection c, PreparedStatement ps, int first, List<List<String>> columns)
      throws SQLException {
    ps.setString(first, JsonRows.of(columns));
  }

  @Override
  default void bindInParts(
      Connection c, PreparedStatement ps, int first, List<List<String>> columns, Execution run)
      throws SQLException {
    for (JsonRows.Part part : JsonRows.parts(columns, PacketLimit.jsonBytes(c))) {
      ps.setString(first, part.json());
      run.run();
    }
  }

  @Override
  default boolean fitsOneStatement(Connection c, List<String> row) throws SQLException {
    return JsonRows.fits(row, PacketLimit.jsonBytes(c));
  }

  @Override
  default void bindNumbers(Connection c, PreparedStatement ps, int index, Collection<Long> numbers)
      throws SQLException {
    StringBuilder sb = new StringBuilder("[");
    for (Long n : numbers) {
      sb.append(sb.length() == 1 ? "" : ",").append(n);
    }
    ps.setString(index, sb.append(']').toString());
  }

  @Override
  default boolean isRejectedRow(SQLException e) {
    String state = e.getSQLState();
    return state != null && (state.startsWith("22") || state.startsWith("23"))
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

  @Override
  default String undefinedTableState() {
    return "42S02"; // ER_NO_SUCH_TABLE
  }

  @Override
  default String undefinedColumnState() {
    return "42S22"; // ER_BAD_FIELD_ERROR
  }
}
