package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * Records a sink connector's tasks have read from Kafka, from Connect's own metric ({@code
 * sink-record-read-total} of {@code kafka.connect:type=sink-task-metrics}) over JMX, polled every
 * 10 ms: how a sink that does nothing with its records is timed, since its load ends long before
 * Connect commits its offsets.
 */
final class TaskReads {
  private TaskReads() {}

  /** Polls until the connector's tasks have read {@code total} records; feeds {@code clock}. */
  static void await(
      WorkerProcess worker, String connector, long total, LoadClock clock, Duration timeout)
      throws Exception {
    MBeanServerConnection c = worker.mbeans();
    ObjectName pattern = new ObjectName("kafka.connect:type=sink-task-metrics,*");
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      long read = 0;
      for (ObjectName n : c.queryNames(pattern, null)) {
        String name = n.getKeyProperty("connector");
        if (name != null && name.startsWith("\"")) {
          name = ObjectName.unquote(name); // JMX quotes a name with , = : * ? or "
        }
        if (connector.equals(name)) {
          Object v = c.getAttribute(n, "sink-record-read-total");
          read += v instanceof Number num ? num.longValue() : 0;
        }
      }
      clock.sample(read);
      if (read >= total) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            connector
                + " read "
                + read
                + " of "
                + total
                + " records within "
                + timeout
                + "; see "
                + worker.log);
      }
      LockSupport.parkNanos(10_000_000L);
    }
  }
}
