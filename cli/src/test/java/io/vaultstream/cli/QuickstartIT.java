package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/** The quickstart streams events through a real broker and Connect worker into the vault. */
class QuickstartIT {
  @Test
  void quickstartFillsTheVault() throws Exception {
    String schema = TestDatabase.newSchema();
    CliTest.Run r =
        CliTest.run(
            "quickstart",
            "--events",
            "3000",
            "--rate",
            "3000",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--schema",
            schema);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains("Connector 'vaultstream-quickstart' is running")
        .containsPattern("produced\\s+3,000\\s+loaded\\s+3,000")
        .contains("Rows per vault table");
    assertThat(
            Long.parseLong(
                TestDatabase.value(
                    "SELECT sum(next_offset) FROM "
                        + schema
                        + ".vs_progress WHERE consumer = 'vaultstream-quickstart'")))
        .isEqualTo(3000);
    assertThat(
            Long.parseLong(
                TestDatabase.value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'")))
        .isPositive();
  }
}
