package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Partitions paced by source time: the one ahead is paused until the slowest catches up, a quiet
 * partition holds nobody back, and no sequence of deliveries ever leaves every partition paused.
 */
class ReadPacingTest {
  private static final long SECOND_MICROS = 1_000_000L;
  private static final long MS = 1_000_000L; // nanoseconds
  private final ReadPacing<String> pacing = new ReadPacing<>(SECOND_MICROS, 1000 * MS);

  @Test
  void aPartitionAheadIsPausedUntilTheSlowestCatchesUpToHalfTheAllowance() {
    pacing.delivered("orders", 10 * SECOND_MICROS, 0);
    pacing.delivered("payments", 12 * SECOND_MICROS, 0);

    ReadPacing.Changes<String> first = pacing.pace(0);
    assertThat(first.pause()).containsExactly("payments");
    assertThat(first.resume()).isEmpty();
    assertThat(pacing.pausing()).isTrue();

    pacing.delivered("orders", 11 * SECOND_MICROS, 10 * MS);
    assertThat(pacing.pace(10 * MS).isEmpty())
        .as("1 s behind is within the allowance, but not within half of it: no flapping")
        .isTrue();

    pacing.delivered("orders", 11 * SECOND_MICROS + SECOND_MICROS / 2, 20 * MS);
    ReadPacing.Changes<String> caughtUp = pacing.pace(20 * MS);
    assertThat(caughtUp.resume()).containsExactly("payments");
    assertThat(caughtUp.pause()).isEmpty();
    assertThat(pacing.pausing()).isFalse();
  }

  @Test
  void partitionsWithinTheAllowanceAreLeftAlone() {
    pacing.delivered("orders", 10 * SECOND_MICROS, 0);
    pacing.delivered("order_lines", 10 * SECOND_MICROS + SECOND_MICROS, 0);
    pacing.delivered("customers", 10 * SECOND_MICROS + 5, 0);

    assertThat(pacing.pace(0).isEmpty()).isTrue();
  }

  @Test
  void aQuietPartitionHoldsNobodyBackAndThePausedResumeWhenNoneIsLeft() {
    pacing.delivered("orders", 10 * SECOND_MICROS, 0);
    pacing.delivered("payments", 20 * SECOND_MICROS, 0);
    assertThat(pacing.pace(0).pause()).containsExactly("payments");

    // orders delivers nothing for more than the idle time: it has caught up, or is quiet.
    ReadPacing.Changes<String> later = pacing.pace(1001 * MS);
    assertThat(later.resume()).containsExactly("payments");
    assertThat(pacing.pausing()).isFalse();

    // payments counts from its resumption: not idle at once, and ahead of nobody now.
    assertThat(pacing.pace(1500 * MS).isEmpty()).isTrue();
  }

  @Test
  void theSlowestOfThePartitionsStillDeliveringIsTheFloor() {
    pacing.delivered("status", 1 * SECOND_MICROS, 0); // an old, quiet topic
    pacing.delivered("orders", 10 * SECOND_MICROS, 0);
    pacing.delivered("payments", 10 * SECOND_MICROS + SECOND_MICROS / 2, 0);
    assertThat(pacing.pace(0).pause()).containsExactlyInAnyOrder("orders", "payments");
    assertThat(pacing.pace(1001 * MS).resume()).containsExactlyInAnyOrder("orders", "payments");

    pacing.delivered("orders", 11 * SECOND_MICROS, 1100 * MS);
    pacing.delivered("payments", 13 * SECOND_MICROS, 1100 * MS);
    assertThat(pacing.pace(1100 * MS).pause())
        .as("the status topic is quiet: orders is the floor now")
        .containsExactly("payments");
  }

  @Test
  void anAssignedPartitionThatHasNotDeliveredHoldsTheOthersUntilItDeliversOrIsIdle() {
    pacing.assigned("customers", 0);
    pacing.assigned("orders", 0);
    pacing.delivered("orders", 30 * SECOND_MICROS, 10 * MS);
    assertThat(pacing.pace(10 * MS).pause())
        .as("where customers starts is unknown: orders may be far ahead of it")
        .containsExactly("orders");

    pacing.delivered("customers", 1 * SECOND_MICROS, 20 * MS);
    assertThat(pacing.pace(20 * MS).isEmpty()).as("customers is 29 s behind").isTrue();
    pacing.delivered("customers", 29 * SECOND_MICROS + SECOND_MICROS / 2, 30 * MS);
    assertThat(pacing.pace(30 * MS).resume()).containsExactly("orders");
  }

  @Test
  void anAssignedPartitionThatDeliversNothingStopsHoldingAfterTheIdleTime() {
    pacing.assigned("empty", 0);
    pacing.delivered("orders", 30 * SECOND_MICROS, 0);
    assertThat(pacing.pace(0).pause()).containsExactly("orders");
    assertThat(pacing.pace(1001 * MS).resume()).containsExactly("orders");
  }

