package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The text forms and bindings of PostgresDialect as the server reads them: a timestamp's text is
 * the instant meant, a boolean's text casts back, a batch's columns arrive row by row (NULLs
 * included), and a duplicate key is recognized as a unique violation.
 */
class PostgresTextValuesIT {
  private final VaultDialect d = new PostgresDialect();

  @Test
  void timestampsAndBooleansRoundTripThroughTheServer() throws SQLException {
    long micros = 1_704_070_800_407_843L;
    try (Connection c = TestDatabase.connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT round(extract(epoch FROM CAST(? AS timestamptz)) * 1000000)::bigint,"
                    + " CAST(? AS boolean)::text, CAST(? AS boolean)::text")) {
      ps.setString(1, d.timestampText(micros));
      ps.setString(2, d.booleanText(true));
      ps.setString(3, d.booleanText(false));
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(micros);
        assertThat(d.isTrueText(rs.getString(2))).isTrue();
        assertThat(d.isTrueText(rs.getString(3))).isFalse();
      }
    }
  }

  @Test
  void aBatchsColumnsArriveRowByRowAndNumbersAsOneParameter() throws SQLException {
    List<List<String>> columns =
        List.of(Arrays.asList("a", null, "c"), Arrays.asList("1", "2", null));
    List<String> rows = new ArrayList<>();
    try (Connection c = TestDatabase.connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT coalesce(u.x, '-') || ':' || coalesce(u.y, '-'), ? FROM"
                    + " unnest(?::text[], ?::text[]) WITH ORDINALITY AS u(x, y, n)"
                    + " WHERE u.y IS NULL OR CAST(u.y AS bigint) <> ALL(?::bigint[]) ORDER BY u.n")) {
      ps.setString(1, "tag");
      d.bindColumns(c, ps, 2, columns);
      d.bindNumbers(c, ps, 4, List.of(2L, 5L));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.add(rs.getString(1));
        }
      }
    }
    assertThat(rows).containsExactly("a:1", "c:-");
  }

  @Test
  void aDuplicateKeyIsAUniqueViolationAndNothingElseIs() throws SQLException {
    String schema = TestDatabase.newSchema();
    TestDatabase.execute("CREATE TABLE " + schema + ".t (k int PRIMARY KEY)");
    try (Connection c = TestDatabase.connect()) {
      c.setAutoCommit(true);
      try (var st = c.createStatement()) {
        st.execute("INSERT INTO " + schema + ".t VALUES (1)");
        assertThatThrownBy(() -> st.execute("INSERT INTO " + schema + ".t VALUES (1)"))
            .isInstanceOfSatisfying(
                SQLException.class, e -> assertThat(d.isUniqueViolation(e)).isTrue());
        assertThatThrownBy(() -> st.execute("SELECT * FROM " + schema + ".missing"))
            .isInstanceOfSatisfying(
                SQLException.class,
                e -> {
                  assertThat(d.isUniqueViolation(e)).isFalse();
                  assertThat(e.getSQLState()).isEqualTo(d.undefinedTableState());
                });
        assertThatThrownBy(() -> st.execute("SELECT nope FROM " + schema + ".t"))
            .isInstanceOfSatisfying(
                SQLException.class,
                e -> assertThat(e.getSQLState()).isEqualTo(d.undefinedColumnState()));
      }
    }
  }
}
