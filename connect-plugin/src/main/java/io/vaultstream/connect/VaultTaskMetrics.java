package io.vaultstream.connect;

import io.vaultstream.engine.LoadResult;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The JMX attributes of one sink task; updated on the task's thread, read by any. */
final class VaultTaskMetrics implements VaultTaskMetricsMBean {
  private static final Logger LOG = LoggerFactory.getLogger(VaultTaskMetrics.class);

  private final ObjectName name;
  private volatile long events;
  private volatile long rows;
  private volatile long batches;
  private volatile long waiting;
  private volatile long resolved;
  private volatile long errors;
  private volatile int held;
  private volatile long lastMillis;
  private volatile long lastCommit;

  private VaultTaskMetrics(ObjectName name) {
    this.name = name;
  }

  /** The object name of a task's attributes. */
  static ObjectName nameOf(String connector, String task) throws JMException {
    return new ObjectName(
        "io.vaultstream:type=sink-task-metrics,connector="
            + ObjectName.quote(connector)
            + ",task="
            + ObjectName.quote(task));
  }

  /**
   * Registers a task's attributes (replacing those a task of the same name left behind); a failure
   * to register is logged, never fatal.
   */
  static VaultTaskMetrics register(String connector, String task) {
    try {
      VaultTaskMetrics m = new VaultTaskMetrics(nameOf(connector, task));
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
      return new VaultTaskMetrics(null);
    }
  }

  void add(LoadResult r) {
    events += r.events();
    rows += r.totalRows();
    batches++;
    waiting += r.waiting();
    resolved += r.resolved();
    errors += r.errors() + r.movedToErrors();
    held = r.held();
    lastMillis = r.millis();
    lastCommit = System.currentTimeMillis();
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
}
