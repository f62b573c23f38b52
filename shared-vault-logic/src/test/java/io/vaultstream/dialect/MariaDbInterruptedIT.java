package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.vaultstream.dialect.mariadb.MariaDbDialect;
import io.vaultstream.testing.TargetDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A statement MariaDB interrupts (here past its max_statement_time) is what the dialect calls an
 * interrupted statement, with the SQLSTATE the engine gives its own interruptions.
 */
class MariaDbInterruptedIT {
  private final MariaDbDialect dialect = new MariaDbDialect();

  @Test
  void aStatementPastItsTimeIsInterrupted() throws Exception {
    TargetDatabase db = TargetDatabase.mariaDb();
    db.assumeReachable();
    try (Connection c = db.connect();
        Statement st = c.createStatement()) {
      SQLException e =
          catchThrowableOfType(
              () -> st.execute("SET STATEMENT max_statement_time = 0.2 FOR SELECT SLEEP(3)"),
              SQLException.class);
      assertThat((Throwable) e).isNotNull();
      assertThat(dialect.isInterrupted(e)).isTrue();
      assertThat(e.getSQLState()).isEqualTo(dialect.interruptedState());
    }
  }
}
