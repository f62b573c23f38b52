package io.vaultstream.bench.connect;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * vaultstream's other figures: the bulk-load floor (COPY, or LOAD DATA on MariaDB), flush times,
 * latency, errors, the workers' heap.
 */
final class Extras {
  private Extras() {}

  static void copy(BenchDatabase database, long rows, double vaultSeconds, Report report)
      throws Exception {
    if (rows <= 0) {
      return;
    }
    double secs =
        database.mariadb
            ? LoadDataBaseline.run(database.url, rows)
            : CopyBaseline.run(database.db, rows);
    report.note(
        "Plain %s of %,d rows into one satellite-shaped table, same server: %.1f s ="
            + " %,.0f rows/s (vaultstream's fresh load wrote its vault rows at %.0f %% of that)",
        database.mariadb ? "LOAD DATA LOCAL INFILE (MariaDB's bulk load)" : "COPY FROM STDIN",
        rows,
        secs,
        rows / secs,
        100.0 * (rows / vaultSeconds) / (rows / secs));
  }

  static void flushes(List<FlushLog.Flush> flushes, Report report) {
    report.note("%s", flushLine(flushes, "the fresh load"));
  }

  /**
   * The per-batch times of a load from its flush lines: whether a batch late in the load takes as
   * long as one early in it.
   */
  static String flushLine(List<FlushLog.Flush> flushes, String load) {
    if (flushes.isEmpty()) {
      return "No 'Flushed ...' INFO lines of io.vaultstream.engine.VaultLoader in the log";
    }
    List<Long> sorted = flushes.stream().map(FlushLog.Flush::millis).sorted().toList();
    return String.format(
        "vaultstream flush time in %s (median of the flushes within 5 %% of the load"
            + " either side): at 10 %% %d ms, at 50 %% %d ms, at 90 %% %d ms; %d flushes, median %d"
            + " ms, max %d ms",
        load,
        FlushLog.medianAround(flushes, 10),
        FlushLog.medianAround(flushes, 50),
        FlushLog.medianAround(flushes, 90),
        flushes.size(),
        sorted.get(sorted.size() / 2),
        sorted.get(sorted.size() - 1));
  }

  static void latency(
      EventLoader loader, BenchDatabase database, SinkPhases phases, int seconds, Report report)
      throws Exception {
    int rate = (int) Math.max(1, report.vaultstreamRate() / 2);
    phases.vaultWorker.rest.resume(SinkConfigs.VAULTSTREAM);
    phases.vaultWorker.rest.awaitState(
        SinkConfigs.VAULTSTREAM, "RUNNING", phases.tasks(), java.time.Duration.ofMinutes(1));
    List<Long> ms = LatencyProbe.run(loader, database.db, phases.vaultWorker, rate, seconds);
    report.note(
        "vaultstream event-to-vault latency at %,d events/s (half the measured rate) for %d s (%,d"
            + " events, batch.max.wait.ms 250, vs_progress polled every 20 ms): p50 %,d ms, p99"
            + " %,d ms",
        rate, seconds, ms.size(), LatencyProbe.percentile(ms, 50), LatencyProbe.percentile(ms, 99));
  }

  static void errors(BenchDatabase database, EventLoader loader, Report report) throws Exception {
    long errors = database.count(SinkConfigs.VAULT_SCHEMA + ".vs_errors");
    long waiting = database.count(SinkConfigs.VAULT_SCHEMA + ".vs_waiting");
    Map<TopicPartition, Long> dlq = Map.of();
    if (loader.admin.listTopics().names().get().contains("vaultstream-dlq")) {
      dlq =
          loader
              .admin
              .listOffsets(
                  Map.of(
                      new TopicPartition("vaultstream-dlq", 0),
                      org.apache.kafka.clients.admin.OffsetSpec.latest()))
              .all()
              .get()
              .entrySet()
              .stream()
              .collect(
                  java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }
    report.note(
        "vaultstream at the end: %,d rows in vs_errors, %,d records in the DLQ, %,d waiting rows",
        errors, dlq.values().stream().mapToLong(Long::longValue).sum(), waiting);
  }

  static void heap(String name, WorkerHeap heap, Report report) {
    if (heap == null) {
      return;
    }
    report.note(
        "%s JVM heap (JMX, every 100 ms, whole run): peak in use %,d MiB, largest after a"
            + " collection %,d MiB, max %,d MiB%s",
        name,
        heap.peakUsed.get() >> 20,
        heap.peakAfterGc.get() >> 20,
        heap.max.get() >> 20,
        heap.failure() == null ? "" : " (sampling stopped: " + heap.failure() + ")");
  }
}
