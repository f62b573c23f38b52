package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Bytes a worker JVM's threads allocated on the heap, from its thread allocation counters over JMX
 * ({@code com.sun.management.ThreadMXBean}): made at the start of a load, read at its end. A thread
 * started during the load counts from zero; one that ended before the end is not counted.
 */
final class WorkerAllocation {
  private final com.sun.management.ThreadMXBean threads;
  private final Map<Long, Long> start;

  WorkerAllocation(WorkerProcess worker) throws Exception {
    threads =
        ManagementFactory.newPlatformMXBeanProxy(
            worker.mbeans(),
            ManagementFactory.THREAD_MXBEAN_NAME,
            com.sun.management.ThreadMXBean.class);
    start = now();
  }

  private Map<Long, Long> now() {
    long[] ids = threads.getAllThreadIds();
    long[] bytes = threads.getThreadAllocatedBytes(ids);
    Map<Long, Long> out = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (bytes[i] >= 0) {
        out.put(ids[i], bytes[i]);
      }
    }
    return out;
  }

  /** Bytes allocated since this was made by the threads alive now. */
  long since() {
    long total = 0;
    for (var e : now().entrySet()) {
      total += Math.max(0, e.getValue() - start.getOrDefault(e.getKey(), 0L));
    }
    return total;
  }
}
