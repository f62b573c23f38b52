package io.vaultstream.spark;

import io.vaultstream.engine.TableGauges;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMX attributes of one streaming query, on the driver: its state and progress from the job's
 * {@link ProgressListener}, the schema's table sizes from the job's {@link TableGauges}.
 */
final class VaultQueryMetrics implements VaultQueryMetricsMBean {
  private static final Logger LOG = LoggerFactory.getLogger(VaultQueryMetrics.class);

  private final ObjectName name;
  private final TableGauges tables;
  private final long watermarkSeconds;
  private volatile boolean running;
  private volatile long lastProgress;
  private volatile long lastCommit;
  private volatile long behind = OffsetsBehind.UNKNOWN;

  private VaultQueryMetrics(ObjectName name, TableGauges tables, long watermarkSeconds) {
    this.name = name;
    this.tables = tables;
    this.watermarkSeconds = watermarkSeconds;
  }

  /** The object name of a query's attributes; the name is quoted only when JMX needs it. */
  static ObjectName nameOf(String query) throws JMException {
    boolean plain = query.chars().noneMatch(c -> ",=:\"*?\n".indexOf(c) >= 0);
    return new ObjectName(
        "io.vaultstream:type=spark-query-metrics,query="
            + (plain ? query : ObjectName.quote(query)));
  }

  /**
   * Registers a query's attributes (replacing those of an earlier start of the same query); a
   * failure to register is logged, never fatal.
   */
  static VaultQueryMetrics register(String query, TableGauges tables, long watermarkSeconds) {
    try {
      VaultQueryMetrics m = new VaultQueryMetrics(nameOf(query), tables, watermarkSeconds);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(m.name)) {
        server.unregisterMBean(m.name);
      }
      server.registerMBean(m, m.name);
      return m;
    } catch (JMException | RuntimeException e) {
      LOG.warn("Metrics of query {} are not registered in JMX: {}", query, e.toString());
      return new VaultQueryMetrics(null, tables, watermarkSeconds);
    }
  }

  void started() {
    running = true;
  }

  /** A progress report of the query, received at {@code now}. */
  void progress(StreamingQueryProgress p, long now) {
    lastProgress = now;
    if (p.numInputRows() > 0) {
      lastCommit = now;
    }
    behind = ProgressListener.behindLatest(p);
  }

  void terminated() {
    running = false;
  }

  void unregister() {
    if (name == null) {
      return;
    }
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
    } catch (JMException | RuntimeException e) {
      LOG.debug("Unregistering {} failed", name, e);
    }
  }

  @Override
  public boolean getRunning() {
    return running;
  }

  @Override
  public long getLastProgressEpochMillis() {
    return lastProgress;
  }

  @Override
  public long getLastCommitEpochMillis() {
    return lastCommit;
  }

  @Override
  public long getRecordsBehind() {
    return behind;
  }

  @Override
  public long getWaitingRows() {
    return tables.sizes().waitingRows();
  }

  @Override
  public long getErrorRows() {
    return tables.sizes().errorRows();
  }

  @Override
  public long getOldestWaitingAgeMillis() {
    return tables.oldestWaitingAgeMillis();
  }

  @Override
  public long getTableSizesReadEpochMillis() {
    return tables.readAt();
  }

  @Override
  public long getWatermarkSeconds() {
    return watermarkSeconds;
  }

  @Override
  public long getDatabaseCacheBytes() {
    return tables.cacheSizes().cacheBytes();
  }

  @Override
  public long getVaultRandomlyReachedBytes() {
    return tables.cacheSizes().randomlyReachedBytes();
  }

  @Override
  public long getCacheSizesReadEpochMillis() {
    return tables.cacheReadAt();
  }
}
