package io.vaultstream.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Opens a JDBC connection from a URL and an optional user and password. */
final class DatabaseLogin {
  /** The environment variable a password may come from instead of the command line. */
  static final String PASSWORD_VARIABLE = "VAULTSTREAM_PASSWORD";

  private DatabaseLogin() {}

  /** The password given, else the one in {@value #PASSWORD_VARIABLE}, else null. */
  static String password(String given) {
    return given != null ? given : System.getenv(PASSWORD_VARIABLE);
  }

  static Connection connect(String jdbcUrl, String user, String password) throws SQLException {
    return user == null
        ? DriverManager.getConnection(jdbcUrl)
        : DriverManager.getConnection(jdbcUrl, user, password(password));
  }
}
