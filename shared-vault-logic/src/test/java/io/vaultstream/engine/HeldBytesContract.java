package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import io.vaultstream.waiting.WaitingHeldSize;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Events held in memory are bounded by their estimated bytes as well as by their number: large
 * events that wait become waiting rows once the held ones fill the bytes allowed.
 */
abstract class HeldBytesContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void heldEventsStopAtTheBytesAllowedAndTheRestBecomeWaitingRows() throws Exception {
    EventFactory ev = new EventFactory(SHOP);
    String big = "x".repeat(100_000);
    List<ChangeEvent> orders = new ArrayList<>();
    for (long id = 1; id <= 10; id++) {
      orders.add(
          ev.event(
              "orders",
              "c",
              at(id),
              row("id", id, "order_no", "O" + id, "customer_id", id, "status", big)));
    }
    long each = WaitingHeldSize.of(orders.get(0));
    assertThat(each).isGreaterThan(2 * 200_000); // the row's text, twice (the raw record)
    schema = newSchema();
    try (VaultLoader loader =
        VaultLoader.open(
            SHOP,
            db().options(schema)
                .holdWaitsMs(5_000)
                .holdWaitsMaxEvents(1_000)
                .holdWaitsMaxBytes(3 * each + each / 2)
                .build(),
            new TestClock(Instant.parse("2026-06-01T12:00:00Z")))) {
      LoadResult r = loader.load(orders);
      assertThat(r.held()).isEqualTo(3);
      assertThat(r.waiting()).isEqualTo(7);
      assertThat(value("SELECT count(*) FROM $s.vs_waiting")).isEqualTo("7");
      // The held ones are the earliest: the stored position could not pass them anyway.
      assertThat(rows("SELECT kafka_offset FROM $s.vs_waiting ORDER BY kafka_offset"))
          .containsExactly("3", "4", "5", "6", "7", "8", "9");
    }
  }
}
