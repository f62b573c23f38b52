package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.util.concurrent.locks.LockSupport;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * The events a vaultstream task has loaded, from its own JMX attribute ({@code EventsLoaded} of
 * {@code io.vaultstream:type=sink-task-metrics}): what the steady rate of a vaultstream load is
 * sampled from. Its stored positions ({@code vs_progress}) are kept behind an event held in memory
 * until that event loads, so they lag the loading by up to the hold; this count does not.
 */
final class TaskEvents {
  private final MBeanServerConnection jmx;
  private final ObjectName bean;

  TaskEvents(WorkerProcess worker, String connector) throws Exception {
    this.jmx = worker.mbeans();
    this.bean =
        new ObjectName(
            "io.vaultstream:type=sink-task-metrics,connector="
                + (connector.matches("[\\w.-]+") ? connector : ObjectName.quote(connector))
                + ",task=0");
  }

  /** Events loaded so far; 0 before the task has registered its attributes. */
  long now() throws Exception {
    try {
      return ((Number) jmx.getAttribute(bean, "EventsLoaded")).longValue();
    } catch (InstanceNotFoundException e) {
      return 0;
    }
  }

  /**
   * The count once it has stopped changing (the task counts a batch when its thread next hears of
   * the commit): read every 200 ms until two reads agree, for at most 5 s.
   */
  long settled() throws Exception {
    long last = now();
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline) {
      LockSupport.parkNanos(200_000_000L);
      long n = now();
      if (n == last) {
        return n;
      }
      last = n;
    }
    return last;
  }
}
