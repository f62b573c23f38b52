package io.vaultstream.spark.lake;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

/**
 * A model that changes while the vault lives, on Delta: the products' declared columns gain one
 * ({@code stock}) and widen another ({@code price}, from {@code numeric(10,2)} to {@code
 * numeric(12,2)}). With auto-evolve off the job refuses to start, naming the statements; with it
 * on, the columns are added and widened in place, and a price that only the wider type holds loads.
 * A type changed to another kind is refused at start, naming the column.
 */
class LakeMigrationIT extends LakeSessionTests {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Where the test's vault {@code name} is kept: Delta tables under the test's directory. */
  LakeLocation location(String name) {
    return new LakeLocation.Path(dir.resolve(name).toString());
  }

  /** The shop's model with the products' declared columns. */
  private static VaultModel shop(String name, Map<String, String> productColumns) throws Exception {
    ObjectNode m = (ObjectNode) JSON.readTree(Samples.shopModel().toFile());
    ObjectNode products = (ObjectNode) m.path("sources").path("products");
    products.set("columns", JSON.valueToTree(productColumns));
    Path file = dir.resolve(name + ".json");
    Files.writeString(file, JSON.writeValueAsString(m));
    return ModelLoader.load(file);
  }

  private static Map<String, String> products(String price, boolean stock) {
    Map<String, String> c = new java.util.LinkedHashMap<>();
    c.put("id", "integer");
    c.put("sku", "text");
    c.put("name", "text");
    c.put("price", price);
    if (stock) {
      c.put("stock", "integer");
    }
    return c;
  }

  private static VaultOptions options(boolean autoEvolve) {
    return VaultOptions.builder().outsideADatabase().autoEvolve(autoEvolve).build();
  }

  @Test
  void aWidenedOrAddedColumnIsAppliedAtStartAndAnotherKindIsRefused() throws Exception {
    LakeLocation at = location("changes");
    VaultModel before = shop("before", products("numeric(10,2)", false));
    LakeVault.createTables(spark, before, at, false);
    assertThat(types(at)).containsEntry("price", "DECIMAL(10,2)").doesNotContainKey("stock");
    // An unchanged model changes nothing, auto-evolve or not.
    assertThat(LakeVault.createTables(spark, before, at, false))
        .noneMatch(s -> s.startsWith("ALTER"));

    VaultModel after = shop("after", products("numeric(12,2)", true));
    assertThatThrownBy(() -> LakeVault.createTables(spark, after, at, false))
        .hasMessageContaining("do not match the model and auto-evolve is off")
        .hasMessageContaining(at.table("sat_product") + " ADD COLUMNS (`stock` INT)")
        .hasMessageContaining("ALTER COLUMN `price` TYPE DECIMAL(12,2)");
    assertThat(types(at)).containsEntry("price", "DECIMAL(10,2)").doesNotContainKey("stock");

    LakeVault.createTables(spark, after, at, true);
    assertThat(types(at)).containsEntry("price", "DECIMAL(12,2)").containsEntry("stock", "INT");
    assertAPriceOnlyTheWiderColumnHoldsLoads(after, at);

    VaultModel otherKind = shop("other", products("boolean", true));
    assertThatThrownBy(() -> LakeVault.createTables(spark, otherKind, at, true))
        .hasMessageContaining("The column price of the")
        .hasMessageContaining("is DECIMAL(12,2) and the model declares BOOLEAN");
    assertThat(types(at)).containsEntry("price", "DECIMAL(12,2)");
  }

  /** A price with ten digits before the point, which only the wider column holds, loads. */
  private static void assertAPriceOnlyTheWiderColumnHoldsLoads(VaultModel after, LakeLocation at)
      throws Exception {
    LakeVault lake = new LakeVault(spark, after, options(true), at, "migration-it");
    EventFactory f = new EventFactory(after);
    LoadResult r =
        lake.load(
            0,
            List.of(
                f.event(
                    "products",
                    "c",
                    at(1),
                    row(
                        "id",
                        1L,
                        "sku",
                        "P-1",
                        "name",
                        "Lamp",
                        "price",
                        "1234567890.25",
                        "stock",
                        4))),
            List.of(),
            null);
    assertThat(r.errors()).isZero();
    Row stored =
        spark
            .sql(
                "SELECT CAST(price AS STRING), stock FROM "
                    + at.table("sat_product")
                    + " WHERE record_source <> 'SYSTEM'")
            .first();
    assertThat(stored.getString(0)).isEqualTo("1234567890.25");
    assertThat(stored.getInt(1)).isEqualTo(4);
  }

  @Test
  void aKeyColumnTheTableLacksIsRefused() throws Exception {
    LakeLocation at = location("keys");
    VaultModel shop = shop("keys", products("numeric(10,2)", false));
    at.prepare().forEach(spark::sql);
    String hub = at.table("hub_product");
    // A hub whose key the model changed: here, a table of that name without its hash key.
    spark.sql("CREATE TABLE " + hub + " (other STRING)" + at.format().tableClause(List.of()));
    String key = "product_hk";
    assertThatThrownBy(() -> LakeVault.createTables(spark, shop, at, true))
        .hasMessageContaining("The column " + key + " of the")
        .hasMessageContaining("keys cannot be changed in place");
  }

  private Map<String, String> types(LakeLocation at) {
    Map<String, String> out = new TreeMap<>();
    for (StructField f : spark.table(at.table("sat_product")).schema().fields()) {
      out.put(f.name(), f.dataType().sql());
    }
    return out;
  }
}
