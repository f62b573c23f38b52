package io.vaultstream.plan;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Hub;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hub keys one batch computed, by their hash input (the hub's collision code, then its business
 * key values): a batch repeats business keys (a customer's orders, an order's lines), and each is
 * hashed once. A hash key depends on its hash input alone, so hubs that share a collision code
 * share their entries.
 */
final class HubKeys {
  private final HashKeyCalculator hasher;
  private final Map<List<String>, String> known = new HashMap<>();

  HubKeys(HashKeyCalculator hasher) {
    this.hasher = hasher;
  }

  /**
   * A hub's hash key, or null when the profile loads no row for the business key: every value NULL,
   * or only blanks, which a profile that trims and turns empty text into NULL takes as NULL.
   */
  String of(Hub hub, List<String> bk) {
    List<String> in = bk;
    if (hub.collisionCode() != null) {
      in = new ArrayList<>(bk.size() + 1);
      in.add(hub.collisionCode());
      in.addAll(bk);
    }
    String hk = known.get(in);
    if (hk == null && !known.containsKey(in)) {
      hk = hasher.hashKey(in);
      known.put(new ArrayList<>(in), hk);
    }
    return hk;
  }
}
