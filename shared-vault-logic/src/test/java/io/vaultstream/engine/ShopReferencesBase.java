package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/** The shop vault with a test clock, and orders whose customers come later or never. */
abstract class ShopReferencesBase extends DatabaseContract {
  static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  final TestClock clock = new TestClock(Instant.parse("2026-06-01T12:00:00Z"));
  final EventFactory ev = new EventFactory(SHOP);

  VaultLoader open(VaultOptions.ExpiredReferences expired) throws Exception {
    schema = newSchema();
    return track(
        VaultLoader.open(
            SHOP,
            db().options(schema).expiredReferences(expired).sweepIntervalMs(0).build(),
            clock));
  }

  VaultLoader open() throws Exception {
    return open(VaultOptions.ExpiredReferences.UNKNOWN);
  }

  ChangeEvent customer(long id, String no) {
    return ev.customer("c", at(id), id, no);
  }

  ChangeEvent order(long id, long customerId) {
    return ev.order(at(1000 + id), id, "O" + id, customerId);
  }

  List<String> links() throws SQLException {
    return rows(
        "SELECT order_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM' ORDER BY 1, 2");
  }
}
