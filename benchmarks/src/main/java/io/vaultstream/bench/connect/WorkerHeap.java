package io.vaultstream.bench.connect;

import com.sun.management.GarbageCollectorMXBean;
import com.sun.management.GcInfo;
import io.vaultstream.worker.WorkerProcess;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * Samples a worker JVM's heap over JMX every 100 ms: the most in use, and the most left after a
 * collection (the heap pools' sizes after the latest collection, as its GcInfo reports them).
 */
final class WorkerHeap implements AutoCloseable {
  final AtomicLong peakUsed = new AtomicLong();
  final AtomicLong peakAfterGc = new AtomicLong();
  final AtomicLong max = new AtomicLong();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile String failure;

  WorkerHeap(WorkerProcess worker) throws Exception {
    MBeanServerConnection c = worker.mbeans();
    MemoryMXBean memory =
        ManagementFactory.newPlatformMXBeanProxy(
            c, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
    Set<String> heapPools = new HashSet<>();
    for (ObjectName n :
        c.queryNames(
            new ObjectName(ManagementFactory.MEMORY_POOL_MXBEAN_DOMAIN_TYPE + ",*"), null)) {
      MemoryPoolMXBean pool =
          ManagementFactory.newPlatformMXBeanProxy(c, n.toString(), MemoryPoolMXBean.class);
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    List<GarbageCollectorMXBean> collectors = new ArrayList<>();
    for (ObjectName n :
        c.queryNames(
            new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null)) {
      collectors.add(
          ManagementFactory.newPlatformMXBeanProxy(c, n.toString(), GarbageCollectorMXBean.class));
    }
    thread = new Thread(() -> sample(memory, collectors, heapPools), "heap-of-" + worker.name);
    thread.setDaemon(true);
    thread.start();
  }

  private void sample(
      MemoryMXBean memory, List<GarbageCollectorMXBean> collectors, Set<String> heapPools) {
    while (running) {
      try {
        MemoryUsage heap = memory.getHeapMemoryUsage();
        peakUsed.accumulateAndGet(heap.getUsed(), Math::max);
        max.set(heap.getMax());
        for (GarbageCollectorMXBean gc : collectors) {
          GcInfo info = gc.getLastGcInfo();
          if (info == null) {
            continue;
          }
          long after = 0;
          for (var e : info.getMemoryUsageAfterGc().entrySet()) {
            after += heapPools.contains(e.getKey()) ? e.getValue().getUsed() : 0;
          }
          peakAfterGc.accumulateAndGet(after, Math::max);
        }
      } catch (RuntimeException e) {
        failure = e.toString(); // the worker stopped; keep what was sampled
        return;
      }
      LockSupport.parkNanos(100_000_000L);
    }
  }

  String failure() {
    return failure;
  }

  @Override
  public void close() {
    running = false;
  }
}
