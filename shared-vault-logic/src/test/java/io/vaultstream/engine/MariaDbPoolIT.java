package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.testing.TargetDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * On MariaDB the loader's statements are prepared on the server (a batch's rows, one JSON text,
 * travel as a binary parameter instead of being escaped into the statement's text), as the server's
 * own counters of the connection show; a {@code useServerPrepStmts} in the JDBC URL wins.
 */
class MariaDbPoolIT {
  private static final TargetDatabase MARIADB = TargetDatabase.mariaDb();

  @Test
  void theLoadersStatementsArePreparedOnTheServer() throws SQLException {
    MARIADB.assumeReachable();
    assertThat(serverExecutions(urlWithout())).isEqualTo(1);
  }

  @Test
  void aSettingInTheUrlWins() throws SQLException {
    MARIADB.assumeReachable();
    String url = urlWithout();
    String off = url + (url.contains("?") ? "&" : "?") + "useServerPrepStmts=false";
    assertThat(serverExecutions(off)).isZero();
  }

  /** The test database's URL without the settings that decide where statements are prepared. */
  private static String urlWithout() {
    return MARIADB
        .jdbcUrl()
        .replaceAll("(?i)([?&])(useServerPrepStmts|rewriteBatchedStatements)=[^&]*&?", "$1")
        .replaceAll("[?&]$", "");
  }

  /** How many statements one pooled connection ran through the server's prepared statements. */
  private static long serverExecutions(String url) throws SQLException {
    VaultOptions options = VaultOptions.builder().jdbcUrl(url).poolMaxSize(2).build();
    try (HikariDataSource pool = Pool.open(options);
        Connection c = pool.getConnection()) {
      long before = sessionStatus(c, "Com_stmt_execute");
      try (PreparedStatement ps = c.prepareStatement("SELECT JSON_LENGTH(?)")) {
        ps.setString(1, "[[\"a\",\"b\"],[\"c\",\"d\"]]");
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertThat(rs.getInt(1)).isEqualTo(2);
        }
      }
      return sessionStatus(c, "Com_stmt_execute") - before;
    }
  }

  private static long sessionStatus(Connection c, String name) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SHOW SESSION STATUS LIKE '" + name + "'")) {
      rs.next();
      return rs.getLong(2);
    }
  }
}
