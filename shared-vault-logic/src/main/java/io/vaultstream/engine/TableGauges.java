package io.vaultstream.engine;

import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sizes a runtime's gauges show, read from the database on a daemon thread of their own, never
 * on a loading thread: the queue tables of a schema ({@link QueueSizes}) every interval, and the
 * database's cache against the vault ({@link CacheSizes}) every {@link #CACHE_EVERY_MS} at most. A
 * count of the waiting and error tables costs a read of each, so it is done at a bounded rate, off
 * the path of the batches. The tables are shared by every task and job loading into the schema and
 * changed by operators and the sweep, so the sizes are read, not summed from one loader's batches:
 * they stay right across restarts and whoever changed the rows.
 */
public final class TableGauges implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TableGauges.class);

  /** How often the cache figures are read, at most: the vault's size changes slowly. */
  public static final long CACHE_EVERY_MS = 600_000;

  private final Callable<QueueSizes> reader;
  private final Callable<CacheSizes> cacheReader;
  private final LongSupplier clock;
  private final String what;
  private final ScheduledExecutorService timer;
  private volatile QueueSizes sizes = new QueueSizes(0, 0, 0);
  private volatile long readAt;
  private volatile CacheSizes cache = new CacheSizes(0, 0);
  private volatile long cacheReadAt;
  private long cacheDue; // when the cache figures are next read (clock millis); 0: at once
  private boolean failing;
  private boolean cacheFailing;
  private volatile boolean closed;

  /**
   * @param reader reads the queue tables' sizes (the loader's {@code queueSizes})
   * @param cacheReader reads the cache against the vault (the loader's {@code cacheSizes}; it
   *     returns null when the database cannot tell or the schema has no tables), or null for none
   * @param intervalMs between two reads; 0 reads never
   * @param what the task or job, for the log and the thread's name
   */
  public TableGauges(
      Callable<QueueSizes> reader,
      Callable<CacheSizes> cacheReader,
      long intervalMs,
      LongSupplier clock,
      String what) {
    this.reader = reader;
    this.cacheReader = cacheReader;
    this.clock = clock;
    this.what = what;
    if (intervalMs <= 0) {
      timer = null;
      return;
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "vaultstream-table-sizes-" + what);
              t.setDaemon(true);
              return t;
            });
    timer.scheduleWithFixedDelay(this::read, 0, intervalMs, TimeUnit.MILLISECONDS);
  }

  /**
   * Reads the queue tables' sizes now, and the cache figures when they are due (at the first read,
   * then {@link #CACHE_EVERY_MS} after the last attempt, whether it succeeded or failed: a read
   * that times out holds a pooled connection, so it is not repeated at the table sizes' pace); a
   * failure is logged (once until a read succeeds) and keeps the last figures.
   */
  public void read() {
    readQueues();
    long now = clock.getAsLong();
    if (cacheReader != null && !closed && now - cacheDue >= 0) {
      cacheDue = now + CACHE_EVERY_MS;
      readCache();
    }
  }

  private void readQueues() {
    try {
      QueueSizes s = reader.call();
      sizes = s;
      readAt = clock.getAsLong();
      if (failing) {
        LOG.info("The table sizes of {} are read again", what);
      }
      failing = false;
    } catch (Exception e) {
      if (!failing && !closed) {
        LOG.warn(
            "Reading the waiting and error tables' sizes for {} failed; the JMX attributes keep"
                + " the values of the last read, and TableSizesReadEpochMillis its time: {}",
            what,
            e.toString());
      }
      failing = true;
    }
  }

  private void readCache() {
    try {
      CacheSizes s = cacheReader.call();
      // None (the database cannot tell, or the schema has no tables): both 0, which no alert fires
      // on, and asked again at the next interval.
      cache = s == null ? new CacheSizes(0, 0) : s;
      cacheReadAt = clock.getAsLong();
      if (cacheFailing) {
        LOG.info("The database's cache against the vault is read again for {}", what);
      }
      cacheFailing = false;
    } catch (Exception e) {
      if (!cacheFailing && !closed) {
        LOG.warn(
            "Reading the database's cache against the vault for {} failed; the JMX attributes"
                + " keep the values of the last read, and CacheSizesReadEpochMillis its time: {}",
            what,
            e.toString());
      }
      cacheFailing = true;
    }
  }

  /**
   * The cache figures of the last read (both 0 before the first, or when the database cannot tell).
   */
  public CacheSizes cacheSizes() {
    return cache;
  }

  /** When the cache figures were last read (epoch milliseconds), 0 before the first read. */
  public long cacheReadAt() {
    return cacheReadAt;
  }

  /** The sizes of the last read (all 0 before the first). */
  public QueueSizes sizes() {
    return sizes;
  }

  /** When the sizes were last read (epoch milliseconds), 0 before the first read. */
  public long readAt() {
    return readAt;
  }

  /**
   * Milliseconds since the oldest waiting row arrived, now; 0 when none waited at the last read.
   */
  public long oldestWaitingAgeMillis() {
    long oldest = sizes.oldestWaitingMillis();
    return oldest == 0 ? 0 : Math.max(0, clock.getAsLong() - oldest);
  }

  /** Stops the reads (a read under way ends on its own). */
  @Override
  public void close() {
    closed = true;
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
