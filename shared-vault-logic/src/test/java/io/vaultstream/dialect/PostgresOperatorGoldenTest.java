package io.vaultstream.dialect;

import io.vaultstream.dialect.postgres.PostgresDialect;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The exact statements PostgresDialect gives the operator commands (status, errors, init) for
 * schema "vault" and a source schema's catalog.
 */
class PostgresOperatorGoldenTest {
  @Test
  void operatorStatementsAreAsRecorded() throws IOException {
    OperatorGolden.of(new PostgresDialect()).assertMatches("postgres/operator.sql");
  }
}
