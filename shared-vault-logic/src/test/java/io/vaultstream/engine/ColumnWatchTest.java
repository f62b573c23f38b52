package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The columns the loader tells of once: named but missing from events, and received unloaded. */
class ColumnWatchTest {
  private static final String MODEL =
      """
      name: mini
      sources:
        customers: { topic: t.customers, primaryKey: [id] }
        products: { topic: t.products, primaryKey: [id] }
      hubs:
        hub_customer: { businessKey: [customer_no], sources: { customers: [customer_no] } }
        hub_product: { businessKey: [sku], sources: { products: [sku] } }
      satellites:
        sat_customer: { parent: hub_customer, source: customers, columns: [nmae] }
        sat_product: { parent: hub_product, source: products }
      """;

  @Test
  void aMissingNamedColumnAndAnUnloadedOneAreToldOncePerLoader() {
    VaultModel m = ModelLoader.parse(MODEL, "mini.yaml");
    EventFactory ev = new EventFactory(m);
    ColumnWatch watch = new ColumnWatch(m);
    List<String> told =
        watch.check(
            List.of(
                ev.event("customers", "c", at(1), row("id", 1L, "customer_no", "C1", "name", "A")),
                ev.event("customers", "c", at(2), row("id", 2L, "customer_no", "C2", "city", "B")),
                ev.event("products", "c", at(3), row("id", 1L, "sku", "S", "colour", "red"))));
    // One event per source and batch is looked at; products' satellite takes every column.
    assertThat(told)
        .containsExactly(
            "WARN customers.nmae: named by the model, missing from its events",
            "INFO customers.name: received, loaded nowhere");
    // A NULL value is no missing column; and what was told is not told again.
    assertThat(
            watch.check(
                List.of(
                    ev.event(
                        "customers",
                        "u",
                        at(4),
                        row("id", 1L, "customer_no", "C1", "name", "A", "nmae", null)),
                    ev.event(
                        "customers", "c", at(5), row("id", 3L, "customer_no", "C3", "city", "Z")))))
        .isEmpty();
    assertThat(
            watch.check(
                List.of(
                    ev.event(
                        "customers", "c", at(6), row("id", 4L, "customer_no", "C4", "city", "Z")))))
        .containsExactly("INFO customers.city: received, loaded nowhere");
    assertThat(new ColumnWatch(m).check(List.of(ev.event("customers", "d", at(7), row("id", 1L)))))
        .as("a delete's before image is not looked at")
        .isEmpty();
  }
}
