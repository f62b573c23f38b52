package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.TrackingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading and checking effectivity and status satellites. */
class TrackingSatelliteModelTest {

  /** The shop model with {@code objects} (model JSON members, each ending with a comma) added. */
  private static String shopWith(String objects) {
    return TrackingModel.json().replace(TrackingModel.OBJECTS, objects);
  }

  private static List<String> problems(String json) {
    try {
      ModelLoader.parse(json, "tracking.json");
    } catch (ModelException e) {
      return e.problems().stream().map(ModelProblem::toString).toList();
    }
    throw new AssertionError("the model was accepted");
  }

  @Test
  void readsBothKindsFromJson() {
    VaultModel m = TrackingModel.model();
    assertThat(m.effectivitySatellites())
        .containsOnlyKeys("eff_order_customer")
        .containsValue(
            new EffectivitySatellite(
                "eff_order_customer", "lnk_order_customer", List.of("hub_order")));
    assertThat(m.statusSatellites())
        .containsEntry(
            "sts_customer", new StatusSatellite("sts_customer", "hub_customer", "customers"))
        .containsKey("sts_order");
    assertThat(m.effectivitySatellitesOf("orders")).hasSize(1);
    assertThat(m.effectivitySatellitesOf("customers")).isEmpty();
    assertThat(m.statusSatellitesOf("customers"))
        .extracting(StatusSatellite::name)
        .containsExactly("sts_customer");
    // Hashing settings given by configuration keep them.
    assertThat(m.withHashing(m.hashing()).statusSatellites()).hasSize(2);
  }

  @Test
  void readsYamlAndTheDefaultDrivingKey() {
    String yaml =
        """
        name: mini
        sources:
          customers: { topic: t.customers, primaryKey: [id] }
          orders:
            topic: t.orders
            primaryKey: [id]
            foreignKeys: { customer: { columns: [customer_id], references: customers } }
        hubs:
          hub_customer: { businessKey: [customer_no], sources: { customers: [customer_no] } }
          hub_order: { businessKey: [order_no], sources: { orders: [order_no] } }
        links:
          lnk_order_customer:
            source: orders
            hubs: [ { hub: hub_order }, { hub: hub_customer, via: customer } ]
        effectivitySatellites:
          eff_order_customer: { link: lnk_order_customer }
        statusSatellites:
          sts_order: { parent: hub_order, source: orders }
        """;
    VaultModel m = ModelLoader.parse(yaml, "mini.yaml");
    assertThat(m.effectivitySatellites().get("eff_order_customer").drivingKey()).isEmpty();
    assertThat(m.statusSatellites().get("sts_order").source()).isEqualTo("orders");
  }

  @Test
  void anUnknownKeyOrAMissingLinkIsAShapeProblem() {
    assertThat(
            problems(
                shopWith(
                    """
                    "effectivitySatellites": { "eff_x": { "lnk": "lnk_order_customer" } },
                    "statusSatellites": { "sts_x": { "hub": "hub_order" } },
                    """)))
        .contains(
            "/effectivitySatellites/eff_x/lnk: unknown key 'lnk'; valid here: link, drivingKey",
            "/effectivitySatellites/eff_x/link: missing",
            "/statusSatellites/sts_x/hub: unknown key 'hub'; valid here: parent, source",
            "/statusSatellites/sts_x/parent: missing",
            "/statusSatellites/sts_x/source: missing");
  }

  @Test
  void anUnknownOrNonHistorizedLinkIsNamedWithTheValidOnes() {
    assertThat(
            problems(
                shopWith(
                    """
                    "effectivitySatellites": {
                      "eff_a": { "link": "lnk_order_customr" },
                      "eff_b": { "link": "nhl_payment" }
                    },
                    """)))
        .containsExactly(
            "/effectivitySatellites/eff_a/link: unknown link 'lnk_order_customr'; an effectivity"
                + " satellite hangs off a link: lnk_order_customer, lnk_order_line",
            "/effectivitySatellites/eff_b/link: 'nhl_payment' is a non-historized link, whose rows"
                + " never end; an effectivity satellite hangs off a link: lnk_order_customer,"
                + " lnk_order_line");
  }

