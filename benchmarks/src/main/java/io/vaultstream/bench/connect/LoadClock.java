package io.vaultstream.bench.connect;

import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * A timed load's clock: started when the load starts, fed with how many of its records are done at
 * each poll. Gives the whole-run rate (all records over the time from start to the last) and the
 * steady-state rate over the window from the first poll that saw 10 % of the records done to the
 * first that saw 90 % (records done in between over the time in between), which leaves out a new
 * consumer group's join and a fresh worker's first seconds, and the last commit's wait.
 */
final class LoadClock {
  private final long total;
  private final long start = System.nanoTime();
  private long t10 = -1;
  private long d10;
  private long t90 = -1;
  private long d90;
  private long end = -1;

  LoadClock(long total) {
    this.total = total;
  }

  /** Records done now, as the offsets stored per partition against the end offsets. */
  void sample(Map<TopicPartition, Long> stored, Map<TopicPartition, Long> endOffsets) {
    long done = 0;
    for (var e : endOffsets.entrySet()) {
      done += Math.min(e.getValue(), stored.getOrDefault(e.getKey(), 0L));
    }
    sample(done);
  }

  /** {@code done} records are done now. */
  void sample(long done) {
    long now = System.nanoTime();
    if (t10 < 0 && done * 10 >= total) {
      t10 = now;
      d10 = done;
    }
    if (t90 < 0 && done * 10 >= total * 9) {
      t90 = now;
      d90 = done;
    }
    if (end < 0 && done >= total) {
      end = now;
    }
  }

  /** Stops the clock (if the last sample did not) and returns the seconds since the start. */
  double stop() {
    if (end < 0) {
      end = System.nanoTime();
    }
    return seconds();
  }

  double seconds() {
    return ((end < 0 ? System.nanoTime() : end) - start) / 1e9;
  }

  /** All records over the whole run. */
  double wholeRate() {
    return total / seconds();
  }

  /** Records per second between 10 % and 90 % done; the whole-run rate when no window was seen. */
  double steadyRate() {
    if (t10 < 0 || t90 <= t10 || d90 <= d10) {
      return wholeRate();
    }
    return (d90 - d10) / ((t90 - t10) / 1e9);
  }

  /** The window's bounds in seconds from the start, for the report. */
  String window() {
    if (t10 < 0 || t90 <= t10) {
      return "no 10-90 % window seen";
    }
    return String.format("10-90 %% window %.1f-%.1f s", (t10 - start) / 1e9, (t90 - start) / 1e9);
  }
}
