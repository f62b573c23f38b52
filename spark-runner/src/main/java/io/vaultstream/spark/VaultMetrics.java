package io.vaultstream.spark;

import io.vaultstream.engine.LoadResult;
import java.io.Serializable;
import org.apache.spark.SparkContext;
import org.apache.spark.util.LongAccumulator;

/** Named accumulators the job reports through (shown in the Spark UI). */
final class VaultMetrics implements Serializable {
  private static final long serialVersionUID = 1L;
  final LongAccumulator events;
  final LongAccumulator vaultRows;
  final LongAccumulator hubRows;
  final LongAccumulator linkRows;
  final LongAccumulator satelliteRows;
  final LongAccumulator waiting;
  final LongAccumulator errors;
  final LongAccumulator changesSetAside;

  VaultMetrics(SparkContext sc) {
    events = sc.longAccumulator("vaultstream.events");
    vaultRows = sc.longAccumulator("vaultstream.rows");
    hubRows = sc.longAccumulator("vaultstream.rows.hubs");
    linkRows = sc.longAccumulator("vaultstream.rows.links");
    satelliteRows = sc.longAccumulator("vaultstream.rows.satellites");
    waiting = sc.longAccumulator("vaultstream.waiting");
    errors = sc.longAccumulator("vaultstream.errors");
    changesSetAside = sc.longAccumulator("vaultstream.nonHistorizedChangesSetAside");
  }

  void add(LoadResult r) {
    events.add(r.events());
    vaultRows.add(r.totalRows());
    r.rowsWritten()
        .forEach(
            (table, n) -> {
              if (table.startsWith("hub_")) {
                hubRows.add(n);
              } else if (table.startsWith("lnk_") || table.startsWith("nhl_")) {
                linkRows.add(n);
              } else {
                satelliteRows.add(n);
              }
            });
    waiting.add(r.waiting());
    errors.add(r.errors());
    changesSetAside.add(r.changesSetAside());
  }
}
