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
        .isEqualTo("17");
    assertThat(TestDatabase.rows("SELECT customer_hk FROM " + schema + ".hub_customer ORDER BY 1"))
        .containsExactly("0".repeat(32), "F".repeat(32));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".sat_customer"))
        .isEqualTo("2");
  }

  @Test
  void againstALiveVaultItPrintsOnlyWhatTheVaultLacks() throws Exception {
    String schema = TestDatabase.newSchema();
    String url = TestDatabase.jdbcUrl();
    TestDatabase.execute(
        CliTest.run("ddl", Samples.shopModel().toString(), "--schema", schema).out());
    CliTest.Run same =
        CliTest.run("ddl", Samples.shopModel().toString(), "--jdbc-url", url, "--schema", schema);
    assertThat(same.code()).as(same.err()).isZero();
    assertThat(same.out()).isEmpty();
    assertThat(same.err()).contains("matches the model: nothing to run");

    // The model declares a new column of a satellite: one ALTER, which brings the vault to it.
    java.nio.file.Path changed = java.nio.file.Files.createTempFile("shop", ".json");
    java.nio.file.Files.writeString(
        changed,
        java.nio.file.Files.readString(Samples.shopModel())
            .replace(
                "\"columns\": [\"name\", \"email\", \"city\", \"updated_at\"]",
                "\"columns\": [\"name\", \"email\", \"phone\", \"city\", \"updated_at\"]"));
    CliTest.Run lacks =
        CliTest.run("ddl", changed.toString(), "--jdbc-url", url, "--schema", schema);
    assertThat(lacks.code()).as(lacks.err()).isZero();
    assertThat(lacks.out().lines().filter(l -> !l.isBlank() && !l.startsWith("--")))
        .containsExactly(
            "ALTER TABLE \""
                + schema
                + "\".\"sat_customer\" ADD COLUMN IF NOT EXISTS \"phone\" text;",
            "COMMENT ON COLUMN \""
                + schema
                + "\".\"sat_customer\".\"phone\" IS 'vaultstream: added after the table was"
                + " created';");
    TestDatabase.execute(lacks.out());
    assertThat(CliTest.run("ddl", changed.toString(), "--jdbc-url", url, "--schema", schema).out())
        .isEmpty();
  }
}
