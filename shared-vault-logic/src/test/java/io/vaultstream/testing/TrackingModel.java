package io.vaultstream.testing;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/**
 * The shop example model with an effectivity satellite on the order-customer link (driven by the
 * order) and status satellites of the customer and order hubs.
 */
public final class TrackingModel {
  /** The objects added to the shop model, as model JSON members. */
  public static final String OBJECTS =
      """
      "effectivitySatellites": {
        "eff_order_customer": { "link": "lnk_order_customer", "drivingKey": ["hub_order"] }
      },
      "statusSatellites": {
        "sts_customer": { "parent": "hub_customer", "source": "customers" },
        "sts_order": { "parent": "hub_order", "source": "orders" }
      },
      """;

  private TrackingModel() {}

  /** The model's JSON text. */
  public static String json() {
    try {
      String shop = Files.readString(Samples.shopModel());
      String marker = "\"referenceTables\"";
      int at = shop.indexOf(marker);
      return shop.substring(0, at) + OBJECTS + shop.substring(at);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The model. */
  public static VaultModel model() {
    return ModelLoader.parse(json(), "shop-tracking");
  }
}
