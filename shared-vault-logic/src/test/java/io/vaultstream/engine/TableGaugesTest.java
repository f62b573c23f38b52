package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The table sizes a task shows: read on their own thread, the last read kept when one fails; the
 * cache figures at a slower pace.
 */
class TableGaugesTest {
  private final AtomicLong now = new AtomicLong(1_767_225_600_000L);

  @Test
  void theAgeOfTheOldestWaitingRowGrowsBetweenReads() {
    TableGauges g =
        new TableGauges(() -> new QueueSizes(3, 7, now.get() - 5_000), null, 0, now::get, "t-0");
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
    TableGauges g =
        new TableGauges(
            () -> {
              QueueSizes s = next.get();
              if (s == null) {
                throw new SQLException("connection refused", "08001");
              }
              return s;
            },
            null,
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
    try (TableGauges off =
        new TableGauges(
            () -> new QueueSizes(reads.incrementAndGet(), 0, 0), null, 0, now::get, "t-0")) {
      assertThat(off.readAt()).isZero();
    }
    assertThat(reads).hasValue(0);
    TableGauges on =
        new TableGauges(
            () -> new QueueSizes(reads.incrementAndGet(), 0, 0), null, 5, now::get, "t-1");
    Awaitility.await("three reads").atMost(Duration.ofSeconds(10)).until(() -> reads.get() >= 3);
    on.close();
    int after = reads.get();
    Awaitility.await("no read after close")
        .during(Duration.ofMillis(100))
        .atMost(Duration.ofSeconds(2))
        .until(() -> reads.get() <= after + 1);
  }

  @Test
  void theCacheFiguresAreReadEveryTenMinutesAtMostAndKeptWhenAReadFails() {
    AtomicInteger cacheReads = new AtomicInteger();
    AtomicReference<CacheSizes> next = new AtomicReference<>(new CacheSizes(128L << 20, 96L << 20));
    TableGauges g =
        new TableGauges(
            () -> new QueueSizes(0, 0, 0),
            () -> {
              cacheReads.incrementAndGet();
              CacheSizes s = next.get();
              if (s == null) {
                throw new SQLException("canceling statement due to statement timeout", "57014");
              }
              return s;
            },
            0,
            now::get,
            "t-0");
    assertThat(g.cacheSizes()).isEqualTo(new CacheSizes(0, 0));
    assertThat(g.cacheReadAt()).isZero();
    g.read();
    assertThat(g.cacheSizes()).isEqualTo(new CacheSizes(128L << 20, 96L << 20));
    assertThat(g.cacheSizes().outgrown()).isFalse();
    long first = now.get();
    assertThat(g.cacheReadAt()).isEqualTo(first);

    next.set(new CacheSizes(128L << 20, 300L << 20));
    now.addAndGet(TableGauges.CACHE_EVERY_MS - 1);
    g.read();
    assertThat(cacheReads).hasValue(1);
    assertThat(g.cacheSizes().outgrown()).isFalse();

    now.addAndGet(1);
    g.read();
    assertThat(cacheReads).hasValue(2);
    assertThat(g.cacheSizes().outgrown()).isTrue();
    assertThat(g.cacheReadAt()).isEqualTo(now.get());

    long second = now.get();
    next.set(null);
    now.addAndGet(TableGauges.CACHE_EVERY_MS);
    g.read();
    assertThat(cacheReads).hasValue(3);
    assertThat(g.cacheSizes()).isEqualTo(new CacheSizes(128L << 20, 300L << 20));
    assertThat(g.cacheReadAt()).isEqualTo(second);
    // A failed read (it may have held a pooled connection until its timeout) is tried again
    // ten minutes later, not at the next read of the queue tables.
    next.set(new CacheSizes(1L << 30, 300L << 20));
    now.addAndGet(30_000);
    g.read();
    assertThat(cacheReads).hasValue(3);
    now.addAndGet(TableGauges.CACHE_EVERY_MS - 30_000);
    g.read();
    assertThat(cacheReads).hasValue(4);
    assertThat(g.cacheSizes().outgrown()).isFalse();
    assertThat(g.cacheReadAt()).isEqualTo(now.get());
  }

  @Test
  void noFiguresShowAsZeroAndAreAskedForAgainAtTheNextInterval() {
    AtomicReference<CacheSizes> next =
        new AtomicReference<>(new CacheSizes(128L << 20, 300L << 20));
    TableGauges g = new TableGauges(() -> new QueueSizes(0, 0, 0), next::get, 0, now::get, "t-0");
    g.read();
    assertThat(g.cacheSizes().outgrown()).isTrue();
    // The schema was dropped, or the database no longer tells: no stale figure stays on show.
    next.set(null);
    now.addAndGet(TableGauges.CACHE_EVERY_MS);
    g.read();
    assertThat(g.cacheSizes()).isEqualTo(new CacheSizes(0, 0));
    assertThat(g.cacheReadAt()).isEqualTo(now.get());
    next.set(new CacheSizes(1L << 30, 300L << 20));
    now.addAndGet(TableGauges.CACHE_EVERY_MS);
    g.read();
    assertThat(g.cacheSizes()).isEqualTo(new CacheSizes(1L << 30, 300L << 20));
  }

  @Test
  void aClosedGaugeReadsNoCacheFigures() {
    AtomicInteger cacheReads = new AtomicInteger();
    TableGauges g =
        new TableGauges(
            () -> new QueueSizes(0, 0, 0),
            () -> {
              cacheReads.incrementAndGet();
              return new CacheSizes(1, 1);
            },
            0,
            now::get,
            "t-0");
    g.close();
    g.read();
    assertThat(cacheReads).hasValue(0);
  }
}
