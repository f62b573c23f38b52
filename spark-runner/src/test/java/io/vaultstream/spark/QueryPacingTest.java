package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** When a per-source query's micro-batch waits for the queries of the tables it references. */
class QueryPacingTest {
  private static final long HOUR = 3_600_000_000_000L;

  // A thread per waiting query, as each query's micro-batches run on a driver thread of their own
  // (the common pool may have a single thread on a small machine).
  private static final java.util.concurrent.ExecutorService THREADS =
      java.util.concurrent.Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "query");
            t.setDaemon(true);
            return t;
          });

  private static QueryPacing pacing(Map<String, Set<String>> parents, long idleNanos) {
    return new QueryPacing(parents, idleNanos, HOUR, HOUR, System.nanoTime());
  }

  /** Runs {@code query}'s wait for a batch ending at {@code endMs} on a thread of its own. */
  private static CompletableFuture<QueryPacing.Wait> turn(
      QueryPacing pacing, String query, long endMs) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return pacing.awaitTurn(query, endMs);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        },
        THREADS);
  }

  /** Checks, for 300 ms, that the wait goes on (it can end only by a state change or a limit). */
  private static void stillWaiting(CompletableFuture<QueryPacing.Wait> wait) {
    Awaitility.await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(1))
        .until(() -> !wait.isDone());
  }

  @Test
  void aChildsBatchWaitsUntilItsParentHasLoadedPastItsLastRecord() throws Exception {
    QueryPacing pacing = pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), HOUR);
    assertThat(pacing.awaitTurn("orders", 50).waitedFor()).isEmpty(); // no parents: at once
    CompletableFuture<QueryPacing.Wait> payments = turn(pacing, "payments", 100);
    stillWaiting(payments); // orders is writing its batch up to 50
    pacing.loaded("orders", 50);
    stillWaiting(payments); // orders is between batches, not yet past 100
    pacing.awaitTurn("orders", 120);
    stillWaiting(payments); // writing up to 120
    pacing.loaded("orders", 120);
    QueryPacing.Wait w = payments.get(10, TimeUnit.SECONDS);
    assertThat(w.waitedFor()).containsExactly("orders");
    assertThat(w.overdue()).isFalse();
  }

  @Test
  void aBatchWhoseRecordsItsParentsLoadedAlreadyDoesNotWait() throws Exception {
    QueryPacing pacing = pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), HOUR);
    pacing.awaitTurn("orders", 200);
    pacing.loaded("orders", 200);
    pacing.awaitTurn("orders", 300); // writing its next batch
    assertThat(pacing.awaitTurn("payments", 200).waitedFor()).isEmpty();
    assertThat(pacing.awaitTurn("payments", QueryPacing.UNKNOWN).waitedFor()).isEmpty();
  }

  @Test
  void aParentQuietForTheIdleTimeHoldsNothingBack() throws Exception {
    long idle = 300_000_000L;
    QueryPacing pacing = pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), idle);
    pacing.awaitTurn("orders", 50);
    pacing.loaded("orders", 50); // caught up: no batch follows
    long quietFrom = System.nanoTime();
    turn(pacing, "payments", 100).get(10, TimeUnit.SECONDS);
    assertThat(System.nanoTime() - quietFrom).isGreaterThanOrEqualTo(idle);
  }

  @Test
  void aParentWhoseRecordsHaveNoTimeHoldsNothingBack() throws Exception {
    QueryPacing pacing = pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), HOUR);
    pacing.awaitTurn("orders", QueryPacing.UNKNOWN);
    pacing.loaded("orders", QueryPacing.UNKNOWN); // where it is, is not known
    assertThat(pacing.awaitTurn("payments", 100).waitedFor()).isEmpty();
    pacing.awaitTurn("orders", 50);
    pacing.loaded("orders", 50); // known again, and behind the payments
    stillWaiting(turn(pacing, "payments", 200));
  }

  @Test
  void aParentThatStoppedHoldsNothingBack() throws Exception {
    QueryPacing pacing = pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), HOUR);
    pacing.awaitTurn("orders", 50);
    CompletableFuture<QueryPacing.Wait> payments = turn(pacing, "payments", 100);
    stillWaiting(payments);
    pacing.stopped("orders"); // its batch failed
    assertThat(payments.get(10, TimeUnit.SECONDS).waitedFor()).containsExactly("orders");
  }

  @Test
  void aParentHeldForItsOwnParentsGoesFirst() throws Exception {
    QueryPacing pacing =
        pacing(
            Map.of(
                "customers", Set.of(),
                "orders", Set.of("customers"),
                "payments", Set.of("orders")),
            HOUR);
    pacing.awaitTurn("customers", 10); // writing
    CompletableFuture<QueryPacing.Wait> orders = turn(pacing, "orders", 500);
    CompletableFuture<QueryPacing.Wait> payments = turn(pacing, "payments", 100);
    stillWaiting(orders);
    stillWaiting(payments); // its batch ends before the orders', which is still held
    pacing.loaded("customers", 600);
    orders.get(10, TimeUnit.SECONDS);
    stillWaiting(payments);
    pacing.loaded("orders", 500);
    assertThat(payments.get(10, TimeUnit.SECONDS).waitedFor()).containsExactly("orders");
  }

  @Test
  void queriesReferencingEachOtherTakeTurnsByTheirBatchesLastRecords() throws Exception {
    QueryPacing pacing = pacing(Map.of("a", Set.of("b"), "b", Set.of("a")), HOUR);
    CompletableFuture<QueryPacing.Wait> a = turn(pacing, "a", 100);
    CompletableFuture<QueryPacing.Wait> b = turn(pacing, "b", 50);
    b.get(10, TimeUnit.SECONDS); // the earlier batch goes first
    stillWaiting(a);
    pacing.loaded("b", 50);
    stillWaiting(a); // b is between batches, at 50
    CompletableFuture<QueryPacing.Wait> b2 = turn(pacing, "b", 150);
    a.get(10, TimeUnit.SECONDS); // b's next batch ends after a's: a's turn
    stillWaiting(b2);
    pacing.loaded("a", 100);
    stillWaiting(b2); // a is between batches, at 100
    pacing.stopped("a");
    b2.get(10, TimeUnit.SECONDS);
  }

  @Test
  void aQueryNotAtItsFirstBatchYetHoldsBackOnlyForTheStartTime() throws Exception {
    long first = 300_000_000L;
    long start = System.nanoTime();
    QueryPacing pacing =
        new QueryPacing(
            Map.of("orders", Set.of(), "payments", Set.of("orders")), HOUR, first, HOUR, start);
    turn(pacing, "payments", 100).get(10, TimeUnit.SECONDS);
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(first);
  }

  @Test
  void aQueryReadingItsNextBatchsTimesHoldsBackBeyondTheIdleTime() throws Exception {
    QueryPacing pacing =
        pacing(Map.of("orders", Set.of(), "payments", Set.of("orders")), 100_000_000L);
    pacing.awaitTurn("orders", 50);
    pacing.loaded("orders", 50);
    pacing.arriving("orders"); // reading its next batch's times, however long that takes
    CompletableFuture<QueryPacing.Wait> payments = turn(pacing, "payments", 100);
    stillWaiting(payments); // three times the idle time
    pacing.awaitTurn("orders", 150);
    pacing.loaded("orders", 150);
    assertThat(payments.get(10, TimeUnit.SECONDS).waitedFor()).containsExactly("orders");
  }

  @Test
  void noBatchWaitsLongerThanThePauseLimit() throws Exception {
    QueryPacing pacing =
        new QueryPacing(
            Map.of("orders", Set.of(), "payments", Set.of("orders")),
            HOUR,
            HOUR,
            200_000_000L,
            System.nanoTime());
    pacing.awaitTurn("orders", 50); // and never done
    QueryPacing.Wait w = turn(pacing, "payments", 100).get(10, TimeUnit.SECONDS);
    assertThat(w.overdue()).isTrue();
    assertThat(w.waitedFor()).containsExactly("orders");
  }

  @Test
  void theShopsQueriesWaitForTheSourcesTheirForeignKeysReference() {
    var model = ModelLoader.load(Samples.shopModel());
    assertThat(QueryPacing.parentsOf(model, s -> s.name()))
        .containsEntry("customers", Set.of())
        .containsEntry("products", Set.of())
        .containsEntry("order_status", Set.of())
        .containsEntry("orders", Set.of("customers"))
        .containsEntry("order_lines", Set.of("orders", "products"))
        .containsEntry("payments", Set.of("orders"));
  }
}
