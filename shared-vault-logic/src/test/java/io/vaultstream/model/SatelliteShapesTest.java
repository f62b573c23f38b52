package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import org.junit.jupiter.api.Test;

/** Satellites fed through a foreign key ({@code via}) and multi-active satellites. */
class SatelliteShapesTest {
  private static final String MODEL =
      """
      name: crm
      sources:
        customers: { topic: t.customers, primaryKey: [id], columns: [id, customer_no, name] }
        orders: { topic: t.orders, primaryKey: [id], columns: [id, customer_id, note] }
        customer_phones:
          topic: t.customer_phones
          primaryKey: [id]
          columns: { id: bigint, customer_id: bigint, phone_type: varchar(10), number: text }
          foreignKeys:
            customer: { columns: [customer_id], references: customers }
            order: { columns: [customer_id], references: orders }
      hubs:
        hub_customer: { hashKey: customer_hk, businessKey: [customer_no], sources: { customers: [customer_no] } }
      satellites:
        msat_phone:
          parent: hub_customer
          source: customer_phones
          via: customer
          multiActiveKey: [phone_type]
      """;

  @Test
  void readsViaAndTheMultiActiveKey() {
    VaultModel m = ModelLoader.parse(MODEL, "crm.yaml");
    Satellite s = m.satellites().get("msat_phone");
    assertThat(s.via()).isEqualTo("customer");
    assertThat(s.multiActiveKey()).containsExactly("phone_type");
    assertThat(s.multiActive()).isTrue();
    // The multi-active key is remembered in the key map (a delete carries only the primary key)
    // and is no attribute.
    assertThat(m.keyColumnsOf("customer_phones")).contains("customer_id", "phone_type");
    assertThat(m.defaultAttributesOf("customer_phones")).containsExactly("number");
  }

  @Test
  void theTableIsKeyedByParentLoadTimeAndMultiActiveKey() {
    VaultModel m = ModelLoader.parse(MODEL, "crm.yaml");
    TableSpec t =
        new VaultTables(
                m,
                Dialects.forUrl("jdbc:postgresql://localhost/x", null),
                new HashKeyCalculator(m.hashing()))
            .all()
            .get("msat_phone");
    assertThat(t.primaryKey()).containsExactly("customer_hk", "load_dts", "phone_type");
    assertThat(t.columns().stream().map(ColumnSpec::name))
        .containsExactly(
            "customer_hk",
            "phone_type",
            "load_dts",
            "record_source",
            "hash_diff",
            "delete_flag",
            "number",
            "loaded_at");
    assertThat(t.column("phone_type").notNull()).isTrue();
  }

  @Test
  void viaMustBeAForeignKeyReferencingASourceOfTheParentHub() {
    assertProblem(
        MODEL.replace("via: customer", "via: custmer"),
        "/satellites/msat_phone/via",
        "unknown foreign key 'custmer' of source 'customer_phones'; its foreign keys: customer,"
            + " order");
    assertProblem(
        MODEL.replace("via: customer", "via: order"),
        "/satellites/msat_phone/via",
        "foreign key 'order' references 'orders', which does not feed hub 'hub_customer'; it is"
            + " fed by customers");
    assertProblem(
        MODEL.replace("    via: customer\n", ""),
        "/satellites/msat_phone/source",
        "source 'customer_phones' does not feed hub 'hub_customer'; it is fed by customers (or"
            + " give 'via': a foreign key of 'customer_phones' that references one of them)");
  }

  @Test
  void theMultiActiveKeyNamesDistinctColumnsThatAreNoAttributes() {
    assertProblem(
        MODEL.replace("[phone_type]", "[phone_kind]"),
        "/satellites/msat_phone/multiActiveKey/0",
        "unknown column 'phone_kind' of source 'customer_phones'; its columns: id, customer_id,"
            + " phone_type, number");
    assertProblem(
        MODEL.replace("[phone_type]", "[phone_type, phone_type]"),
        "/satellites/msat_phone/multiActiveKey/1",
        "the column 'phone_type' is named twice");
    assertProblem(
        MODEL.replace(
            "multiActiveKey: [phone_type]",
            "multiActiveKey: [phone_type]\n    columns: [phone_type, number]"),
        "/satellites/msat_phone/multiActiveKey/0",
        "is in the multi-active key and cannot be an attribute too");
  }

  private static void assertProblem(String yaml, String path, String message) {
    assertThatThrownBy(() -> ModelLoader.parse(yaml, "crm.yaml"))
        .isInstanceOfSatisfying(
            ModelException.class,
            e ->
                assertThat(e.problems())
                    .anySatisfy(
                        p -> {
                          assertThat(p.path()).isEqualTo(path);
                          assertThat(p.message()).contains(message);
                        }));
  }
}
