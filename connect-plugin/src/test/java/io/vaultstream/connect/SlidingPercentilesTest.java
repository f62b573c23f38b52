package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Percentiles of the last minute, within the histogram's precision, in fixed memory. */
class SlidingPercentilesTest {
  private static final long T0 = 1_767_225_600_000L;

  @Test
  void anEmptyWindowHasNoPercentile() {
    assertThat(new SlidingPercentiles().quantile(0.5, T0)).isNaN();
  }

  @Test
  void smallDurationsAreExact() {
    SlidingPercentiles p = new SlidingPercentiles();
    for (long v = 0; v < 10; v++) {
      p.record(v, T0);
    }
    assertThat(p.quantile(0.5, T0)).isEqualTo(4.0);
    assertThat(p.quantile(0.99, T0)).isEqualTo(9.0);
    assertThat(p.quantile(1.0, T0)).isEqualTo(9.0);
  }

  @Test
  void largerDurationsAreWithinThreePercent() {
    SlidingPercentiles p = new SlidingPercentiles();
    for (long v = 1; v <= 100_000; v++) {
      p.record(v, T0 + v % 9_000);
    }
    long now = T0 + 9_000;
    assertThat(p.quantile(0.5, now)).isCloseTo(50_000, within(1_500.0));
    assertThat(p.quantile(0.99, now)).isCloseTo(99_000, within(3_000.0));
  }

  @Test
  void durationsOlderThanTheWindowDropOut() {
    SlidingPercentiles p = new SlidingPercentiles();
    p.record(5_000, T0);
    p.record(10, T0 + 30_000);
    assertThat(p.quantile(0.99, T0 + 45_000)).isCloseTo(5_000, within(150.0));
    // Sixty seconds on, the first step has left the window; the second is still in it.
    assertThat(p.quantile(0.99, T0 + 60_000)).isEqualTo(10.0);
    assertThat(p.quantile(0.99, T0 + 90_000)).isNaN();
    // A step reused for a later time starts empty.
    p.record(20, T0 + 120_000);
    assertThat(p.quantile(0.99, T0 + 120_000)).isEqualTo(20.0);
  }

  @Test
  void negativeAndHugeDurationsAreCountedAtTheEnds() {
    SlidingPercentiles p = new SlidingPercentiles();
    p.record(-250, T0);
    assertThat(p.quantile(0.5, T0)).isZero();
    p.record(Long.MAX_VALUE, T0);
    assertThat(p.quantile(1.0, T0)).isGreaterThan(1e12);
  }

  @Test
  void everyBucketsMiddleLiesInItsBucket() {
    for (long v : new long[] {31, 32, 33, 63, 64, 100, 1_000, 65_535, 1L << 35}) {
      assertThat(
              SlidingPercentiles.bucket(
                  (long) SlidingPercentiles.middle(SlidingPercentiles.bucket(v))))
          .as("%d", v)
          .isEqualTo(SlidingPercentiles.bucket(v));
      assertThat(SlidingPercentiles.middle(SlidingPercentiles.bucket(v)))
          .as("%d", v)
          .isCloseTo(v, within(v / 32.0 + 1));
    }
  }
}
