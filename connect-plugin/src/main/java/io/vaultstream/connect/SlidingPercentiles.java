package io.vaultstream.connect;

/**
 * Percentiles of durations (milliseconds) seen in about the last minute, in fixed memory: a
 * histogram per ten-second step, six steps kept. Buckets are exact below 32 ms and then 16 per
 * power of two, so a percentile is within about 3% of the true value. Thread-safe.
 */
final class SlidingPercentiles {
  /** Length of one step of the window. */
  static final long STEP_MILLIS = 10_000;

  /** Steps kept: the window is the current step and the five before it. */
  static final int STEPS = 6;

  private static final int EXACT = 32;
  private static final int SUB_BUCKETS = 16;
  private static final int SUB_BITS = 4;
  private static final int FIRST_EXPONENT = 5; // 2^5 = EXACT
  private static final int LAST_EXPONENT = 40; // about 35 years: longer values are counted there
  private static final int BUCKETS = EXACT + (LAST_EXPONENT - FIRST_EXPONENT + 1) * SUB_BUCKETS;
  private static final long MAX_VALUE = (1L << (LAST_EXPONENT + 1)) - 1;

  private final long[][] counts = new long[STEPS][BUCKETS];
  private final long[] stepOf = new long[STEPS];

  SlidingPercentiles() {
    java.util.Arrays.fill(stepOf, Long.MIN_VALUE);
  }

  /** Counts one duration (negative ones, from clocks apart, as 0) seen at {@code nowMillis}. */
  synchronized void record(long millis, long nowMillis) {
    long[] slot = slot(nowMillis);
    slot[bucket(Math.max(0, Math.min(millis, MAX_VALUE)))]++;
  }

  /**
   * The duration below or at which a fraction {@code q} of those of the window lie (the bucket's
   * middle), or NaN when the window holds none.
   */
  synchronized double quantile(double q, long nowMillis) {
    long step = Math.floorDiv(nowMillis, STEP_MILLIS);
    long[] merged = new long[BUCKETS];
    long total = 0;
    for (int s = 0; s < STEPS; s++) {
      if (stepOf[s] > step - STEPS && stepOf[s] <= step) {
        for (int b = 0; b < BUCKETS; b++) {
          merged[b] += counts[s][b];
          total += counts[s][b];
        }
      }
    }
    if (total == 0) {
      return Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(q * total));
    long seen = 0;
    for (int b = 0; b < BUCKETS; b++) {
      seen += merged[b];
      if (seen >= rank) {
        return middle(b);
      }
    }
    return middle(BUCKETS - 1);
  }

  /** The histogram of the step {@code nowMillis} falls in, emptied when it held an older step. */
  private long[] slot(long nowMillis) {
    long step = Math.floorDiv(nowMillis, STEP_MILLIS);
    int s = (int) Math.floorMod(step, (long) STEPS);
    if (stepOf[s] != step) {
      java.util.Arrays.fill(counts[s], 0);
      stepOf[s] = step;
    }
    return counts[s];
  }

  static int bucket(long v) {
    if (v < EXACT) {
      return (int) v;
    }
    int exponent = 63 - Long.numberOfLeadingZeros(v);
    int sub = (int) (v >>> (exponent - SUB_BITS)) & (SUB_BUCKETS - 1);
    return EXACT + (exponent - FIRST_EXPONENT) * SUB_BUCKETS + sub;
  }

  static double middle(int bucket) {
    if (bucket < EXACT) {
      return bucket;
    }
    int exponent = (bucket - EXACT) / SUB_BUCKETS + FIRST_EXPONENT;
    int sub = (bucket - EXACT) % SUB_BUCKETS;
    long width = 1L << (exponent - SUB_BITS);
    long lower = (SUB_BUCKETS + sub) * width;
    return lower + (width - 1) / 2.0;
  }
}
