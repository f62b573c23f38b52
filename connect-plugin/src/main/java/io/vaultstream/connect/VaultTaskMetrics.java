package io.vaultstream.connect;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.TableGauges;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.function.LongSupplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.common.utils.Sanitizer;
import org.apache.kafka.connect.sink.SinkRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The JMX attributes of one sink task; updated on the task's thread, read by any. */
final class VaultTaskMetrics implements VaultTaskMetricsMBean {
  private static final Logger LOG = LoggerFactory.getLogger(VaultTaskMetrics.class);

  private final ObjectName name;
  private final LongSupplier clock;
  private final SlidingPercentiles latency = new SlidingPercentiles();
  private final SlidingPercentiles batchMillis = new SlidingPercentiles();
  private volatile long events;
  private volatile long rows;
  private volatile long batches;
  private volatile long waiting;
  private volatile long resolved;
  private volatile long errors;
  private volatile long setAside;
  private volatile int held;
  private volatile long positionsMoved;
  private volatile long lastMillis;
  private volatile long lastCommit;
  private volatile TableGauges tables;
  private volatile long watermarkSeconds;

  VaultTaskMetrics(ObjectName name, LongSupplier clock) {
    this.name = name;
    this.clock = clock;
  }

  /**
   * The object name of a task's attributes; a value is quoted only when JMX needs it, as Kafka's
   * own metrics do, so that {@code connector=orders-sink,task=0} reads the same in every JMX tool.
   */
  static ObjectName nameOf(String connector, String task) throws JMException {
    return new ObjectName(
        "io.vaultstream:type=sink-task-metrics,connector="
            + Sanitizer.jmxSanitize(connector)
            + ",task="
            + Sanitizer.jmxSanitize(task));
  }

  /**
   * Registers a task's attributes (replacing those a task of the same name left behind); a failure
   * to register is logged, never fatal.
   */
  static VaultTaskMetrics register(String connector, String task) {
    try {
      VaultTaskMetrics m = new VaultTaskMetrics(nameOf(connector, task), System::currentTimeMillis);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(m.name)) {
        server.unregisterMBean(m.name);
      }
      server.registerMBean(m, m.name);
      return m;
    } catch (JMException | RuntimeException e) {
      LOG.warn(
          "Task metrics of {} task {} are not registered in JMX: {}",
          connector,
          task,
          e.toString());
      return new VaultTaskMetrics(null, System::currentTimeMillis);
    }
  }

  /**
   * Counts a committed batch; {@code loaded} are the records of its events, whose Kafka timestamps
   * give the time from the event's record to its commit in the vault.
   */
  void add(LoadResult r, Collection<SinkRecord> loaded) {
    long now = clock.getAsLong();
    for (SinkRecord record : loaded) {
      Long timestamp = record.timestamp();
      if (timestamp != null && timestamp >= 0) {
        latency.record(now - timestamp, now);
      }
    }
    batchMillis.record(r.millis(), now);
    events += r.events();
    rows += r.totalRows();
    batches++;
    waiting += r.waiting();
    resolved += r.resolved();
    errors += r.errors() + r.movedToErrors();
    setAside += r.changesSetAside();
    held = r.held();
    lastMillis = r.millis();
    lastCommit = now;
  }

  /**
   * The vault's positions of {@code partitions} partitions were found moved; they are read again.
   */
  void positionsMoved(int partitions) {
    positionsMoved += partitions;
  }

  /** Shows the queue tables' sizes of {@code gauges}, and the task's watermark. */
  void watch(TableGauges gauges, long watermarkSeconds) {
    this.tables = gauges;
    this.watermarkSeconds = watermarkSeconds;
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
  public long getEventsLoaded() {
    return events;
  }

  @Override
  public long getVaultRowsWritten() {
    return rows;
  }

  @Override
  public long getBatchesCommitted() {
    return batches;
  }

  @Override
  public long getWaitingRowsWritten() {
    return waiting;
  }

  @Override
  public long getRetriesResolved() {
    return resolved;
  }

  @Override
  public long getErrorRowsWritten() {
    return errors;
  }

  @Override
  public long getNonHistorizedChangesSetAside() {
    return setAside;
  }

  @Override
  public long getStoredPositionsMoved() {
    return positionsMoved;
  }

  @Override
  public int getEventsHeld() {
    return held;
  }

  @Override
  public long getLastBatchMillis() {
    return lastMillis;
  }

  @Override
  public long getLastCommitEpochMillis() {
    return lastCommit;
  }

  @Override
  public double getEventLatencyP50Millis() {
    return latency.quantile(0.5, clock.getAsLong());
  }

  @Override
  public double getEventLatencyP99Millis() {
    return latency.quantile(0.99, clock.getAsLong());
  }

  @Override
  public double getBatchMillisP50() {
    return batchMillis.quantile(0.5, clock.getAsLong());
  }

  @Override
  public double getBatchMillisP99() {
    return batchMillis.quantile(0.99, clock.getAsLong());
  }

  @Override
  public long getWaitingRows() {
    TableGauges t = tables;
    return t == null ? 0 : t.sizes().waitingRows();
  }

  @Override
  public long getErrorRows() {
    TableGauges t = tables;
    return t == null ? 0 : t.sizes().errorRows();
  }

  @Override
  public long getOldestWaitingAgeMillis() {
    TableGauges t = tables;
    return t == null ? 0 : t.oldestWaitingAgeMillis();
  }

  @Override
  public long getTableSizesReadEpochMillis() {
    TableGauges t = tables;
    return t == null ? 0 : t.readAt();
  }

  @Override
  public long getWatermarkSeconds() {
    return watermarkSeconds;
  }

  @Override
  public long getDatabaseCacheBytes() {
    TableGauges t = tables;
    return t == null ? 0 : t.cacheSizes().cacheBytes();
  }

  @Override
  public long getVaultRandomlyReachedBytes() {
    TableGauges t = tables;
    return t == null ? 0 : t.cacheSizes().randomlyReachedBytes();
  }

  @Override
  public long getCacheSizesReadEpochMillis() {
    TableGauges t = tables;
    return t == null ? 0 : t.cacheReadAt();
  }
}
