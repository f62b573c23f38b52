package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Names that collide with what the loader names itself (its vs_ tables, the technical columns, a
 * parent's hash key) passed validation and failed at the first CREATE TABLE or load.
 */
class NameCollisionTest {

  private static String model(String naming, String hubs, String more) {
    return """
        { "name": "shop", %s
          "sources": {
            "customers": { "topic": "t.customers", "primaryKey": ["id"],
                           "columns": { "id": "bigint", "customer_no": "text", "name": "text",
                                        "customer_hk": "text", "record_source": "text" } },
            "orders": { "topic": "t.orders", "primaryKey": ["id"],
                        "foreignKeys": { "customer": { "columns": ["customer_id"], "references": "customers" } } },
            "status": { "topic": "t.status", "primaryKey": ["code"] } },
          "hubs": { %s },
          %s }
        """
        .formatted(naming, hubs, more);
  }

  private static final String HUBS =
      """
      "hub_customer": { "hashKey": "customer_hk", "businessKey": ["customer_no"], "sources": { "customers": ["customer_no"] } },
      "hub_order": { "hashKey": "order_hk", "businessKey": ["id"], "sources": { "orders": ["id"] } }
      """;

  private static List<ModelProblem> problems(String json) {
    ModelException e =
        catchThrowableOfType(() -> ModelLoader.parse(json, "shop.json"), ModelException.class);
    assertThat(e).as("the model is refused").isNotNull();
    return e.problems();
  }

  private static ModelProblem at(List<ModelProblem> problems, String path) {
    return problems.stream()
        .filter(p -> p.path().equals(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no problem at " + path + " in " + problems));
  }

  @Test
  void tableNamesOfTheLoaderAndItsPrefixAreReserved() {
    List<ModelProblem> p =
        problems(
            model(
                "",
                HUBS
                    + ", \"vs_errors\": { \"hashKey\": \"e_hk\", \"businessKey\": [\"id\"],"
                    + " \"sources\": { \"orders\": [\"id\"] } }",
                """
                "links": { "VS_Key_Map": { "hashKey": "oc_hk", "source": "orders",
                                           "hubs": [ { "hub": "hub_order" }, { "hub": "hub_customer", "via": "customer" } ] } },
                "satellites": { "vs_waiting": { "parent": "hub_order", "source": "orders", "columns": ["total"] } },
                "referenceTables": { "vs_progress": { "source": "status", "code": ["code"] } }
                """));
    assertThat(at(p, "/hubs/vs_errors").message())
        .isEqualTo(
            "the table name 'vs_errors' is reserved: names starting with 'vs_' belong to the"
                + " loader's own tables (vs_key_map, vs_waiting, vs_errors, vs_progress); use"
                + " another prefix, such as hub_, lnk_, sat_ or ref_");
    assertThat(at(p, "/links/VS_Key_Map").message()).contains("is reserved");
    assertThat(at(p, "/satellites/vs_waiting").message()).contains("is reserved");
    assertThat(at(p, "/referenceTables/vs_progress").message()).contains("is reserved");
  }

  @Test
  void satelliteColumnsMustNotBeTechnicalColumnsOrTheParentsHashKey() {
    List<ModelProblem> p =
        problems(
            model(
                "",
                HUBS,
                """
                "satellites": {
                  "sat_order": { "parent": "hub_order", "source": "orders",
                                    "columns": ["total", "load_dts", "order_hk", "total"] },
                  "sat_customer_all": { "parent": "hub_customer", "source": "customers" } }
                """));
    assertThat(at(p, "/satellites/sat_order/columns/1").message())
        .isEqualTo(
            "the column 'load_dts' of vault table 'sat_order' is already its technical column"
                + " (naming.loadDts); leave it out or give it another name, or give the technical"
                + " column another name in \"naming\" (e.g. \"loadDts\": \"dv_load_dts\")");
    assertThat(at(p, "/satellites/sat_order/columns/2").message())
        .startsWith(
            "the column 'order_hk' of vault table 'sat_order' is already the hash key of"
                + " its parent 'hub_order'");
    assertThat(at(p, "/satellites/sat_order/columns/3").message())
        .startsWith(
            "the column 'total' of vault table 'sat_order' is already one of its attribute"
                + " columns");
    // Without "columns" it takes customer_hk and record_source from the source's columns.
    assertThat(p.stream().filter(x -> x.path().equals("/satellites/sat_customer_all")))
        .extracting(ModelProblem::message)
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith("the column 'customer_hk' of vault table 'sat_customer_all'")
                    .contains("it lists no \"columns\", so it takes every non-key column of"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith(
                        "the column 'record_source' of vault table 'sat_customer_all' is already"
                            + " its technical column (naming.recordSource)"));
    assertThat(p).hasSize(5);
  }

  @Test
  void namingOverridesAreTheTechnicalColumnsThen() {
    String naming = "\"naming\": { \"loadDts\": \"valid_from\", \"hashDiff\": \"valid_from\" },";
    List<ModelProblem> p =
        problems(
            model(
                naming,
                HUBS,
                """
                "satellites": { "sat_order": { "parent": "hub_order", "source": "orders",
                                                  "columns": ["total", "load_dts", "valid_from"] } }
                """));
    assertThat(at(p, "/naming").message()).contains("two of them share one");
    assertThat(at(p, "/satellites/sat_order/columns/2").message())
        .contains("is already its technical column (naming.loadDts)");
    assertThat(p).extracting(ModelProblem::path).doesNotContain("/satellites/sat_order/columns/1");
  }

  @Test
  void referenceTablesLinksAndHubsToo() {
    List<ModelProblem> p =
        problems(
            model(
                "",
                HUBS
                    + ", \"hub_x\": { \"hashKey\": \"loaded_at\", \"businessKey\": [\"id\"],"
                    + " \"sources\": { \"orders\": [\"id\"] } }",
                """
                "nonHistorizedLinks": { "nhl_order": { "hashKey": "nhl_hk", "source": "orders",
                    "hubs": [ { "hub": "hub_order" } ], "columns": ["total", "order_hk", "record_source"] } },
                "referenceTables": { "ref_status": { "source": "status", "code": ["code"],
                                                     "columns": ["label", "hash_diff", "code"] } }
                """));
    assertThat(at(p, "/hubs/hub_x/hashKey").message())
        .contains("is already its technical column (naming.loadedAt)");
    assertThat(at(p, "/nonHistorizedLinks/nhl_order/columns/1").message())
        .contains("'order_hk' of vault table 'nhl_order' is already a joined hub's hash key");
    assertThat(at(p, "/nonHistorizedLinks/nhl_order/columns/2").message())
        .contains("is already its technical column (naming.recordSource)");
    assertThat(at(p, "/referenceTables/ref_status/columns/1").message())
        .contains("is already its technical column (naming.hashDiff)");
    assertThat(at(p, "/referenceTables/ref_status/columns/2").message())
        .contains("'code' of vault table 'ref_status' is already a code column");
    assertThat(p).hasSize(5);
  }

  @Test
  void columnNamesAreComparedWithoutCaseAndDeclaredSourceColumnsMustBeIdentifiers() {
    String json =
        """
        { "name": "c",
          "sources": {
            "customers": { "topic": "t.customers", "primaryKey": ["id"],
                           "columns": { "id": "bigint", "customer_no": "text", "Name": "text",
                                        "name": "text", "Load_Dts": "text", "bad name": "text" } } },
          "hubs": { "hub_customer": { "hashKey": "customer_hk", "businessKey": ["customer_no"],
                                      "sources": { "customers": ["customer_no"] } } },
          "satellites": { "sat_customer": { "parent": "hub_customer", "source": "customers" },
                          "sat_listed": { "parent": "hub_customer", "source": "customers",
                                          "columns": ["name", "Name"] } } }
        """;
    List<ModelProblem> p = problems(json);
    assertThat(at(p, "/sources/customers/columns/bad name").message())
        .contains("'bad name' is not a legal identifier");
    assertThat(at(p, "/satellites/sat_listed/columns/1").message())
        .contains("the column 'Name' of vault table 'sat_listed' is already one of its attribute");
    assertThat(p)
        .anySatisfy(
            x ->
                assertThat(x.message())
                    .contains("the column 'name' of vault table 'sat_customer' is already"));
    assertThat(p)
        .anySatisfy(
            x ->
                assertThat(x.message())
                    .contains(
                        "the column 'Load_Dts' of vault table 'sat_customer' is already its"
                            + " technical column (naming.loadDts)"));
  }

  @Test
  void aTopicMustBeAKafkaTopicName() {
    String json =
        """
        { "name": "c",
          "sources": { "customers": { "topic": "t.customers,t.orders", "primaryKey": ["id"] } },
          "hubs": { "hub_customer": { "hashKey": "customer_hk", "businessKey": ["id"],
                                      "sources": { "customers": ["id"] } } } }
        """;
    assertThat(at(problems(json), "/sources/customers/topic").message())
        .isEqualTo(
            "'t.customers,t.orders' is not a Kafka topic name: 1 to 249 ASCII letters, digits,"
                + " '.', '_' or '-' (and not '.' or '..')");
  }
}