  @Test
  void theDrivingKeyMustBeAnEndTheRowDecides() {
    assertThat(
            problems(
                shopWith(
                    """
                    "effectivitySatellites": {
                      "eff_a": { "link": "lnk_order_customer", "drivingKey": ["hub_product"] },
                      "eff_b": { "link": "lnk_order_customer", "drivingKey": ["hub_customer"] },
                      "eff_c": { "link": "lnk_order_line", "drivingKey": ["order_hk"] }
                    },
                    """)))
        .containsExactly(
            "/effectivitySatellites/eff_a/drivingKey/0: 'hub_product' is not an end of link"
                + " 'lnk_order_customer'; its ends: hub_order, hub_customer",
            "/effectivitySatellites/eff_b/drivingKey/0: the end 'hub_customer' is reached through"
                + " foreign key 'customer', whose columns lie outside the primary key of 'orders',"
                + " so it does not identify the row whose relationship changes; valid driving"
                + " keys: hub_order");
  }

  @Test
  void aLinkWhoseRowDecidesNoEndNeedsNoDefault() {
    String json =
        shopWith(
                """
                "effectivitySatellites": { "eff_x": { "link": "lnk_pay" } },
                """)
            .replace(
                "\"lnk_order_line\":",
                "\"lnk_pay\": { \"source\": \"payments\", \"hubs\": [ { \"hub\": \"hub_order\","
                    + " \"via\": \"order\" } ] },\n    \"lnk_order_line\":");
    assertThat(problems(json))
        .containsExactly(
            "/effectivitySatellites/eff_x/drivingKey: missing: every end of link 'lnk_pay' is"
                + " reached through a foreign key outside the primary key of 'payments', so no end"
                + " identifies the row whose relationship it is");
  }

  @Test
  void aStatusSatelliteHangsOffAHubItsSourceFeeds() {
    assertThat(
            problems(
                shopWith(
                    """
                    "statusSatellites": {
                      "sts_a": { "parent": "lnk_order_customer", "source": "orders" },
                      "sts_b": { "parent": "hub_order", "source": "customers" },
                      "sts_c": { "parent": "hub_order", "source": "clients" }
                    },
                    """)))
        .containsExactly(
            "/statusSatellites/sts_a/parent: unknown hub 'lnk_order_customer'; a status satellite"
                + " hangs off a hub: hub_customer, hub_product, hub_order",
            "/statusSatellites/sts_b/source: source 'customers' does not feed hub 'hub_order'; it"
                + " is fed by orders",
            "/statusSatellites/sts_c/source: unknown source 'clients'; sources: customers,"
                + " products, order_status, orders, order_lines, payments");
  }

  @Test
  void namesMustBeFreeAndTheStateColumnMustNotClash() {
    assertThat(
            problems(
                shopWith(
                    """
                    "effectivitySatellites": { "sat_order": { "link": "lnk_order_customer" } },
                    "statusSatellites": { "vs_status": { "parent": "hub_order", "source": "orders" } },
                    """)))
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith(
                        "/effectivitySatellites/sat_order: the table name 'sat_order' is already"
                            + " used at /satellites/sat_order"))
        .anySatisfy(p -> assertThat(p).contains("/statusSatellites/vs_status: the table name"));
    assertThat(
            problems(
                shopWith(
                        """
                        "statusSatellites": { "sts_order": { "parent": "hub_order", "source": "orders" } },
                        """)
                    .replace(
                        "\"hashing\":",
                        "\"naming\": { \"deleteFlag\": \"is_active\" },\n  \"hashing\":")))
        .contains(
            "/statusSatellites/sts_order: the table 'sts_order' has a column 'is_active' for its"
                + " state, which the name 'is_active' of its parent's hash key or of a technical"
                + " column takes; rename that one");
  }
}
