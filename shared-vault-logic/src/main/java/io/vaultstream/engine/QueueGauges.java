package io.vaultstream.engine;

import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sizes of the queue tables of a schema ({@link QueueSizes}) for a runtime's gauges, read from
 * the database every interval on a daemon thread of their own, never on a loading thread: a count
 * of the waiting and error tables costs a read of each, so it is done at a bounded rate, off the
 * path of the batches. The tables are shared by every task and job loading into the schema and
 * changed by operators and the sweep, so the sizes are read, not summed from one loader's batches:
 * they stay right across restarts and whoever changed the rows.
 */
public final class QueueGauges implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(QueueGauges.class);

  private final Callable<QueueSizes> reader;
  private final LongSupplier clock;
  private final String what;
  private final ScheduledExecutorService timer;
  private volatile QueueSizes sizes = new QueueSizes(0, 0, 0);
  private volatile long readAt;
  private boolean failing;
  private volatile boolean closed;

  /**
   * @param reader reads the sizes (the engine's {@code queueSizes})
   * @param intervalMs between two reads; 0 reads never
   * @param what the task or job, for the log and the thread's name
   */
  public QueueGauges(
      Callable<QueueSizes> reader, long intervalMs, LongSupplier clock, String what) {
    this.reader = reader;
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

  /** Reads the sizes now; a failure is logged (once until a read succeeds) and keeps the last. */
  public void read() {
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
