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
  // The JMX attributes of the job's queries, by query name; the names of started queries by id.
  private final java.util.Map<String, VaultQueryMetrics> queries =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.Map<java.util.UUID, String> names =
      new java.util.concurrent.ConcurrentHashMap<>();
  // What to close when a query ends, by the run's id.
  private final java.util.Map<java.util.UUID, AutoCloseable> atEnd =
      new java.util.concurrent.ConcurrentHashMap<>();

  ProgressListener(VaultMetrics metrics) {
    this.metrics = metrics;
  }

  /** Reports a query's state and progress into its JMX attributes (replacing earlier ones). */
  void watch(String query, VaultQueryMetrics m) {
    VaultQueryMetrics before = queries.put(query, m);
    if (before != null && before != m) {
      before.unregister();
    }
  }

  /** Closes {@code c} when {@code query} (this run of it) ends, or now if it has ended. */
  void closeAtEnd(org.apache.spark.sql.streaming.StreamingQuery query, AutoCloseable c) {
    atEnd.put(query.runId(), c);
    // Its end may have been told before it was registered.
    if (!query.isActive() && atEnd.remove(query.runId(), c)) {
      close(query.name(), c);
    }
  }

  private static void close(String query, AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      LOG.warn("Closing what query {} used failed: {}", query, e.toString());
    }
  }

  /** Unregisters the queries' JMX attributes. */
  void unwatchAll() {
    queries.values().forEach(VaultQueryMetrics::unregister);
    queries.clear();
  }

  VaultMetrics metrics() {
    return metrics;
  }

  @Override
  public void onQueryStarted(QueryStartedEvent event) {
    LOG.info("Query {} started", event.name());
    names.put(event.id(), event.name());
    VaultQueryMetrics m = queries.get(event.name());
    if (m != null) {
      m.started();
    }
  }

  @Override
  public void onQueryProgress(QueryProgressEvent event) {
    var p = event.progress();
    long behind = behindLatest(p);
    VaultQueryMetrics m = queries.get(p.name());
    if (m != null) {
      m.progress(p, System.currentTimeMillis());
    }
    if (p.numInputRows() > 0) {
      // Where a micro-batch's time went (addBatch is the vault's write): for tuning.
      LOG.debug("Query {} batch {} phases in ms: {}", p.name(), p.batchId(), p.durationMs());
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
    String name = names.remove(event.id());
    VaultQueryMetrics m = name == null ? null : queries.get(name);
    if (m != null) {
      m.terminated();
    }
    AutoCloseable c = atEnd.remove(event.runId());
    if (c != null) {
      close(name, c);
    }
    event
        .exception()
        .foreach(
            e -> {
              LOG.error("Query {} stopped: {}", event.id(), e);
              return null;
            });
  }
}
