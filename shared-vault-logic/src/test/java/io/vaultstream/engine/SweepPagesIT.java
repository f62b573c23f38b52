package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The timed sweep reads at most a page of the waiting table and of the error table, and releases at
 * most a page of expired error rows; the next sweep goes on where it stopped, so every row is still
 * read in a round of sweeps.
 */
class SweepPagesIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int PAGE = 100;

  private final List<VaultLoader> loaders = new ArrayList<>();
  private final TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
  private final EventFactory ev = new EventFactory(SHOP);

  @AfterEach
  void close() {
    loaders.forEach(VaultLoader::close);
  }

  private VaultLoader open(String schema, VaultOptions.ExpiredReferences expired) throws Exception {
    VaultLoader l =
        VaultLoader.open(
            SHOP,
            TestDatabase.options(schema)
                .sweepPageRows(PAGE)
                .watermarkSeconds(60)
                .errorRetentionSeconds(60)
                .expiredReferences(expired)
                .build(),
            clock);
    loaders.add(l);
    return l;
  }

  private List<ChangeEvent> orders(int from, int count) {
    List<ChangeEvent> out = new ArrayList<>();
    for (long id = from; id < from + count; id++) {
      out.add(ev.order(at(id), id, "O" + id, id));
    }
    return out;
  }

  private List<ChangeEvent> customers(int from, int count) {
    List<ChangeEvent> out = new ArrayList<>();
    for (long id = from; id < from + count; id++) {
      out.add(ev.customer("c", at(0), id, "C" + id));
    }
    return out;
  }

  @Test
  void eachSweepReadsAPageOfWaitingRowsAndTheNextGoesOnFromThere() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader loader = open(schema, VaultOptions.ExpiredReferences.UNKNOWN);
    waitWhileParentsArrive(schema, loader, orders(1, 350), customers(1, 350));

    List<Integer> resolved = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      resolved.add(loader.sweep().resolved());
    }
    assertThat(resolved).containsExactly(PAGE, PAGE, PAGE, 50, 0);
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    assertThat(realLinks(schema)).isEqualTo("350");
  }

  @Test
  void errorRowsAreReadAPageAtATimeToo() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader loader = open(schema, VaultOptions.ExpiredReferences.UNKNOWN);
    waitWhileParentsArrive(schema, loader, orders(1, 250), customers(1, 250));
    clock.advance(Duration.ofSeconds(61));

    LoadResult first = loader.sweep(); // a page of waiting rows, then the watermark
    assertThat(first.resolved()).isEqualTo(PAGE);
    assertThat(first.movedToErrors()).isEqualTo(150);
    assertThat(loader.sweep().resolved()).isEqualTo(PAGE);
    assertThat(loader.sweep().resolved()).isEqualTo(50);
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
    assertThat(realLinks(schema)).isEqualTo("250");
  }

  @Test
  void expiredErrorRowsAreReleasedAPageAtATime() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader loader = open(schema, VaultOptions.ExpiredReferences.UNKNOWN);
    assertThat(loader.load(orders(1, 250)).waiting()).isEqualTo(250);
    clock.advance(Duration.ofSeconds(61));
    assertThat(loader.sweep().movedToErrors()).isEqualTo(250);
    clock.advance(Duration.ofSeconds(61));

    List<Integer> released = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      released.add(loader.sweep().releasedToUnknown());
    }
    assertThat(released).containsExactly(PAGE, PAGE, 50, 0);
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
  }

  /**
   * With {@code DROP}, an error row that expires when its parent is in the key map is loaded, not
   * dropped, also when the sweep's page did not reach it.
   */
  @Test
  void anExpiredRowWhoseParentArrivedLoadsOutsideThePageToo() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader loader = open(schema, VaultOptions.ExpiredReferences.DROP);
    waitWhileParentsArrive(schema, loader, orders(1, 250), customers(1, 250));
    clock.advance(Duration.ofSeconds(61));
    assertThat(loader.sweep().movedToErrors()).isEqualTo(150); // (a page resolved first)
    clock.advance(Duration.ofSeconds(61));

    int dropped = 0;
    for (int i = 0; i < 4; i++) {
      dropped += loader.sweep().dropped();
    }
    assertThat(dropped).isZero();
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
    assertThat(realLinks(schema)).isEqualTo("250");
  }

  private static String realLinks(String schema) throws Exception {
    return TestDatabase.value(
        "SELECT count(*) FROM "
            + schema
            + ".lnk_order_customer l JOIN "
            + schema
            + ".hub_customer h USING (customer_hk) WHERE h.record_source <> 'SYSTEM'");
  }

  /**
   * Loads the orders, which wait for their customers; while their waiting rows are not committed,
   * another loader loads the customers. Its batch does not see the waiting rows, so they wait with
   * their parents in the key map, for a sweep.
   */
  private void waitWhileParentsArrive(
      String schema, VaultLoader loader, List<ChangeEvent> orders, List<ChangeEvent> customers)
      throws Exception {
    VaultLoader other = VaultLoader.open(SHOP, TestDatabase.options(schema).build());
    loaders.add(other);
    try (Connection gate = TestDatabase.connect()) {
      gate.setAutoCommit(false);
      int gatePid;
      try (Statement st = gate.createStatement();
          ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        gatePid = rs.getInt(1);
        st.execute("LOCK TABLE " + schema + ".vs_progress IN EXCLUSIVE MODE");
      }
      Progress p = new Progress("orders", List.of(new Progress.Position("t", 0, 1)));
      CompletableFuture<LoadResult> waiting =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return loader.load(orders, List.of(), p);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  PostgresConcurrentHistoryWritersIT.blockedBehind(gatePid) == 1
                      || waiting.isDone());
      assertThat(other.load(customers).resolved()).isZero();
      gate.commit();
      assertThat(waiting.get(30, TimeUnit.SECONDS).waiting()).isEqualTo(orders.size());
    }
  }
}
