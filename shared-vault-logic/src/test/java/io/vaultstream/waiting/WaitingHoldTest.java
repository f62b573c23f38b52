package io.vaultstream.waiting;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Which events waiting for a parent are held in memory, when they are rechecked, and the positions
 * stored with each batch, which never pass a held event (after a restart it is read again).
 */
class WaitingHoldTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final long HOLD = 10_000_000L;
  private static final long NOW = at(5000);
  private static final KeyMapReader NOTHING_STORED = (source, pks) -> Map.of();

  private final EventFactory ev = new EventFactory(SHOP);
  private final BatchPlanner planner =
      new BatchPlanner(SHOP, new HashKeyCalculator(SHOP.hashing()));

  /** One batch: the held events to recheck, the plan, and the state once it commits. */
  private record Batch(WaitingRechecks rechecks, BatchPlan plan, WaitingHold.Stored stored) {
    Map<String, Long> positions() {
      return stored.progress() == null
          ? Map.of()
          : stored.progress().positions().stream()
              .collect(
                  Collectors.toMap(
                      Progress.Position::topic,
                      Progress.Position::nextOffset,
                      (a, b) -> b,
                      TreeMap::new));
    }
  }

  private Batch load(WaitingHold state, List<ChangeEvent> events, long now, int max, long bytes) {
    WaitingRechecks rechecks =
        WaitingRecheckChoice.usual(false)
            .apply(
                WaitingRowRechecks.NONE,
                state.select(planner.rowKeys(events).bySource(), now, HOLD, false));
    BatchPlan plan = planner.plan(events, rechecks.rechecks(), NOTHING_STORED);
    return new Batch(
        rechecks, plan, state.after(rechecks, plan, progress(events), now, HOLD, max, bytes));
  }

  private Batch load(WaitingHold state, List<ChangeEvent> events, long now) {
    return load(state, events, now, 100, 1L << 30);
  }

  /** Each partition's next offset after the events. */
  private static Progress progress(List<ChangeEvent> events) {
    Map<String, Progress.Position> next = new TreeMap<>();
    for (ChangeEvent e : events) {
      next.put(
          e.position().topic(),
          new Progress.Position(e.position().topic(), 0, e.position().offset() + 1));
    }
    return new Progress("held-test", List.copyOf(next.values()));
  }

  private ChangeEvent order(long id, long customerId) {
    return ev.order(at(1000 + id), id, "O" + id, customerId);
  }

  private ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id);
  }

  @Test
  void anOrderWaitingForItsCustomerIsHeldAndItsPartitionsPositionStaysAtIt() {
    ChangeEvent early = order(1, 5); // shop.public.orders@0, customer 5 unknown
    Batch first = load(WaitingHold.NONE, List.of(early, order(2, 6), customer(6)), NOW);

    assertThat(first.stored.state().size()).isEqualTo(1);
    assertThat(first.stored.held()).containsExactly(early);
    assertThat(first.positions())
        .containsExactly(
            Map.entry("shop.public.customers", 1L), Map.entry("shop.public.orders", 0L));

    // A batch without the customer (and with an order waiting for another one): the orders
    // position stays at the first held order.
    Batch second = load(first.stored.state(), List.of(order(3, 6)), NOW + 1);
    assertThat(second.rechecks.rechecks()).isEmpty();
    assertThat(second.stored.state().size()).isEqualTo(2);
    assertThat(second.positions()).containsExactly(Map.entry("shop.public.orders", 0L));

    // The customer arrives: the held order's link is rechecked, loads, and the position moves on.
    Batch third = load(second.stored.state(), List.of(customer(5)), NOW + 2);
    assertThat(third.rechecks.rechecks()).extracting(r -> r.event()).containsExactly(early);
    assertThat(third.rechecks.rechecks().get(0).linksOnly())
        .as("its order hub loaded before")
        .isTrue();
    assertThat(third.plan.problems).isEmpty();
    assertThat(third.plan.earliest.get("lnk_order_customer")).hasSize(1);
    assertThat(third.stored.state().size()).as("order 3 still waits for customer 6").isOne();
    assertThat(third.positions())
        .containsExactly(
            Map.entry("shop.public.customers", 2L), Map.entry("shop.public.orders", 2L));
  }

  @Test
  void aHeldEventIsRecheckedWhenItsTimeIsUpAndThenBecomesAWaitingRow() {
    ChangeEvent early = order(1, 5);
    WaitingHold held = load(WaitingHold.NONE, List.of(early), NOW).stored.state();
    assertThat(held.due(NOW + HOLD - 1, HOLD)).isFalse();
    assertThat(held.due(NOW + HOLD, HOLD)).isTrue();

    ChangeEvent product = ev.event("products", "c", at(2), row("id", 1L, "sku", "S1"));
    Batch late = load(held, List.of(product), NOW + HOLD);

    assertThat(late.rechecks.rechecks()).extracting(r -> r.event()).containsExactly(early);
    assertThat(late.rechecks.arrivedAt(early, NOW + HOLD)).isEqualTo(NOW);
    assertThat(late.stored.held()).as("not held again: it is written as a waiting row").isEmpty();
    assertThat(late.stored.state().size()).isZero();
    assertThat(late.positions()).containsEntry("shop.public.orders", 1L);
  }

  @Test
  void theEarliestWaitsAreHeldUpToTheLimitAndTheRestBecomeWaitingRows() {
    ChangeEvent first = order(1, 5);
    ChangeEvent second = order(2, 6);
    Batch b = load(WaitingHold.NONE, List.of(second, first), NOW, 1, 1L << 30);

    assertThat(b.stored.held()).containsExactly(first);
    assertThat(b.positions()).containsExactly(Map.entry("shop.public.orders", 0L));

    Batch tooBig = load(WaitingHold.NONE, List.of(order(3, 7)), NOW, 100, 100);
    assertThat(tooBig.stored.held()).as("larger than the bytes allowed").isEmpty();
    assertThat(tooBig.positions()).containsExactly(Map.entry("shop.public.orders", 3L));
  }

  @Test
  void aRevokedPartitionsHeldEventsAreDropped() {
    WaitingHold held = load(WaitingHold.NONE, List.of(order(1, 5)), NOW).stored.state();

    assertThat(held.without("shop.public.customers", 0).size()).isOne();
    assertThat(held.without("shop.public.orders", 1).size()).isOne();
    assertThat(held.without("shop.public.orders", 0).size()).isZero();
  }
}
