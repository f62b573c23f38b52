package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The table sizes a task shows: read on their own thread, the last read kept when one fails. */
class QueueGaugesTest {
  private final AtomicLong now = new AtomicLong(1_767_225_600_000L);

  @Test
  void theAgeOfTheOldestWaitingRowGrowsBetweenReads() {
    QueueGauges g =
        new QueueGauges(() -> new QueueSizes(3, 7, now.get() - 5_000), 0, now::get, "t-0");
    assertThat(g.sizes()).isEqualTo(new QueueSizes(0, 0, 0));
    assertThat(g.readAt()).isZero();
    assertThat(g.oldestWaitingAgeMillis()).isZero();
    g.read();
    assertThat(g.sizes().waitingRows()).isEqualTo(3);
    assertThat(g.sizes().errorRows()).isEqualTo(7);
    assertThat(g.readAt()).isEqualTo(now.get());
    assertThat(g.oldestWaitingAgeMillis()).isEqualTo(5_000);
    now.addAndGet(60_000);
    assertThat(g.oldestWaitingAgeMillis()).isEqualTo(65_000);
  }

  @Test
  void aFailedReadKeepsTheLastSizesAndTheirTime() {
    AtomicReference<QueueSizes> next = new AtomicReference<>(new QueueSizes(1, 2, 0));
    QueueGauges g =
        new QueueGauges(
            () -> {
              QueueSizes s = next.get();
              if (s == null) {
                throw new SQLException("connection refused", "08001");
              }
              return s;
            },
            0,
            now::get,
            "t-0");
    g.read();
    long first = now.get();
    now.addAndGet(30_000);
    next.set(null);
    g.read();
    assertThat(g.sizes()).isEqualTo(new QueueSizes(1, 2, 0));
    assertThat(g.readAt()).isEqualTo(first);
    next.set(new QueueSizes(0, 4, 0));
    g.read();
    assertThat(g.sizes().errorRows()).isEqualTo(4);
    assertThat(g.readAt()).isEqualTo(now.get());
  }

  @Test
  void readsRepeatOnTheirOwnThreadUntilClosedAndNeverWithAnIntervalOfZero() {
    AtomicInteger reads = new AtomicInteger();
    try (QueueGauges off =
        new QueueGauges(() -> new QueueSizes(reads.incrementAndGet(), 0, 0), 0, now::get, "t-0")) {
      assertThat(off.readAt()).isZero();
    }
    assertThat(reads).hasValue(0);
    QueueGauges on =
        new QueueGauges(() -> new QueueSizes(reads.incrementAndGet(), 0, 0), 5, now::get, "t-1");
    Awaitility.await("three reads").atMost(Duration.ofSeconds(10)).until(() -> reads.get() >= 3);
    on.close();
    int after = reads.get();
    Awaitility.await("no read after close")
        .during(Duration.ofMillis(100))
        .atMost(Duration.ofSeconds(2))
        .until(() -> reads.get() <= after + 1);
  }
}
