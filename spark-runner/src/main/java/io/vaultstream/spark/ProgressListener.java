package io.vaultstream.spark;

import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs one line per micro-batch of the job's queries, with the vault counters so far and how many
 * records each query's source is behind the latest offsets.
 */
final class ProgressListener extends StreamingQueryListener {
  private static final Logger LOG = LoggerFactory.getLogger(ProgressListener.class);
  private final VaultMetrics metrics;

  ProgressListener(VaultMetrics metrics) {
    this.metrics = metrics;
  }

  VaultMetrics metrics() {
    return metrics;
  }

  @Override
  public void onQueryStarted(QueryStartedEvent event) {
    LOG.info("Query {} started", event.name());
  }

  @Override
  public void onQueryProgress(QueryProgressEvent event) {
    var p = event.progress();
    long behind = behindLatest(p);
    if (p.numInputRows() > 0) {
      LOG.info(
          "Query {} batch {}: {} records in {} ms, {} behind latest; vault so far: {} events, {} rows ({} hub, {} link, {} satellite), {} waiting, {} errors, {} changes of non-historized links set aside",
          p.name(),
          p.batchId(),
          p.numInputRows(),
          p.batchDuration(),
          behind == OffsetsBehind.UNKNOWN ? "unknown" : behind,
          metrics.events.value(),
          metrics.vaultRows.value(),
          metrics.hubRows.value(),
          metrics.linkRows.value(),
          metrics.satelliteRows.value(),
          metrics.waiting.value(),
          metrics.errors.value(),
          metrics.changesSetAside.value());
    } else if (behind > 0) {
      // Records wait but none were read: the query is stalled, not idle.
      LOG.info(
          "Query {} read nothing in batch {} while {} records are behind latest",
          p.name(),
          p.batchId(),
          behind);
    }
  }

  /**
   * The records the query's sources are behind their latest offsets, summed over its sources;
   * {@link OffsetsBehind#UNKNOWN} when a source does not report them.
   */
  static long behindLatest(org.apache.spark.sql.streaming.StreamingQueryProgress p) {
    long total = 0;
    for (var source : p.sources()) {
      long behind = OffsetsBehind.of(source.endOffset(), source.latestOffset());
      if (behind == OffsetsBehind.UNKNOWN) {
        return OffsetsBehind.UNKNOWN;
      }
      total += behind;
    }
    return p.sources().length == 0 ? OffsetsBehind.UNKNOWN : total;
  }

  @Override
  public void onQueryTerminated(QueryTerminatedEvent event) {
    event
        .exception()
        .foreach(
            e -> {
              LOG.error("Query {} stopped: {}", event.id(), e);
              return null;
            });
  }
}
