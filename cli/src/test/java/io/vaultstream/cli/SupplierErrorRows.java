package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.BadRecord;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Two error rows of the shop vault, a customer without its business key and a record of a suppliers
 * topic the shop model does not know, and the model that learns the suppliers, so that retrying
 * loads that record.
 */
final class SupplierErrorRows {
  private SupplierErrorRows() {}

  /** Loads the two error rows into the vault of {@code options}. */
  static void load(VaultOptions options) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    EventFactory ev = new EventFactory(shop);
    byte[] supplier =
        "{\"op\":\"c\",\"after\":{\"id\":1,\"supplier_no\":\"S1\"},\"source\":{\"ts_us\":1}}"
            .getBytes(StandardCharsets.UTF_8);
    try (VaultLoader loader = VaultLoader.open(shop, options)) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", null, "name", "x"))),
          List.of(
              new BadRecord(
                  "shop.public.suppliers",
                  0,
                  5,
                  null,
                  supplier,
                  "topic 'shop.public.suppliers' is not a source of the model")));
    }
  }

  /** The shop model with a suppliers source and its hub, written into {@code dir}. */
  static Path modelWithSuppliers(Path dir) throws Exception {
    Path fixed = dir.resolve("model.json");
    Files.writeString(
        fixed,
        Files.readString(Samples.shopModel())
            .replaceFirst(
                "\"sources\": \\{",
                "\"sources\": {\n    \"suppliers\": { \"topic\": \"shop.public.suppliers\","
                    + " \"primaryKey\": [\"id\"] },")
            .replace(
                "\"hubs\": {",
                "\"hubs\": {\n    \"hub_supplier\": { \"hashKey\": \"supplier_hk\","
                    + " \"businessKey\": [\"supplier_no\"], \"sources\": { \"suppliers\":"
                    + " [\"supplier_no\"] } },"));
    return fixed;
  }
}
