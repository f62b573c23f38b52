package io.vaultstream.spark;

import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs one line per micro-batch of the job's queries, with the vault counters so far. */
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
    if (p.numInputRows() > 0) {
      LOG.info(
          "Query {} batch {}: {} records in {} ms; vault so far: {} events, {} rows ({} hub, {} link, {} satellite), {} waiting, {} errors",
          p.name(),
          p.batchId(),
          p.numInputRows(),
          p.batchDuration(),
          metrics.events.value(),
          metrics.vaultRows.value(),
          metrics.hubRows.value(),
          metrics.linkRows.value(),
          metrics.satelliteRows.value(),
          metrics.waiting.value(),
          metrics.errors.value());
    }
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
