package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.FlakyDatabase;
import io.vaultstream.testing.Samples;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A database that refuses connections when the loader starts is waited out (retries with backoff
 * within the options' retries), as writes are; one that refuses the loader for good reasons (here:
 * missing tables with auto-create off) fails at once.
 */
abstract class OpenRetryContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /** The SQLSTATE (or its class) of a connection the database side dropped: the standard's 08. */
  protected String connectionLostState() {
    return "08";
  }

  @Test
  void aDatabaseDownAtStartIsWaitedOut() throws Exception {
    schema = newSchema();
    try (FlakyDatabase flaky = new FlakyDatabase(db(), 2);
        VaultLoader loader =
            VaultLoader.open(
                SHOP,
                db().options(schema)
                    .jdbcUrl(flaky.jdbcUrl())
                    .maxRetries(5)
                    .retryBackoffMs(50)
                    .build())) {
      assertThat(flaky.accepted()).as("two dropped connections, then the pool's").isGreaterThan(2);
      loader.load(List.of(new EventFactory(SHOP).customer("c", EventFactory.at(0), 1, "C1")));
      assertThat(value("SELECT count(*) FROM $s.hub_customer"))
          .isEqualTo("3"); // the two ghost records and the customer
    }
  }

  @Test
  void withoutRetriesOrPastThemTheFailureIsThrown() throws Exception {
    schema = newSchema();
    // No retry (the loader before retries were added): the first dropped connection fails it.
    try (FlakyDatabase flaky = new FlakyDatabase(db(), 1)) {
      assertThatThrownBy(
              () ->
                  VaultLoader.open(
                      SHOP, db().options(schema).jdbcUrl(flaky.jdbcUrl()).maxRetries(0).build()))
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    }
    try (FlakyDatabase flaky = new FlakyDatabase(db(), Integer.MAX_VALUE)) {
      assertThatThrownBy(
              () ->
                  VaultLoader.open(
                      SHOP,
                      db().options(schema)
                          .jdbcUrl(flaky.jdbcUrl())
                          .maxRetries(2)
                          .retryBackoffMs(10)
                          .build()))
          .satisfies(e -> assertThat(Failures.sqlState(e)).startsWith(connectionLostState()));
      assertThat(flaky.accepted()).as("one attempt and two retries").isGreaterThanOrEqualTo(3);
    }
  }

  @Test
  void missingTablesWithAutoCreateOffFailAtOnce() throws Exception {
    schema = newSchema();
    long started = System.nanoTime();
    assertThatThrownBy(
            () ->
                VaultLoader.open(
                    SHOP,
                    db().options(schema)
                        .autoCreate(false)
                        .maxRetries(3)
                        .retryBackoffMs(20_000)
                        .build()))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("does not exist")
        .satisfies(e -> assertThat(Failures.retriable(e)).isFalse())
        .satisfies(
            e ->
                assertThat(Failures.explain(e))
                    .contains("SQLSTATE " + db().missingTableSqlState()));
    assertThat((System.nanoTime() - started) / 1_000_000)
        .as("not retried (a retry waits 20 s)")
        .isLessThan(20_000);
  }
}
