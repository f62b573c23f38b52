package io.vaultstream.bench.connect;

import java.util.Map;

/**
 * One timed load of the captured backlog: what loaded it ({@code label}, e.g. "vaultstream
 * running"), how many records, the whole run's seconds, the steady-state rate, and, from the
 * worker, CPU seconds by part ({@link ProcessCpu}) and the bytes its threads allocated.
 */
record SourceLoad(
    String label,
    long events,
    double seconds,
    double steadyRate,
    String window,
    Map<String, Double> cpu,
    long allocatedBytes) {

  double wholeRate() {
    return events / seconds;
  }

  /** µs of CPU per event of one part. */
  double micros(String part) {
    return cpu.getOrDefault(part, 0.0) * 1e6 / events;
  }

  /** µs of CPU per event of the worker JVM without its JIT compiler threads. */
  double workerMicros() {
    return micros(ProcessCpu.TASK)
        + micros(ProcessCpu.WRITER)
        + micros(ProcessCpu.OTHER)
        + micros(ProcessCpu.GC);
  }

  double allocatedPerEvent() {
    return (double) allocatedBytes / events;
  }

  void print(int run) {
    Report.line(
        "  run %d, %s: %,d events in %.1f s = %,.0f events/s whole run; steady %,.0f events/s (%s)",
        run, label, events, seconds, wholeRate(), steadyRate, window);
    Report.line(
        "    CPU µs/event: sink task %.1f, vaultstream writer %.1f, other worker threads %.1f,"
            + " GC %.1f, JIT %.1f; worker without JIT %.1f; database %.1f; harness (broker) %.1f;"
            + " allocated %,.0f bytes/event",
        micros(ProcessCpu.TASK),
        micros(ProcessCpu.WRITER),
        micros(ProcessCpu.OTHER),
        micros(ProcessCpu.GC),
        micros(ProcessCpu.JIT),
        workerMicros(),
        micros(cpu.containsKey(ProcessCpu.MARIADB) ? ProcessCpu.MARIADB : ProcessCpu.POSTGRES),
        micros(ProcessCpu.HARNESS),
        allocatedPerEvent());
  }
}
