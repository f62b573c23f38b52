package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The waiting table is vacuumed by the loader after many of its rows were deleted, so a server that
 * does not vacuum it does not keep the space of every row that ever waited.
 */
class QueueTableUpkeepIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void waitingTableIsVacuumedAfterManyRowsLeaveIt() throws Exception {
    String schema = TestDatabase.newSchema();
    // Autovacuum must not be the one who vacuums it here.
    EventFactory ev = new EventFactory(SHOP);
    int n = (int) QueueTableUpkeep.EVERY_DELETED_ROWS + 500;
    try (VaultLoader loader = VaultLoader.open(SHOP, TestDatabase.options(schema).build())) {
      TestDatabase.execute(
          "ALTER TABLE " + schema + ".vs_waiting SET (autovacuum_enabled = false)",
          "ALTER TABLE " + schema + ".vs_errors SET (autovacuum_enabled = false)");
      List<ChangeEvent> orders = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        orders.add(ev.order(at(10 + i), 1_000_000 + i, "O" + i, 7L)); // customer 7 comes later
      }
      assertThat(loader.load(orders).waiting()).isEqualTo(n);
      assertThat(vacuums(schema)).isZero();
      LoadResult r = loader.load(List.of(ev.customer("c", at(1), 7, "C7")));
      assertThat(r.resolved()).isEqualTo(n);
    }
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> vacuums(schema) >= 1);
  }

  private static long vacuums(String schema) throws Exception {
    return Long.parseLong(
        TestDatabase.value(
            "SELECT vacuum_count FROM pg_stat_user_tables WHERE schemaname = '"
                + schema
                + "' AND relname = 'vs_waiting'"));
  }
}
