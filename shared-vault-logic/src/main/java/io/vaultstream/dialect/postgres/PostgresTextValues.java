package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.TextValues;
import io.vaultstream.dialect.UtcTimestamps;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.function.LongFunction;

/** PostgreSQL's {@link TextValues}: text arrays, {@code true}/{@code false}, UTC with "+00". */
interface PostgresTextValues extends TextValues {

  @Override
  default String timestampText(long micros) {
    return UtcTimestamps.text(micros, "+00");
  }

  @Override
  default LongFunction<String> timestampTexts() {
    return UtcTimestamps.texts("+00");
  }

  @Override
  default boolean isTrueText(String text) {
    // boolean::text gives "true"; "t" is how the server's own text output format writes it.
    return "true".equals(text) || "t".equals(text);
  }

  @Override
  default void bindColumns(
      Connection c, PreparedStatement ps, int first, List<List<String>> columns)
      throws SQLException {
    for (int i = 0; i < columns.size(); i++) {
      ps.setArray(first + i, c.createArrayOf("text", columns.get(i).toArray(new String[0])));
    }
  }

  @Override
  default void bindNumbers(Connection c, PreparedStatement ps, int index, Collection<Long> numbers)
      throws SQLException {
    ps.setArray(index, c.createArrayOf("bigint", numbers.toArray()));
  }
}