  @Test
  void aPartitionPausedLongerThanTheLimitIsReadAndNotPausedAgainForAsLong() {
    ReadPacing<String> limited = new ReadPacing<>(SECOND_MICROS, 1000 * MS, 60_000 * MS);
    limited.delivered("orders", 10 * SECOND_MICROS, 0);
    limited.delivered("clock-ahead", 3600 * SECOND_MICROS, 0);
    assertThat(limited.pace(0).pause()).containsExactly("clock-ahead");

    long t = 0;
    for (; t <= 60_000 * MS; t += 500 * MS) {
      limited.delivered("orders", 10 * SECOND_MICROS + t / 1000, t);
      assertThat(limited.pace(t).isEmpty()).as("orders keeps delivering, far behind").isTrue();
    }
    limited.delivered("orders", 11 * SECOND_MICROS, t);
    ReadPacing.Changes<String> overdue = limited.pace(t);
    assertThat(overdue.resume()).containsExactly("clock-ahead");
    assertThat(overdue.overdue()).containsExactly("clock-ahead");

    limited.delivered("clock-ahead", 3601 * SECOND_MICROS, t + 100 * MS);
    assertThat(limited.pace(t + 100 * MS).isEmpty()).as("exempt for the next minute").isTrue();
    limited.delivered("orders", 12 * SECOND_MICROS, t + 60_500 * MS);
    limited.delivered("clock-ahead", 3602 * SECOND_MICROS, t + 60_500 * MS);
    assertThat(limited.pace(t + 60_500 * MS).pause())
        .as("a minute later, paced again")
        .containsExactly("clock-ahead");
  }

  @Test
  void aPartitionTakenAwayIsForgottenPausedOrNot() {
    pacing.delivered("orders", 10 * SECOND_MICROS, 0);
    pacing.delivered("payments", 20 * SECOND_MICROS, 0);
    pacing.pace(0);

    assertThat(pacing.forget(List.of("payments"))).as("to be resumed").containsExactly("payments");

    assertThat(pacing.pausing()).isFalse();
    assertThat(pacing.pace(0).isEmpty()).isTrue();
  }

  @Test
  void timesTooFarApartToSubtractStillCountAsAhead() {
    pacing.delivered("floor", -Long.MAX_VALUE, 0);
    pacing.delivered("far", Long.MAX_VALUE - 1, 0);
    assertThat(pacing.pace(0).pause()).containsExactly("far");
  }

  @Test
  void theAllowanceAndIdleTimeMustBePositive() {
    assertThatThrownBy(() -> new ReadPacing<String>(0, MS))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ReadPacing<String>(SECOND_MICROS, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Seeded random deliveries: after every pace, some partition is running (the reader can always
   * progress), no delivering partition is more than the allowance ahead of the slowest partition
   * that is delivering or paused, and the changes are consistent (a partition is paused only when
   * running, resumed only when paused).
   */
  @Test
  void randomDeliveriesNeverPauseEveryoneAndKeepTheRunningOnesWithinTheAllowance() {
    for (long seed = 1; seed <= 200; seed++) {
      Random random = new Random(seed);
      ReadPacing<Integer> p = new ReadPacing<>(SECOND_MICROS, 1000 * MS);
      int n = 2 + random.nextInt(6);
      long[] time = new long[n];
      long[] lastDelivered = new long[n];
      Set<Integer> paused = new HashSet<>();
      long now = 0;
      for (int step = 0; step < 300; step++) {
        now += (1 + random.nextInt(400)) * MS;
        List<Integer> running = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          if (!paused.contains(i)) {
            running.add(i);
          }
        }
        assertThat(running).as("seed %d step %d: someone runs", seed, step).isNotEmpty();
        int i = running.get(random.nextInt(running.size()));
        if (random.nextInt(4) > 0) {
          time[i] += random.nextInt(3 * (int) SECOND_MICROS);
          p.delivered(i, time[i], now);
          lastDelivered[i] = now;
        }
        ReadPacing.Changes<Integer> c = p.pace(now);
        for (Integer x : c.pause()) {
          assertThat(paused.add(x)).as("seed %d: %d paused twice", seed, x).isTrue();
        }
        for (Integer x : c.resume()) {
          assertThat(paused.remove(x)).as("seed %d: %d resumed unpaused", seed, x).isTrue();
          lastDelivered[x] = now; // a resumed partition counts as delivering from now
        }
        assertThat(p.pausedCount()).isEqualTo(paused.size());
        long floor = Long.MAX_VALUE;
        boolean anyDelivered = false;
        for (int k = 0; k < n; k++) {
          if (paused.contains(k) || lastDelivered[k] > 0 && now - lastDelivered[k] <= 1000 * MS) {
            floor = Math.min(floor, time[k]);
            anyDelivered = true;
          }
        }
        for (int k = 0; k < n && anyDelivered; k++) {
          if (!paused.contains(k) && lastDelivered[k] > 0 && now - lastDelivered[k] <= 1000 * MS) {
            assertThat(time[k] - floor)
                .as("seed %d step %d: partition %d runs too far ahead", seed, step, k)
                .isLessThanOrEqualTo(SECOND_MICROS);
          }
        }
      }
    }
  }
}
