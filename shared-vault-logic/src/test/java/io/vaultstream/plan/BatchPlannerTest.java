package io.vaultstream.plan;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The vault rows a batch of shop events plans (hubs, links, satellites, reference rows), the key
 * map entries it reads and writes, and the problems of events whose parent is not known yet.
 */
class BatchPlannerTest {
  static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  static final HashKeyCalculator HASHER = new HashKeyCalculator(SHOP.hashing());

  private final EventFactory ev = new EventFactory(SHOP);
  private final StoredKeyMap keyMap = new StoredKeyMap();
  private final BatchPlanner planner = new BatchPlanner(SHOP, HASHER);

  /** The key map rows of earlier batches, in memory, with the reads the planner made. */
  static final class StoredKeyMap implements KeyMapReader {
    private final Map<String, Map<String, TreeMap<Long, Map<String, String>>>> stored =
        new HashMap<>();
    final List<Map.Entry<String, Set<String>>> reads = new ArrayList<>();

    StoredKeyMap put(String source, String pk, long micros, Map<String, String> values) {
      stored
          .computeIfAbsent(source, s -> new HashMap<>())
          .computeIfAbsent(KeyText.pk(List.of(pk)), k -> new TreeMap<>())
          .put(micros, new LinkedHashMap<>(values));
      return this;
    }

    @Override
    public Map<String, TreeMap<Long, Map<String, String>>> read(String source, Set<String> pks) {
      reads.add(Map.entry(source, Set.copyOf(pks)));
      Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
      pks.forEach(
          pk -> {
            TreeMap<Long, Map<String, String>> t = stored.getOrDefault(source, Map.of()).get(pk);
            if (t != null) {
              out.put(pk, new TreeMap<>(t));
            }
          });
      return out;
    }
  }

  static String hk(String... businessKey) {
    return HASHER.hashKey(List.of(businessKey));
  }

  private static VaultRow only(BatchPlan plan, String table) {
    assertThat(plan.earliest.get(table)).as(table).hasSize(1);
    return plan.earliest.get(table).values().iterator().next();
  }

