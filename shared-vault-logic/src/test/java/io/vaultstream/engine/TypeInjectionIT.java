package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelException;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A declared column type that carries SQL (it dropped a table outside the vault with auto-create)
 * is refused by validation, and by the dialect when a model bypassed validation: the table
 * survives, and no vault table is created.
 */
class TypeInjectionIT {

  private static String injection(String victimSchema) {
    // Completes the satellite (so its ghost records load), drops the victim, and opens a table
    // that the rest of the generated CREATE TABLE completes: every statement runs and commits.
    return "text, loaded_at timestamptz, PRIMARY KEY (customer_hk, load_dts)); DROP TABLE "
        + victimSchema
        + ".victim; CREATE TABLE "
        + victimSchema
        + ".decoy (customer_hk text, load_dts text, x text";
  }

  private static final String MODEL =
      """
      { "name": "inj",
        "sources": { "customers": { "topic": "t.customers", "primaryKey": ["id"],
            "columns": { "id": "bigint", "customer_no": "text", "name": "%s" } } },
        "hubs": { "hub_customer": { "hashKey": "customer_hk", "businessKey": ["customer_no"],
                                    "sources": { "customers": ["customer_no"] } } },
        "satellites": { "sat_customer": { "parent": "hub_customer", "source": "customers",
                                          "columns": ["name"] } } }
      """;

  @Test
  void validationRefusesTheModelAndTheVictimSurvives() throws Exception {
    String victim = TestDatabase.newSchema();
    String vault = TestDatabase.newSchema();
    TestDatabase.execute("CREATE TABLE " + victim + ".victim (id int)");
    assertThatThrownBy(
            () -> {
              VaultModel m = ModelLoader.parse(MODEL.formatted(injection(victim)), "inj.json");
              VaultLoader.open(m, TestDatabase.options(vault).build()).close();
            })
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("/sources/customers/columns/name: 'text, loaded_at timestamptz");
    assertThat(tables(victim)).isEqualTo("victim");
    assertThat(tables(vault)).isEqualTo("0");
  }

  @Test
  void theDialectRefusesAModelThatBypassedValidation() throws Exception {
    String victim = TestDatabase.newSchema();
    String vault = TestDatabase.newSchema();
    TestDatabase.execute("CREATE TABLE " + victim + ".victim (id int)");
    VaultModel valid = ModelLoader.parse(MODEL.formatted("text"), "inj.json");
    SourceTable s = valid.sources().get("customers");
    Map<String, String> cols = new LinkedHashMap<>(s.columns());
    cols.put("name", injection(victim));
    Map<String, SourceTable> sources =
        Map.of(
            "customers",
            new SourceTable(s.name(), s.topic(), s.primaryKey(), s.foreignKeys(), cols));
    VaultModel bypassed =
        new VaultModel(
            valid.name(),
            valid.recordSource(),
            valid.hashing(),
            valid.naming(),
            sources,
            valid.hubs(),
            valid.links(),
            valid.satellites(),
            valid.referenceTables());
    assertThatThrownBy(
            () -> VaultLoader.open(bypassed, TestDatabase.options(vault).build()).close())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("The column type 'text, loaded_at timestamptz");
    assertThat(tables(victim)).isEqualTo("victim");
    assertThat(tables(vault)).isEqualTo("0");
  }

  private static String tables(String schema) throws Exception {
    return TestDatabase.value(
        "SELECT coalesce(string_agg(table_name, ',' ORDER BY table_name), '0')"
            + " FROM information_schema.tables WHERE table_schema = '"
            + schema
            + "'");
  }
}
