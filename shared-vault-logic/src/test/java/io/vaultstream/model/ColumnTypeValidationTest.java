package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Declared column types reach DDL and casts, so validation lets only the strict grammar pass. */
class ColumnTypeValidationTest {
  static final String INJECTION = "text, x int); DROP TABLE public.victim; --";

  static String model(String amountType) {
    return """
        { "name": "shop",
          "sources": { "orders": { "topic": "t.orders", "primaryKey": ["id"],
              "columns": { "id": "bigint", "order_no": "text", "amount": "%s",
                           "ordered_at": "TIMESTAMP (3) WITH TIME ZONE" } } },
          "hubs": { "hub_order": { "hashKey": "order_hk", "businessKey": ["order_no"],
                                   "sources": { "orders": ["order_no"] } } },
          "satellites": { "sat_order": { "parent": "hub_order", "source": "orders" } } }
        """
        .formatted(amountType.replace("\"", "\\\""));
  }

  @Test
  void rejectsTheInjectionExampleWithItsPathAndTheValidForms() {
    assertThatThrownBy(() -> ModelLoader.parse(model(INJECTION), "shop.json"))
        .isInstanceOfSatisfying(
            ModelException.class,
            e ->
                assertThat(e.problems())
                    .singleElement()
                    .satisfies(
                        p -> {
                          assertThat(p.path()).isEqualTo("/sources/orders/columns/amount");
                          assertThat(p.message())
                              .startsWith(
                                  "'"
                                      + INJECTION
                                      + "' is not a column type vaultstream accepts; valid:")
                              .contains("numeric[(p[,s])]", "varchar[(n)]", "timestamptz[(p)]");
                        }));
  }

  @Test
  void rejectsTypesOutsideTheGrammarOrItsBounds() {
    for (String bad : new String[] {"numeric(5,6)", "varchar(0)", "text[]", "money"}) {
      assertThatThrownBy(() -> ModelLoader.parse(model(bad), "shop.json"))
          .as(bad)
          .isInstanceOf(ModelException.class)
          .hasMessageContaining("/sources/orders/columns/amount: '" + bad + "' is not a column");
    }
  }

  @Test
  void acceptsEveryValidFormWhateverItsCaseAndSpacing() {
    for (String ok : new String[] {"numeric(12,2)", "DECIMAL ( 12, 2 )", "double  precision"}) {
      assertThat(ModelLoader.parse(model(ok), "shop.json").sources().get("orders").columns())
          .containsEntry("amount", ok);
    }
  }
}
