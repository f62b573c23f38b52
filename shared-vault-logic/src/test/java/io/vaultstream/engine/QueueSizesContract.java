package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The queue tables' sizes the gauges show: what waits, since when, and what the error table holds,
 * as the rows move from waiting to the error table and back out of it.
 */
abstract class QueueSizesContract extends ShopReferencesBase {
  private static final long START = Instant.parse("2026-06-01T12:00:00Z").toEpochMilli();

  @Test
  void sizesFollowTheRowsFromWaitingToTheErrorTableAndOut() throws Exception {
    VaultLoader loader = open();
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(0, 0, 0));

    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(30));
    loader.load(List.of(order(2, 6)));
    // Two wait; the oldest arrived with the first batch.
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(2, 0, START));

    clock.advance(Duration.ofSeconds(100));
    loader.load(List.of());
    // The first passed the watermark (120 s) and is an error row; the second still waits.
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(1, 1, START + 30_000));

    clock.advance(Duration.ofSeconds(30));
    loader.load(List.of(customer(5, "C5")));
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(0, 1, 0));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");

    loader.load(List.of(customer(6, "C6")));
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(0, 0, 0));
  }

  @Test
  void rowsLinkedToTheUnknownGhostDoNotCountAsWaiting() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    assertThat(rows("SELECT state FROM $s.vs_waiting")).containsExactly("UNKNOWN");
    assertThat(loader.queueSizes()).isEqualTo(new QueueSizes(0, 0, 0));
  }
}
