package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.dialect.postgres.PostgresDialect;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exact SQL and driver properties of PostgreSQL's timeouts; 0 sets none. */
class PostgresDialectTimeoutsTest {
  private final PostgresDialect pg = new PostgresDialect();

  @Test
  void timeouts() {
    assertThat(pg.statementTimeout(300_000)).isEqualTo("SET statement_timeout = 300000");
    assertThat(pg.statementTimeout(0)).isNull();
    assertThat(pg.lockTimeout(5000)).isEqualTo("SET LOCAL lock_timeout = 5000");
    assertThat(pg.lockTimeout(0)).isNull();
    assertThat(pg.socketTimeout(300_000)).isEqualTo(Map.of("socketTimeout", "300"));
    assertThat(pg.socketTimeout(1))
        .as("never 0, which is no limit")
        .containsEntry("socketTimeout", "1");
    assertThat(pg.socketTimeout(0)).isEmpty();
    assertThat(pg.isLockTimeout(new SQLException("lock timeout", "55P03"))).isTrue();
    assertThat(pg.isLockTimeout(new SQLException("deadlock", "40P01"))).isFalse();
  }
}
