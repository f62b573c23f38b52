package io.vaultstream.cli;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** The dialect a command works with, and connections set up as the loader sets up its own. */
final class CliDialect {
  /** How the help texts describe --dialect of the commands that connect. */
  static final String DESCRIPTION =
      "SQL dialect of the database: postgresql or mariadb (default: chosen from --jdbc-url,"
          + " jdbc:postgresql: or jdbc:mariadb:).";

  private CliDialect() {}

  /**
   * The dialect named, else the one accepting the URL; an unknown name or URL is a user error that
   * lists the dialects known.
   */
  static VaultDialect of(String jdbcUrl, String name) {
    try {
      return Dialects.forUrl(jdbcUrl, name);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage() + (name != null ? " (--dialect)" : ""));
    }
  }

  /** A connection with the dialect's session settings (UTC and the like) applied. */
  static Connection connect(VaultDialect d, String jdbcUrl, String user, String password)
      throws SQLException {
    Connection c = DatabaseLogin.connect(jdbcUrl, user, password);
    try (Statement st = c.createStatement()) {
      st.execute(d.connectionInitSql());
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }
}
