package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.TextValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;

/**
 * MariaDB's {@link TextValues}: a batch as one JSON text (an array of rows), booleans as 1 and 0,
 * timestamps in UTC without a zone (DATETIME holds none: the default).
 */
interface MariaDbTextValues extends TextValues {
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
}
