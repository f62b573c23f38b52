package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.testing.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelLoaderTest {

  @Test
  void acceptsTheShopExampleUnchanged() {
    VaultModel m = ModelLoader.load(Samples.shopModel());
    assertThat(m.name()).isEqualTo("shop");
    assertThat(m.sources())
        .containsOnlyKeys(
            "customers", "products", "order_status", "orders", "order_lines", "payments");
    assertThat(m.hubs()).containsOnlyKeys("hub_customer", "hub_product", "hub_order");
    assertThat(m.links()).containsOnlyKeys("lnk_order_customer", "lnk_order_line", "nhl_payment");
    assertThat(m.links().get("nhl_payment").nonHistorized()).isTrue();
    assertThat(m.sources().get("orders").foreignKeys().get("customer").referencedColumns())
        .containsExactly("id");
    assertThat(m.links().get("lnk_order_customer").hubs().get(1).column()).isEqualTo("customer_hk");
    assertThat(m.satellites().get("sat_product").columns()).isNull();
    assertThat(m.recordSourceOf("customers")).isEqualTo("SHOP.customers");
    assertThat(m.keyColumnsOf("order_lines")).containsExactly("order_id", "line_no", "product_id");
  }

  @Test
  void readsYaml() {
    String yaml =
        """
        name: mini
        sources:
          customers: { topic: t.customers, primaryKey: [id] }
        hubs:
          hub_customer:
            hashKey: customer_hk
            businessKey: [customer_no]
            sources: { customers: [customer_no] }
        satellites:
          sat_customer: { parent: hub_customer, source: customers, columns: [name] }
        """;
    VaultModel m = ModelLoader.parse(yaml, "mini.yaml");
    assertThat(m.recordSource()).isEqualTo("MINI");
    assertThat(m.satellites().get("sat_customer").columns()).containsExactly("name");
  }

  @Test
  void reportsEveryProblemWithItsPath() {
    String json =
        """
        {
          "name": "bad",
          "hashing": { "profile": "dbtvault" },
          "sources": {
            "orders": { "topic": "x.orders", "primaryKey": ["id"],
                        "columns": ["id", "order_no", "customer_id"],
                        "foreignKeys": { "customer": { "columns": ["customer_id"], "references": "clients" } } },
            "customers": { "topic": "x.customers", "primaryKey": ["id"] }
          },
          "hubs": {
            "hub_order": { "hashKey": "order_hk", "businessKey": ["order_no"], "sources": { "orders": ["order_number"] } },
            "hub_customer": { "hashKey": "customer_hk", "businessKey": ["customer_no"], "sources": { "customers": ["customer_no"] } }
          },
          "links": {
            "lnk_oc": { "hashKey": "oc_hk", "source": "orders",
                        "hubs": [ { "hub": "hub_order" }, { "hub": "hub_customer", "via": "custmer" } ] },
            "lnk_self": { "hashKey": "s_hk", "source": "orders",
                          "hubs": [ { "hub": "hub_order" }, { "hub": "hub_order" } ] }
          },
          "satellites": {
            "sat_order": { "parent": "hub_ordr", "source": "orders" },
            "bad-name": { "parent": "hub_order", "source": "orders", "colums": ["x"] }
          }
        }
        """;
    assertThatThrownBy(() -> ModelLoader.parse(json, "bad.json"))
        .isInstanceOfSatisfying(
            ModelException.class,
            e -> {
              List<String> paths = e.problems().stream().map(ModelProblem::path).toList();
              assertThat(paths).contains("/hashing/profile", "/satellites/bad-name/colums");
              assertThat(e.getMessage())
                  .contains(
                      "unknown hashing profile 'dbtvault'; valid: automate-dv, datavault4dbt, vaultspeed");
              assertThat(e.getMessage())
                  .contains(
                      "unknown key 'colums'; valid here: parent, source, columns, deleteTracking");
            });
    // With the shape fixed, the reference problems are all reported together.
    String shapeOk =
        json.replace("\"dbtvault\"", "\"automate-dv\"")
            .replace("\"colums\"", "\"columns\"")
            .replace("[\"x\"]", "[\"order_no\"]");
    assertThatThrownBy(() -> ModelLoader.parse(shapeOk, "bad.json"))
        .isInstanceOfSatisfying(
            ModelException.class,
            e -> {
              assertThat(e.problems().stream().map(ModelProblem::path).toList())
                  .contains(
                      "/sources/orders/foreignKeys/customer/references",
                      "/hubs/hub_order/sources/orders/0",
                      "/links/lnk_oc/hubs/1/via",
                      "/links/lnk_self/hubs/1",
                      "/satellites/sat_order/parent",
                      "/satellites/bad-name");
              assertThat(e.getMessage())
                  .contains(
                      "unknown column 'order_number' of source 'orders'; its columns: id, order_no, customer_id")
                  .contains(
                      "unknown foreign key 'custmer' of source 'orders'; its foreign keys: customer")
                  .contains("unknown source 'clients'; sources: orders, customers")
                  .contains("needs an explicit \"column\"")
                  .contains("unknown parent 'hub_ordr'")
                  .contains("'bad-name' is not a legal identifier");
            });
  }

  @Test
  void reportsSyntaxErrorsWithLineAndColumn() {
    assertThatThrownBy(
            () -> ModelLoader.parse("{ \"name\": \"x\",\n  \"sources\": { ] }", "broken.json"))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("/: it is not valid JSON at line 2, column 16, so this document is");
  }
}
