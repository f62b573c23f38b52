package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The database cannot hang the loader: reads give up after the socket timeout, statements after the
 * statement timeout, and a column added at run time waits for its table's lock only briefly (so it
 * never makes the table's readers queue behind it for long), retried a few times.
 */
class TimeoutsIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void aDatabaseThatStopsAnsweringFailsTheReadRetriably() throws Exception {
    VaultOptions o = TestDatabase.options("public").socketTimeoutMs(1000).build();
    try (HikariDataSource ds = Pool.open(o);
        Connection c = ds.getConnection();
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.execute("SELECT pg_sleep(4)"))
          .isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(Failures.sqlState(e)).startsWith("08"))
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    }
  }

  @Test
  void aStatementRunningTooLongIsCancelledRetriably() throws Exception {
    VaultOptions o = TestDatabase.options("public").statementTimeoutMs(200).build();
    try (HikariDataSource ds = Pool.open(o);
        Connection c = ds.getConnection();
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.execute("SELECT pg_sleep(3)"))
          .satisfies(e -> assertThat(Failures.sqlState(e)).isEqualTo("57014"))
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    }
    assertThatThrownBy(
            () ->
                TestDatabase.options("public")
                    .statementTimeoutMs(5000)
                    .socketTimeoutMs(5000)
                    .build())
        .hasMessageContaining("must be below the socket timeout");
  }

  @Test
  void aColumnAddedBehindALongQueryGivesUpInsteadOfQueueingTheTable() throws Exception {
    String schema = TestDatabase.newSchema();
    EventFactory events = new EventFactory(SHOP);
    try (VaultLoader loader =
            VaultLoader.open(SHOP, TestDatabase.options(schema).ddlLockTimeoutMs(200).build());
        Connection longQuery = TestDatabase.connect()) {
      loader.load(List.of(product(events, 1, null)));
      holdReadLock(longQuery, schema);
      CompletableFuture<LoadResult> load = loadAsync(loader, product(events, 2, "red"));
      // Today's loader queues the ALTER TABLE behind the reader for as long as the reader runs.
      assertThatThrownBy(() -> load.get(30, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .satisfies(e -> assertThat(Failures.sqlState(e)).isEqualTo("55P03"))
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
      // The table is readable (two ghost records and the first product): nothing queued on it.
      assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".sat_product"))
          .isEqualTo("3");
      longQuery.commit();
      loader.load(List.of(product(events, 2, "red")));
      assertThat(
              TestDatabase.value(
                  "SELECT colour FROM " + schema + ".sat_product WHERE colour IS NOT NULL"))
          .isEqualTo("red");
    }
  }

  @Test
  void aColumnWhoseLockFreesUpBetweenAttemptsIsAdded() throws Exception {
    String schema = TestDatabase.newSchema();
    EventFactory events = new EventFactory(SHOP);
    try (VaultLoader loader =
            VaultLoader.open(SHOP, TestDatabase.options(schema).ddlLockTimeoutMs(300).build());
        Connection longQuery = TestDatabase.connect()) {
      loader.load(List.of(product(events, 1, null)));
      holdReadLock(longQuery, schema);
      CompletableFuture<LoadResult> load = loadAsync(loader, product(events, 2, "red"));
      String waiting =
          "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND wait_event_type ="
              + " 'Lock' AND query LIKE 'ALTER TABLE%"
              + schema
              + "%'";
      await()
          .atMost(Duration.ofSeconds(20))
          .pollInterval(Duration.ofMillis(10))
          .until(() -> TestDatabase.value(waiting).equals("1"));
      // The first attempt gave up (it no longer waits): the long query ends during the backoff.
      await()
          .atMost(Duration.ofSeconds(20))
          .pollInterval(Duration.ofMillis(10))
          .until(() -> TestDatabase.value(waiting).equals("0"));
      longQuery.commit();
      assertThat(load.get(30, TimeUnit.SECONDS).events()).isEqualTo(1);
      assertThat(
              TestDatabase.value(
                  "SELECT colour FROM " + schema + ".sat_product WHERE colour IS NOT NULL"))
          .isEqualTo("red");
    }
  }

  private static ChangeEvent product(EventFactory events, long id, String colour) {
    return colour == null
        ? events.event(
            "products", "c", EventFactory.at(id), EventFactory.row("id", id, "sku", "P" + id))
        : events.event(
            "products",
            "c",
            EventFactory.at(id),
            EventFactory.row("id", id, "sku", "P" + id, "colour", colour));
  }

  /** A long query on sat_product: its transaction holds the table's read lock until it ends. */
  private static void holdReadLock(Connection c, String schema) throws SQLException {
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      st.executeQuery("SELECT count(*) FROM " + schema + ".sat_product").close();
    }
  }

  private static CompletableFuture<LoadResult> loadAsync(VaultLoader loader, ChangeEvent e) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return loader.load(List.of(e));
          } catch (SQLException x) {
            throw new java.util.concurrent.CompletionException(x);
          }
        });
  }
}
