package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The printed DDL runs on PostgreSQL, twice without harm. */
class DdlIT {
  @Test
  void printedDdlRunsAndIsIdempotent() throws Exception {
    String schema = TestDatabase.newSchema();
    String sql = CliTest.run("ddl", Samples.shopModel().toString(), "--schema", schema).out();
    for (int i = 0; i < 2; i++) {
      try (Connection c = TestDatabase.connect();
          Statement st = c.createStatement()) {
        st.execute(sql);
      }
    }
    assertThat(
            TestDatabase.value(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "'"))
        .isEqualTo("15");
    assertThat(TestDatabase.rows("SELECT customer_hk FROM " + schema + ".hub_customer ORDER BY 1"))
        .containsExactly("0".repeat(32), "F".repeat(32));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".sat_customer"))
        .isEqualTo("2");
  }
}
