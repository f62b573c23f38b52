package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.dialect.mariadb.MariaDbDialect;
import io.vaultstream.dialect.postgres.PostgresDialect;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Only what can succeed later is retried; the rest fails at once, saying what to change. */
class FailuresTest {

  @Test
  void eachDialectsInterruptedStatementIsKnownToPass() {
    for (VaultDialect d : Dialects.all()) {
      SQLException interrupted = new SQLException("interrupted", d.interruptedState());
      assertThat(d.isInterrupted(interrupted)).as(d.name()).isTrue();
      assertThat(Failures.knownTransient(d.interruptedState())).as(d.name()).isTrue();
      assertThat(Failures.retriable(interrupted)).as(d.name()).isTrue();
    }
    assertThat(new PostgresDialect().interruptedState()).isEqualTo("57014");
    assertThat(new MariaDbDialect().interruptedState()).isEqualTo("70100");
    assertThat(new MariaDbDialect().isInterrupted(new SQLException("killed", "HY000", 1317)))
        .isTrue();
    assertThat(new PostgresDialect().isInterrupted(new SQLException("deadlock", "40P01")))
        .isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "08001", // cannot connect
        "08006", // connection lost
        "08003", // connection closed
        "40001", // serialization failure
        "40P01", // deadlock
        "55P03", // lock_timeout
        "53300", // too many connections
        "53100", // disk full
        "57P01", // admin shutdown
        "57P03", // the server is starting up
        "57014", // statement_timeout
        "58030", // I/O error
        "25006" // read-only transaction: a standby about to be promoted
      })
  void whatCanPassIsRetried(String state) {
    assertThat(Failures.retriable(new SQLException("x", state))).as(state).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "42501", // permission denied
        "42P01", // undefined table
        "42703", // undefined column
        "42601", // syntax error
        "28P01", // password authentication failed
        "28000", // invalid authorization
        "3D000", // database does not exist
        "3F000", // schema does not exist
        "0A000", // feature not supported
        "22001", // a value too long, not isolated
        "23505", // a unique violation, not isolated
        "XX001" // data corrupted
      })
  void whatCannotPassFailsAtOnce(String state) {
    assertThat(Failures.retriable(new SQLException("x", state))).as(state).isFalse();
  }

  @Test
  void theStateIsFoundInTheCausesAndWinsOverTheExceptionType() {
    // HikariCP wraps the driver's exception; a failed pool start is a RuntimeException.
    SQLException auth = new SQLException("password authentication failed", "28P01");
    assertThat(Failures.retriable(new RuntimeException("pool", auth))).isFalse();
    assertThat(
            Failures.retriable(
                new SQLTransientConnectionException("vaultstream - not available", null, auth)))
        .isFalse();
    SQLException refused = new SQLException("Connection refused", "08001");
    assertThat(Failures.retriable(new RuntimeException("pool", refused))).isTrue();
    assertThat(Failures.sqlState(new RuntimeException("pool", auth))).isEqualTo("28P01");
  }

  @Test
  void withoutAStateTheExceptionTypeDecidesAndUnknownDatabaseFailuresAreRetried() {
    assertThat(Failures.retriable(new SQLTransientConnectionException("timed out"))).isTrue();
    assertThat(Failures.retriable(new java.sql.SQLSyntaxErrorException("bad"))).isFalse();
    assertThat(Failures.retriable(new SQLException("no state"))).isTrue();
    assertThat(Failures.retriable(new IOException("reset"))).isTrue();
    assertThat(Failures.retriable(new SQLException("unlisted", "P0001"))).isTrue();
    assertThat(Failures.retriable(new RuntimeException(new SQLException("wrapped")))).isTrue();
    // Neither the database nor I/O: a bad setting or a bug, which no retry changes.
    assertThat(Failures.retriable(new IllegalArgumentException("no dialect for jdbc:x"))).isFalse();
    assertThat(Failures.retriable(new NullPointerException())).isFalse();
    // A record that is not JSON: Jackson's exception is an IOException, but the record is bad.
    assertThat(Failures.retriable(new DecodeException("not JSON", new IOException("parse"))))
        .isFalse();
  }

  @Test
  void aRegistryOutageIsRetriedItsRefusalIsNot() {
    assertThat(Failures.retriable(new SchemaRegistryUnavailableException("503"))).isTrue();
    assertThat(
            Failures.retriable(new RuntimeException(new SchemaRegistryUnavailableException("x"))))
        .isTrue();
    assertThat(Failures.retriable(new SchemaRegistryException("401"))).isFalse();
    assertThat(new SchemaRegistryUnavailableException("x")).isNotInstanceOf(DecodeException.class);
  }

  @Test
  void theMessageSaysWhatToChange() {
    assertThat(
            Failures.explain(
                new SQLException("ERROR: permission denied for table hub_customer", "42501")))
        .isEqualTo(
            "ERROR: permission denied for table hub_customer (SQLSTATE 42501: the loader's"
                + " database user lacks a privilege; grant it, then restart; not retried)");
    assertThat(Failures.explain(new RuntimeException("pool", new SQLException("no", "28P01"))))
        .contains("SQLSTATE 28P01: the database refused the user or password");
    assertThat(Failures.explain(new SQLException("The vault table s.t does not exist", "42P01")))
        .contains("vaultstream ddl");
  }

  @Test
  void eachDialectTellsItsOwnStates() {
    // MariaDB's missing table and column: the same advice as PostgreSQL's 42P01 and 42703.
    assertThat(Failures.explain(new SQLException("Table 'v.hub_x' doesn't exist", "42S02")))
        .contains("vaultstream ddl");
    assertThat(Failures.explain(new SQLException("Unknown column 'x'", "42S22")))
        .contains("vaultstream ddl");
    assertThat(Failures.retriable(new SQLException("Table 'v.hub_x' doesn't exist", "42S02")))
        .isFalse();
  }
}
