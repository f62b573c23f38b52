package io.vaultstream.dialect;

import io.vaultstream.dialect.mariadb.MariaDbOperatorStatements;
import java.io.IOException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The exact statements of MariaDB's operator statements (status, errors, init) for schema "vault"
 * and a source database's catalog: those of the MariaDB dialect when it is on the class path, and
 * those of the statements alone with MariaDB's quoting (backticks, a backtick inside doubled).
 */
class MariaDbOperatorGoldenTest {
  /** The statements alone, quoting as MariaDB does. */
  static final OperatorStatements ALONE = new MariaDbOperatorStatements() {};

  @Test
  void operatorStatementsAreAsRecorded() throws IOException {
    OperatorGolden.of(ALONE).assertMatches("mariadb/operator.sql");
  }

  @Test
  void theMariaDbDialectGivesTheSameStatements() throws IOException {
    VaultDialect d =
        Dialects.all().stream()
            .filter(x -> x.accepts("jdbc:mariadb://localhost:3306/test"))
            .findFirst()
            .orElse(null);
    Assumptions.assumeTrue(
        d != null, "no dialect on the class path accepts jdbc:mariadb: URLs (no MariaDB dialect)");
    OperatorGolden.of(d).assertMatches("mariadb/operator.sql");
  }
}
