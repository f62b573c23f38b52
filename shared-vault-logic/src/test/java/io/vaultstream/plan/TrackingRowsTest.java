package io.vaultstream.plan;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.TrackingModel;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The effectivity and status versions a batch plans from the key map's mappings before and after
 * each event, and the key map reads they need.
 */
class TrackingRowsTest {
  private static final VaultModel MODEL = TrackingModel.model();
  private static final HashKeyCalculator HASHER = new HashKeyCalculator(MODEL.hashing());

  private final EventFactory ev = new EventFactory(MODEL);
  private final BatchPlannerTest.StoredKeyMap keyMap = new BatchPlannerTest.StoredKeyMap();
  private final BatchPlanner planner = new BatchPlanner(MODEL, HASHER);

  private ChangeEvent order(String op, long t, Long customerId) {
    return ev.event(
        "orders",
        op,
        t,
        row("id", 10L, "order_no", "O10", "customer_id", customerId, "status", "NEW"));
  }

  private static String lk(String order, String customer) {
    return HASHER.hashKey(List.of(order, customer));
  }

  private static List<String> versions(BatchPlan plan, String table) {
    return plan.history.getOrDefault(table, List.of()).stream()
        .map(
            r ->
                r.key().get(0)
                    + "@"
                    + r.loadDts()
                    + "="
                    + r.attributes().get("is_active")
                    + (r.delete() ? " delete" : ""))
        .sorted()
        .toList();
  }

  private void customers() {
    keyMap
        .put("customers", "1", at(0), Map.of("id", "1", "customer_no", "C1"))
        .put("customers", "2", at(0), Map.of("id", "2", "customer_no", "C2"));
  }

  @Test
  void aMoveEndsThePreviousLinkKeyAtTheEventsTime() {
    customers();
    keyMap.put("orders", "10", at(1), Map.of("id", "10", "order_no", "O10", "customer_id", "1"));
    BatchPlan plan = planner.plan(List.of(order("u", at(2), 2L)), keyMap);
    assertThat(plan.problems).isEmpty();
    assertThat(versions(plan, "eff_order_customer"))
        .containsExactlyInAnyOrder(
            lk("O10", "C1") + "@" + at(2) + "=false", lk("O10", "C2") + "@" + at(2) + "=true");
    // The order's hub key did not change: active again, which the merge collapses.
    assertThat(versions(plan, "sts_order"))
        .containsExactly(HASHER.hashKey(List.of("O10")) + "@" + at(2) + "=true");
  }

  @Test
  void aLateEventEndsItsKeyWhereTheNextMappingBegins() {
    customers();
    keyMap.put("orders", "10", at(5), Map.of("id", "10", "order_no", "O10", "customer_id", "2"));
    BatchPlan plan = planner.plan(List.of(order("c", at(1), 1L)), keyMap);
    assertThat(versions(plan, "eff_order_customer"))
        .containsExactlyInAnyOrder(
            lk("O10", "C1") + "@" + at(1) + "=true",
            lk("O10", "C1") + "@" + at(5) + "=false",
            lk("O10", "C2") + "@" + at(5) + "=true");
    // The insert's row and, with its own customer, the one of its next mapping were read.
    assertThat(keyMap.reads)
        .contains(
            Map.entry("orders", Set.of("[\"10\"]")),
            Map.entry("customers", Set.of("[\"1\"]", "[\"2\"]")));
  }

  @Test
  void aDeleteEndsTheCurrentRelationshipAndDeactivatesTheHubKey() {
    customers();
    keyMap.put("orders", "10", at(1), Map.of("id", "10", "order_no", "O10", "customer_id", "1"));
    BatchPlan plan = planner.plan(List.of(ev.event("orders", "d", at(3), row("id", 10L))), keyMap);
    assertThat(versions(plan, "eff_order_customer"))
        .containsExactly(lk("O10", "C1") + "@" + at(3) + "=false");
    assertThat(versions(plan, "sts_order"))
        .containsExactly(HASHER.hashKey(List.of("O10")) + "@" + at(3) + "=false");
  }

  @Test
  void aModelWithoutThemReadsNoKeyMapForInserts() {
    BatchPlannerTest.StoredKeyMap reads = new BatchPlannerTest.StoredKeyMap();
    new BatchPlanner(BatchPlannerTest.SHOP, HASHER)
        .plan(List.of(new EventFactory(BatchPlannerTest.SHOP).order(at(1), 10, "O10", 1L)), reads);
    assertThat(reads.reads).extracting(Map.Entry::getKey).doesNotContain("orders");
  }
}
