package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.FlakyDatabase;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A database that refuses connections when the loader starts is waited out (retries with backoff
 * within the options' retries), as writes are; one that refuses the loader for good reasons (here:
 * missing tables with auto-create off) fails at once.
 */
class OpenRetryIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void aDatabaseDownAtStartIsWaitedOut() throws Exception {
    String schema = TestDatabase.newSchema();
    try (FlakyDatabase db = new FlakyDatabase(2);
        VaultLoader loader =
            VaultLoader.open(
                SHOP,
                TestDatabase.options(schema)
                    .jdbcUrl(db.jdbcUrl())
                    .maxRetries(5)
                    .retryBackoffMs(50)
                    .build())) {
      assertThat(db.accepted()).as("two dropped connections, then the pool's").isGreaterThan(2);
      loader.load(List.of(new EventFactory(SHOP).customer("c", EventFactory.at(0), 1, "C1")));
      assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".hub_customer"))
          .isEqualTo("3"); // the two ghost records and the customer
    }
  }

  @Test
  void withoutRetriesOrPastThemTheFailureIsThrown() throws Exception {
    String schema = TestDatabase.newSchema();
    // No retry (the loader before retries were added): the first dropped connection fails it.
    try (FlakyDatabase db = new FlakyDatabase(1)) {
      assertThatThrownBy(
              () ->
                  VaultLoader.open(
                      SHOP,
                      TestDatabase.options(schema).jdbcUrl(db.jdbcUrl()).maxRetries(0).build()))
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    }
    try (FlakyDatabase db = new FlakyDatabase(Integer.MAX_VALUE)) {
      assertThatThrownBy(
              () ->
                  VaultLoader.open(
                      SHOP,
                      TestDatabase.options(schema)
                          .jdbcUrl(db.jdbcUrl())
                          .maxRetries(2)
                          .retryBackoffMs(10)
                          .build()))
          .satisfies(e -> assertThat(Failures.sqlState(e)).startsWith("08"));
      assertThat(db.accepted()).as("one attempt and two retries").isGreaterThanOrEqualTo(3);
    }
  }

  @Test
  void missingTablesWithAutoCreateOffFailAtOnce() throws Exception {
    String schema = TestDatabase.newSchema();
    long started = System.nanoTime();
    assertThatThrownBy(
            () ->
                VaultLoader.open(
                    SHOP,
                    TestDatabase.options(schema)
                        .autoCreate(false)
                        .maxRetries(3)
                        .retryBackoffMs(20_000)
                        .build()))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("does not exist")
        .satisfies(e -> assertThat(Failures.retriable(e)).isFalse())
        .satisfies(e -> assertThat(Failures.explain(e)).contains("SQLSTATE 42P01"));
    assertThat((System.nanoTime() - started) / 1_000_000)
        .as("not retried (a retry waits 20 s)")
        .isLessThan(20_000);
  }
}