  @Test
  void aNewCustomerAndItsOrderPlanBothHubsTheLinkAndBothSatellites() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 1L);
    ChangeEvent customer = ev.customer("c", at(10), 1, "C1");

    BatchPlan plan = planner.plan(List.of(order, customer), keyMap);

    assertThat(plan.problems).isEmpty();
    VaultRow hub = only(plan, "hub_customer");
    assertThat(hub.key()).isEqualTo(hk("C1"));
    assertThat(hub.values()).containsExactly(entry("customer_no", "C1"));
    assertThat(hub.loadDts()).isEqualTo(at(10));
    assertThat(hub.recordSource()).isEqualTo("SHOP.customers");
    assertThat(only(plan, "hub_order").values()).containsExactly(entry("order_no", "O10"));
    // The link reaches the customer's business key through the batch's own customer event.
    VaultRow link = only(plan, "lnk_order_customer");
    assertThat(link.values())
        .containsEntry("order_hk", hk("O10"))
        .containsEntry("customer_hk", hk("C1"))
        .containsEntry("order_customer_hk", hk("O10", "C1"));
    assertThat(link.loadDts()).isEqualTo(at(20));
    HistoryRow sat = plan.history.get("sat_customer").get(0);
    assertThat(sat.key()).containsExactly(hk("C1"));
    assertThat(sat.delete()).isFalse();
    assertThat(sat.attributes()).containsEntry("name", "n").containsKeys("email", "city");
    assertThat(plan.history.get("sat_order").get(0).attributes()).containsEntry("status", "NEW");
    // Both rows are referenced by other sources: their keys go into the key map.
    assertThat(plan.keyMap)
        .extracting(BatchPlan.KeyMapEntry::source, BatchPlan.KeyMapEntry::pk)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("customers", "[\"1\"]"),
            org.assertj.core.groups.Tuple.tuple("orders", "[\"10\"]"));
  }

  @Test
  void anOrderWhoseCustomerIsNotKnownYetLoadsItsHubAndWaitsForItsLink() {
    ChangeEvent order = ev.order(at(20), 10, "O10", 5L);

    BatchPlan plan = planner.plan(List.of(order), keyMap);

    assertThat(plan.problems).hasSize(1);
    Problem p = plan.problems.get(0);
    assertThat(p.code()).isEqualTo(Problem.UNRESOLVED_REFERENCE);
    assertThat(p.target()).isEqualTo("lnk_order_customer");
    assertThat(p.refSource()).isEqualTo("customers");
    assertThat(p.refPk()).isEqualTo("[\"5\"]");
    assertThat(p.waits()).isTrue();
    assertThat(p.event()).isSameAs(order);
    assertThat(plan.earliest).containsKey("hub_order").doesNotContainKey("lnk_order_customer");
    assertThat(plan.history).containsKey("sat_order");
    // The customer was looked for in the key map, once, by its primary key.
    assertThat(keyMap.reads).containsExactly(Map.entry("customers", Set.of("[\"5\"]")));
  }

  @Test
  void aForeignKeyReachesTheParentsBusinessKeyAsOfTheChildsEventTime() {
    keyMap
        .put("customers", "5", at(0), Map.of("id", "5", "customer_no", "C5"))
        .put("customers", "5", at(100), Map.of("id", "5", "customer_no", "C5-NEW"));
    ChangeEvent before = ev.order(at(50), 10, "O10", 5L);
    ChangeEvent after = ev.order(at(150), 11, "O11", 5L);

    BatchPlan plan = planner.plan(List.of(before, after), keyMap);

    assertThat(plan.problems).isEmpty();
    assertThat(plan.earliest.get("lnk_order_customer").values())
        .extracting(r -> r.values().get("customer_hk"))
        .containsExactlyInAnyOrder(hk("C5"), hk("C5-NEW"));
    assertThat(plan.earliest.get("lnk_order_customer"))
        .containsKeys(hk("O10", "C5"), hk("O11", "C5-NEW"));
    // The order does not feed the customer hub: only the link carries the customer's key.
    assertThat(plan.earliest).doesNotContainKey("hub_customer");
  }

  @Test
  void aDeleteTakesItsBusinessKeyFromTheKeyMapAndPlansADeletedSatelliteVersion() {
    keyMap.put("customers", "5", at(0), Map.of("id", "5", "customer_no", "C5"));
    // A delete's before image holds the primary key only.
    ChangeEvent delete = ev.event("customers", "d", at(30), row("id", 5L));

    BatchPlan plan = planner.plan(List.of(delete), keyMap);

    assertThat(plan.problems).isEmpty();
    assertThat(only(plan, "hub_customer").key()).isEqualTo(hk("C5"));
    assertThat(plan.history.get("sat_customer")).hasSize(1);
    HistoryRow sat = plan.history.get("sat_customer").get(0);
    assertThat(sat.key()).containsExactly(hk("C5"));
    assertThat(sat.delete()).isTrue();
    assertThat(sat.attributes()).as("carried from the version before it").isNull();
    assertThat(sat.loadDts()).isEqualTo(at(30));
    assertThat(plan.keyMap).isEmpty();
  }

  @Test
  void aDeleteOfARowNeverSeenIsAProblemNamingTheRow() {
    ChangeEvent delete = ev.event("customers", "d", at(30), row("id", 7L));

    BatchPlan plan = planner.plan(List.of(delete), keyMap);

    assertThat(plan.earliest).isEmpty();
    assertThat(plan.history).isEmpty();
    assertThat(plan.problems).hasSize(1);
    Problem p = plan.problems.get(0);
    assertThat(p.code()).isEqualTo(Problem.UNRESOLVED_REFERENCE);
    assertThat(p.target()).isEqualTo("customers");
    assertThat(p.refPk()).isEqualTo("[\"7\"]");
    assertThat(p.message()).startsWith("delete of customers [\"7\"]: the row's business key");
  }

  @Test
  void versionsOfOneKeyAreInSourceOrderAndNeverShareALoadTime() {
    ChangeEvent second = ev.event("customers", "u", at(5), customer("second"));
    ChangeEvent third = ev.event("customers", "u", at(5), customer("third"));
    ChangeEvent first = ev.event("customers", "c", at(4), customer("first"));

    BatchPlan plan = planner.plan(List.of(third, second, first), keyMap);

    List<HistoryRow> sat = plan.history.get("sat_customer");
    assertThat(sat)
        .extracting(r -> r.attributes().get("name"))
        .containsExactly("first", "second", "third");
    // Two changes in one source microsecond: the later (by log position) is moved one on.
    assertThat(sat).extracting(HistoryRow::loadDts).containsExactly(at(4), at(5), at(5) + 1);
    assertThat(only(plan, "hub_customer").loadDts()).as("the earliest wins").isEqualTo(at(4));
  }

  private static Map<String, Object> customer(String name) {
    return EventFactory.customerRow(1L, "C1", name);
  }

  @Test
  void aNullBusinessKeyIsAProblemThatDoesNotWait() {
    ChangeEvent e = ev.customer("c", at(1), 1, null);

    BatchPlan plan = planner.plan(List.of(e), keyMap);

    assertThat(plan.earliest).doesNotContainKey("hub_customer");
    assertThat(plan.history).doesNotContainKey("sat_customer");
    assertThat(plan.problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.code()).isEqualTo(Problem.NULL_BUSINESS_KEY);
              assertThat(p.target()).isEqualTo("hub_customer");
              assertThat(p.message()).contains("customers [\"1\"] is NULL");
              assertThat(p.waits()).isFalse();
            });
  }

  @Test
  void anOrderLinePlansItsLinkWithTheDependentChildKeyAndItsLinkSatellite() {
    keyMap.put("orders", "10", at(0), Map.of("id", "10", "order_no", "O10", "customer_id", "1"));
    ChangeEvent product = ev.event("products", "c", at(1), row("id", 3L, "sku", "S3"));
    ChangeEvent line =
        ev.event(
            "order_lines",
            "c",
            at(2),
            row("order_id", 10L, "line_no", 2, "product_id", 3L, "qty", 4, "amount", "9.50"));

    BatchPlan plan = planner.plan(List.of(product, line), keyMap);

    assertThat(plan.problems).isEmpty();
    String lk = hk("O10", "S3", "2");
    VaultRow link = only(plan, "lnk_order_line");
    assertThat(link.key()).isEqualTo(lk);
    assertThat(link.values())
        .containsEntry("order_hk", hk("O10"))
        .containsEntry("product_hk", hk("S3"))
        .containsEntry("line_no", "2");
    HistoryRow lsat = plan.history.get("lsat_order_line").get(0);
    assertThat(lsat.key()).containsExactly(lk);
    assertThat(lsat.attributes()).containsExactly(entry("qty", "4"), entry("amount", "9.50"));
  }

  @Test
  void aCodeTablesRowIsAReferenceTableVersionKeyedByItsCode() {
    ChangeEvent e =
        ev.event("order_status", "c", at(1), row("code", "NEW", "description", "New order"));

    BatchPlan plan = planner.plan(List.of(e), keyMap);

    assertThat(plan.earliest).isEmpty();
    HistoryRow ref = plan.history.get("ref_order_status").get(0);
    assertThat(ref.key()).containsExactly("NEW");
    assertThat(ref.attributes()).containsExactly(entry("description", "New order"));
  }

  @Test
  void aBlankBusinessKeyIsANullKeyNotARowWithoutAHashKey() {
    // AutomateDV trims and turns empty text into NULL: " " hashes as NULL, which loads no row.
    BatchPlan plan =
        planner.plan(
            List.of(
                ev.event(
                    "products",
                    "c",
                    EventFactory.at(1),
                    EventFactory.row("id", 267L, "sku", " ", "name", "x"))),
            keyMap);
    assertThat(plan.earliest.getOrDefault("hub_product", java.util.Map.of())).isEmpty();
    assertThat(plan.problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.code()).isEqualTo("NULL_BUSINESS_KEY");
              assertThat(p.message()).contains("is blank, which the hashing profile takes as NULL");
            });
  }

  @Test
  void aRowWhoseEventTimeIsBefore1970StillGetsItsKeyMapEntry() {
    // source.ts_ms = -1: the time is -1000 us, which once read as "nothing new to record".
    BatchPlan plan = planner.plan(List.of(ev.customer("c", -1_000, 7, "C7")), keyMap);
    assertThat(plan.keyMap)
        .singleElement()
        .satisfies(
            k -> {
              assertThat(k.source()).isEqualTo("customers");
              assertThat(k.validFrom()).isEqualTo(-1_000L);
            });
  }
}
