package io.vaultstream.bench;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * What the embedded benchmark measures of its own JVM (broker, worker and task in one): the peak
 * heap in use, the CPU a load cost and a quiet JIT before measuring; and the percentiles it prints.
 */
final class JvmMeasures {
  private static final AtomicLong PEAK_HEAP = new AtomicLong();

  private JvmMeasures() {}

  /** Starts sampling the heap in use every 10 ms (a daemon thread). */
  static void sampleHeap() {
    Thread t =
        new Thread(
            () -> {
              var memory = ManagementFactory.getMemoryMXBean();
              while (true) {
                PEAK_HEAP.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                LockSupport.parkNanos(10_000_000L);
              }
            },
            "heap-sampler");
    t.setDaemon(true);
    t.start();
  }

  /** The most heap in use seen so far. */
  static long peakHeap() {
    return PEAK_HEAP.get();
  }

  /** The CPU time spent since the meter started, per event, split by where it went. */
  static void printCpu(CpuMeter cpu, int events) {
    Map<String, Double> spent = cpu.since();
    double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
    System.out.printf(
        "CPU time of the load: %.1f s on %d cores (%.0f µs per event)%n",
        total, Runtime.getRuntime().availableProcessors(), total * 1e6 / events);
    spent.forEach(
        (part, cpuSecs) ->
            System.out.printf(
                "  %-36s %6.1f s  %4.0f µs per event%n", part, cpuSecs, cpuSecs * 1e6 / events));
  }

  /**
   * Lets the harness's own work end before the load is measured: producing the events (in this JVM,
   * as the broker is) leaves garbage and queued JIT compilations of the producer and of the
   * broker's write path, which a worker on its own host would not pay. A collection clears the
   * garbage; then the JIT is given up to 20 s to go quiet (under 50 ms of compilation in a second).
   */
  static void settle() {
    System.gc();
    var jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return;
    }
    long began = System.nanoTime();
    long last = jit.getTotalCompilationTime();
    while (System.nanoTime() - began < 20_000_000_000L) {
      LockSupport.parkNanos(1_000_000_000L);
      long now = jit.getTotalCompilationTime();
      if (now - last < 50) {
        break; // under 5 % of a core compiling
      }
      last = now;
    }
    System.out.printf(
        "Settled before measuring: a collection, then the JIT quiet after %.1f s%n",
        (System.nanoTime() - began) / 1e9);
  }

  /** The {@code p}th percentile of sorted values, or -1 when there are none. */
  static long pct(List<Long> sorted, int p) {
    return sorted.isEmpty()
        ? -1
        : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }
}
