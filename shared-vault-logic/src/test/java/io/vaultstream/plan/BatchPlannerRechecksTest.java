package io.vaultstream.plan;

import static io.vaultstream.plan.BatchPlannerTest.HASHER;
import static io.vaultstream.plan.BatchPlannerTest.SHOP;
import static io.vaultstream.plan.BatchPlannerTest.hk;
import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.testing.EventFactory;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Events planned again from the waiting rows: only their links when the rest loaded on arrival,
 * against the unknown ghost record when their wait ran out, and together with the batch's own
 * events in source order.
 */
class BatchPlannerRechecksTest {
  private final EventFactory ev = new EventFactory(SHOP);
  private final BatchPlannerTest.StoredKeyMap keyMap = new BatchPlannerTest.StoredKeyMap();
  private final BatchPlanner planner = new BatchPlanner(SHOP, HASHER);

  @Test
  void aRecheckOfOnlyItsLinksPlansTheLinkOnceTheParentIsKnownAndNothingElse() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 5L);
    keyMap.put("customers", "5", at(30), Map.of("id", "5", "customer_no", "C5"));

    BatchPlan plan = planner.plan(List.of(), List.of(new Recheck(order, true, false)), keyMap);

    assertThat(plan.problems).isEmpty();
    assertThat(plan.earliest).containsOnlyKeys("lnk_order_customer");
    assertThat(plan.earliest.get("lnk_order_customer")).containsOnlyKeys(hk("O10", "C5"));
    assertThat(plan.history).as("its satellite loaded when it arrived").isEmpty();
    assertThat(plan.keyMap).as("its key map entry too").isEmpty();
    assertThat(plan.events).as("a recheck is not one of the batch's events").isZero();
    // A rechecked insert is read from the key map like any change of a known row.
    assertThat(keyMap.reads).contains(Map.entry("orders", Set.of("[\"10\"]")));
  }

  @Test
  void aRecheckStillWithoutItsParentWaitsAgain() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 5L);

    BatchPlan plan = planner.plan(List.of(), List.of(new Recheck(order, true, false)), keyMap);

    assertThat(plan.earliest).isEmpty();
    assertThat(plan.problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.code()).isEqualTo(Problem.UNRESOLVED_REFERENCE);
              assertThat(p.refPk()).isEqualTo("[\"5\"]");
            });
    assertThat(plan.unknownParents).isEmpty();
  }

  @Test
  void aRecheckWhoseWaitRanOutLinksToTheUnknownGhostRecord() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 5L);

    BatchPlan plan = planner.plan(List.of(), List.of(new Recheck(order, true, true)), keyMap);

    assertThat(plan.problems).isEmpty();
    VaultRow link = plan.earliest.get("lnk_order_customer").values().iterator().next();
    assertThat(link.values())
        .containsEntry("order_hk", hk("O10"))
        .containsEntry("customer_hk", HASHER.unknownKey());
    assertThat(link.key()).isEqualTo(hk("O10", "(unknown)"));
    assertThat(plan.unknownParents).containsExactly(order);
  }

  @Test
  void aParentArrivingInTheBatchResolvesARecheckOfAnOlderChild() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 5L);
    ChangeEvent customer = ev.customer("c", at(40), 5, "C5");

    BatchPlan plan =
        planner.plan(List.of(customer), List.of(new Recheck(order, true, false)), keyMap);

    assertThat(plan.problems).isEmpty();
    // The customer's first version is later than the order, and still the one the order means.
    assertThat(plan.earliest.get("lnk_order_customer")).containsOnlyKeys(hk("O10", "C5"));
    assertThat(plan.earliest.get("hub_customer")).containsOnlyKeys(hk("C5"));
    assertThat(plan.events).isEqualTo(1);
  }
}
