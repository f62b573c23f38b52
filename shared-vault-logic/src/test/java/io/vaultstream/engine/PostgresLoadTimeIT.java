package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On PostgreSQL the rows of a batch reach the vault by two routes: upserts, whose load time is the
 * server's {@code now()}, and {@code COPY}, which sends the transaction's time read once per
 * transaction. Every row a batch adds carries its transaction's time whichever route it took, and
 * the next batch's rows carry the next transaction's.
 */
class PostgresLoadTimeIT extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  @Test
  void everyRowOfABatchCarriesItsTransactionsTimeWhicheverWayItWasWritten() throws Exception {
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    EventFactory ev = new EventFactory(SHOP);
    // The first batch upserts its hub and link keys and copies its satellite versions.
    loader.load(
        List.of(ev.customer("c", at(1_000), 1, "C1", "A"), ev.order(at(1_001), 1, "O1", 1L)));
    // The second copies its new keys and its versions, and upserts the customer's known key.
    loader.load(
        List.of(ev.customer("u", at(2_000), 1, "C1", "B"), ev.order(at(2_001), 2, "O2", 1L)));

    String first = value("SELECT loaded_at::text FROM $s.hub_customer WHERE customer_no = 'C1'");
    String second = value("SELECT loaded_at::text FROM $s.hub_order WHERE order_no = 'O2'");
    assertThat(second).isNotEqualTo(first);
    assertThat(loadTimes("O1", "A")).as("the first batch's rows").hasSize(4).containsOnly(first);
    assertThat(loadTimes("O2", "B")).as("the second batch's rows").hasSize(4).containsOnly(second);
  }

  /** The load times of the rows one batch added: its order's, and the customer version named. */
  private List<String> loadTimes(String orderNo, String customerName) throws Exception {
    String order = "JOIN $s.hub_order h USING (order_hk) WHERE h.order_no = '" + orderNo + "'";
    return rows(
        "SELECT h.loaded_at::text FROM $s.hub_order h WHERE h.order_no = '"
            + orderNo
            + "' UNION ALL SELECT s.loaded_at::text FROM $s.sat_order s "
            + order
            + " UNION ALL SELECT l.loaded_at::text FROM $s.lnk_order_customer l "
            + order
            + " UNION ALL SELECT loaded_at::text FROM $s.sat_customer WHERE name = '"
            + customerName
            + "'");
  }
}
