package io.vaultstream.engine;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.vaultstream.ddl.CacheFigures;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compares the database's page cache with the vault's size now and then, after a committed load,
 * and warns when the vault has outgrown it: from then on each batch reads pages from outside the
 * cache and flushes take longer as the vault grows. Warns the first time, then each time the part
 * of the vault that batches reach at random has doubled since the last warning. Its last reading
 * also serves the loader's gauges ({@link VaultLoader#cacheSizes}), and theirs serves it: one
 * catalog read per loader every {@link #EVERY_NANOS} at most.
 */
final class CacheWatch {
  private static final Logger LOG = LoggerFactory.getLogger(CacheWatch.class);

  /** How often the figures are read, at most. */
  static final long EVERY_NANOS = TimeUnit.MINUTES.toNanos(10);

  private final VaultDialect dialect;
  private final DataSource dataSource;
  private final String schema;
  private final AtomicLong nextCheck = new AtomicLong(System.nanoTime());
  private long warnedAtBytes;
  private volatile boolean enabled = true;
  private volatile Reading last;

  /** Figures and the time they were read at ({@link System#nanoTime}). */
  private record Reading(CacheFigures figures, long atNanos) {}

  CacheWatch(VaultDialect dialect, DataSource dataSource, String schema) {
    this.dialect = dialect;
    this.dataSource = dataSource;
    this.schema = schema;
  }

  /**
   * After a committed load, its connection given back: reads the figures when it is time (one
   * caller at a time; the others go on at once), and warns when it should. Never fails the load,
   * and never waits for a connection: with every pooled connection in use (a pool shared by several
   * loaders) it tries again after the next load.
   */
  void after() {
    long now = System.nanoTime();
    long due = nextCheck.get();
    if (!enabled || now - due < 0) {
      return;
    }
    CacheFigures f = recent();
    if ((f == null && poolExhausted()) || !nextCheck.compareAndSet(due, now + EVERY_NANOS)) {
      return;
    }
    if (f == null) {
      f = read();
    }
    if (f == null) {
      return;
    }
    String warning = warning(f);
    if (warning != null) {
      LOG.warn("The vault in {}: {}", schema, warning);
    }
  }

  /** The figures read (here or for the gauges) within the last {@link #EVERY_NANOS}, or null. */
  CacheFigures recent() {
    Reading r = last;
    return r != null && System.nanoTime() - r.atNanos() < EVERY_NANOS ? r.figures() : null;
  }

  /** Keeps figures read for the gauges, so that the next check need not read them again. */
  void observed(CacheFigures f) {
    if (f != null) {
      last = new Reading(f, System.nanoTime());
    }
  }

  /** Reads the figures; null (and the watch turned off where it cannot work) when it could not. */
  private CacheFigures read() {
    CacheFigures f;
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(true); // catalog reads, no transaction to keep open
      f = CacheFigures.read(c, dialect, schema);
    } catch (SQLException e) {
      if (e instanceof SQLTransientException
          || dialect.isInterrupted(e)
          || dialect.passes(e.getSQLState())) {
        return null; // no connection free in time, or the read timed out: again next interval
      }
      disable(e);
      return null;
    } catch (RuntimeException e) {
      disable(e);
      return null;
    }
    if (f == null) {
      enabled = false; // the database cannot tell
      return null;
    }
    observed(f);
    return f;
  }

  /** Whether a connection asked for now would wait: none idle, and the pool at its maximum. */
  private boolean poolExhausted() {
    if (!(dataSource instanceof HikariDataSource h)) {
      return false;
    }
    HikariPoolMXBean pool = h.getHikariPoolMXBean();
    return pool != null
        && pool.getIdleConnections() == 0
        && pool.getTotalConnections() >= h.getMaximumPoolSize();
  }

  private void disable(Exception e) {
    enabled = false;
    LOG.warn(
        "Could not read the size of the vault in {} against the database's cache ({}); the"
            + " loader will not try again. `vaultstream status` shows the same figures.",
        schema,
        e.toString());
  }

  /**
   * The warning these figures call for, or null: the first time the vault has outgrown the cache,
   * then each time the part that batches reach at random has doubled since the last warning, or
   * outgrew the cache again after it was raised.
   */
  synchronized String warning(CacheFigures f) {
    if (!f.outgrown()) {
      warnedAtBytes = 0;
      return null;
    }
    if (warnedAtBytes > 0 && f.randomBytes() < 2 * warnedAtBytes) {
      return null;
    }
    warnedAtBytes = f.randomBytes();
    return f.outgrownMessage();
  }
}
