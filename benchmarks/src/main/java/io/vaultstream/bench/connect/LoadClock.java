package io.vaultstream.bench.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * A timed load's clock: started just before the load starts, fed at each poll with how much of the
 * load is done. Gives the whole-run rate (all records over the time from start to the end) and the
 * steady-state rate over the window from the first sample that saw 10 % of the final count done to
 * the first that saw 90 % (the count done in between over the time in between, in records: a count
 * of events is scaled by records over the final count), which leaves out a new consumer group's
 * join, a fresh worker's first seconds and the wait for a last commit.
 */
final class LoadClock {
  private final long records;
  private final List<long[]> samples = new ArrayList<>();
  private long start = System.nanoTime();
  private long end = -1;

  LoadClock(long records) {
    this.records = records;
  }

  /** Starts (again) now: what was done before the load itself is not timed. */
  void start() {
    start = System.nanoTime();
    samples.clear();
    end = -1;
  }

  /** Records done now, as the offsets stored per partition against the end offsets. */
  void sample(Map<TopicPartition, Long> stored, Map<TopicPartition, Long> endOffsets) {
    long done = 0;
    for (var e : endOffsets.entrySet()) {
      done += Math.min(e.getValue(), stored.getOrDefault(e.getKey(), 0L));
    }
    sample(done);
  }

  /** {@code done} (records, or another count that ends at a known final value) now. */
  void sample(long done) {
    samples.add(new long[] {System.nanoTime(), done});
  }

  /** Stops the clock and returns the seconds since the start. */
  double stop() {
    end = System.nanoTime();
    return seconds();
  }

  double seconds() {
    return ((end < 0 ? System.nanoTime() : end) - start) / 1e9;
  }

  /** All records over the whole run. */
  double wholeRate() {
    return records / seconds();
  }

  private long[] first(double fraction, long last) {
    for (long[] s : samples) {
      if (s[1] >= fraction * last) {
        return s;
      }
    }
    return null;
  }

  /** Records per second between 10 % and 90 % done; the whole-run rate when no window was seen. */
  double steadyRate() {
    long last = samples.isEmpty() ? 0 : samples.get(samples.size() - 1)[1];
    long[] a = first(0.1, last);
    long[] b = first(0.9, last);
    if (last <= 0 || a == null || b == null || b[0] <= a[0] || b[1] <= a[1]) {
      return wholeRate();
    }
    return (b[1] - a[1]) * ((double) records / last) / ((b[0] - a[0]) / 1e9);
  }

  /** The window's bounds in seconds from the start, for the report. */
  String window() {
    long last = samples.isEmpty() ? 0 : samples.get(samples.size() - 1)[1];
    long[] a = first(0.1, last);
    long[] b = first(0.9, last);
    if (last <= 0 || a == null || b == null || b[0] <= a[0]) {
      return "no 10-90 % window seen";
    }
    return String.format("10-90 %% window %.1f-%.1f s", (a[0] - start) / 1e9, (b[0] - start) / 1e9);
  }
}
