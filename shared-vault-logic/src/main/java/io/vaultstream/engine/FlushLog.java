package io.vaultstream.engine;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The line each committed batch logs: its events, rows and time, and what waited, resolved or
 * failed. It stays under VaultLoader's logger: docs/TROUBLESHOOTING.md tells users to read it
 * there, and the benchmarks' log parsers match that logger's name.
 */
final class FlushLog {
  private static final Logger LOG = LoggerFactory.getLogger(VaultLoader.class);

  private FlushLog() {}

  static void committed(LoadResult r) {
    LOG.info(
        "Flushed {} events: {} vault rows in {} ms; {} new rows waiting for a parent, {} events"
            + " held in memory waiting for one, {} resolved, {} moved to the error table, {} loaded"
            + " against the unknown ghost, {} dropped, {} new error rows, {} changes of"
            + " non-historized links set aside",
        r.events(),
        r.totalRows(),
        r.millis(),
        r.waiting(),
        r.held(),
        r.resolved(),
        r.movedToErrors(),
        r.releasedToUnknown(),
        r.dropped(),
        r.errors(),
        r.changesSetAside());
    LOG.debug("Rows per vault table: {}", r.rowsWritten());
  }
}
