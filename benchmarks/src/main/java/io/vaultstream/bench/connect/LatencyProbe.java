package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.TopicPartition;

/**
 * Event-to-vault latency: events produced at a steady rate, each timed from its send to the poll of
 * vs_progress that first shows it stored.
 */
final class LatencyProbe {
  private LatencyProbe() {}

  /** Latencies in ms, sorted; produces {@code rate} events/s for {@code seconds}. */
  static List<Long> run(
      EventLoader loader, Connection db, WorkerProcess worker, int rate, int seconds)
      throws Exception {
    Map<TopicPartition, Map<Long, Long>> sent = new ConcurrentHashMap<>();
    List<Long> latencies = new ArrayList<>();
    long begin = System.nanoTime();
    int ticks = seconds * 20;
    long due = 0;
    for (int tick = 0; tick < ticks; tick++) {
      long target = (long) rate * (tick + 1) / 20;
      loader.send(loader.events.next((int) (target - due)), sent);
      due = target;
      collect(Completion.vaultProgress(db, SinkConfigs.VAULTSTREAM), sent, latencies);
      LockSupport.parkNanos(Math.max(0, begin + (tick + 1) * 50_000_000L - System.nanoTime()));
    }
    Map<TopicPartition, Long> end = loader.endOffsets();
    Completion.awaitVault(
        db,
        worker,
        end,
        BenchOptions.timeout((long) rate * seconds),
        20,
        stored -> collect(stored, sent, latencies));
    Collections.sort(latencies);
    return latencies;
  }

  private static void collect(
      Map<TopicPartition, Long> stored, Map<TopicPartition, Map<Long, Long>> sent, List<Long> out) {
    long now = System.nanoTime();
    sent.forEach(
        (tp, offsets) -> {
          long next = stored.getOrDefault(tp, 0L);
          offsets
              .entrySet()
              .removeIf(
                  e -> {
                    if (e.getKey() < next) {
                      out.add((now - e.getValue()) / 1_000_000);
                      return true;
                    }
                    return false;
                  });
        });
  }

  static long percentile(List<Long> sorted, int p) {
    return sorted.isEmpty()
        ? -1
        : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }
}
