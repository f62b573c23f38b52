package io.vaultstream.write;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A batch's satellite rows reach the database in key order, whatever order their events came in: in
 * a table that only grew, the order rows were inserted in is the order of their places in the heap,
 * which PostgreSQL shows as {@code ctid}.
 */
class KeyOrderIT {
  private static final int CUSTOMERS = 300;

  @Test
  void aBatchInsertsItsSatelliteRowsInKeyOrder() throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    EventFactory ev = new EventFactory(shop);
    String schema = TestDatabase.newSchema();
    List<Long> ids = new ArrayList<>();
    for (long id = 1; id <= CUSTOMERS; id++) {
      ids.add(id);
    }
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      // First versions (keys with no history), then new versions of stored keys: both paths.
      Collections.shuffle(ids, new Random(41));
      loader.load(customers(ev, ids, "c", 10_000, "first"));
      Collections.shuffle(ids, new Random(42));
      loader.load(customers(ev, ids, "u", 20_000, "second"));
    }
    for (String name : List.of("first", "second")) {
      List<String> inserted =
          TestDatabase.rows(
              "SELECT s.customer_hk FROM "
                  + schema
                  + ".sat_customer s WHERE s.name = '"
                  + name
                  + "' ORDER BY s.ctid");
      assertThat(inserted).as("the %s versions", name).hasSize(CUSTOMERS);
      List<String> sorted = new ArrayList<>(inserted);
      Collections.sort(sorted);
      assertThat(inserted).as("the %s versions in the order inserted", name).isEqualTo(sorted);
    }
  }

  private static List<ChangeEvent> customers(
      EventFactory ev, List<Long> ids, String op, long seconds, String name) {
    List<ChangeEvent> out = new ArrayList<>();
    for (long id : ids) {
      out.add(ev.customer(op, at(seconds + id), id, "C" + id, name));
    }
    return out;
  }
}
