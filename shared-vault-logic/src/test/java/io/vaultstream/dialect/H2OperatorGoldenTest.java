package io.vaultstream.dialect;

import io.vaultstream.dialect.h2.H2Dialect;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The operator statements of the H2 example dialect for schema "vault" and a source database's
 * catalog: the SPI's standard SQL (information_schema), as recorded.
 */
class H2OperatorGoldenTest {
  @Test
  void operatorStatementsAreAsRecorded() throws IOException {
    OperatorGolden.of(new H2Dialect()).assertMatches("h2/operator.sql");
  }
}
