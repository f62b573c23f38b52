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
 * of the vault that batches reach at random has doubled since the last warning.
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
    if (!enabled
        || now - due < 0
        || poolExhausted()
        || !nextCheck.compareAndSet(due, now + EVERY_NANOS)) {
      return;
    }
    CacheFigures f;
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(true); // catalog reads, no transaction to keep open
      f = CacheFigures.read(c, dialect, schema);
    } catch (SQLException e) {
      if (e instanceof SQLTransientException
          || dialect.isInterrupted(e)
          || dialect.passes(e.getSQLState())) {
        return; // no connection free in time, or the read timed out: again at the next interval
      }
      disable(e);
      return;
    } catch (RuntimeException e) {
      disable(e);
      return;
    }
    if (f == null) {
      enabled = false; // the database cannot tell
      return;
    }
    String warning = warning(f);
    if (warning != null) {
      LOG.warn("The vault in {}: {}", schema, warning);
    }
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
