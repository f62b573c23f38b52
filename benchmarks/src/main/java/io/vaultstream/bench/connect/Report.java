package io.vaultstream.bench.connect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The run's figures, printed as they come and summed up at the end. */
final class Report {
  /** One timed load: which sink, which worker state, how many events, how long, what CPU. */
  record Phase(String sink, String worker, long events, double seconds, Map<String, Double> cpu) {
    double rate() {
      return events / seconds;
    }
  }

  private final List<Phase> phases = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  static void line(String format, Object... args) {
    System.out.printf(format + "%n", args);
    System.out.flush();
  }

  void add(Phase p) {
    phases.add(p);
    line(
        "  %s, %s worker: %,d events in %.1f s = %,.0f events/s",
        p.sink(), p.worker(), p.events(), p.seconds(), p.rate());
  }

  /** A line for the summary, printed now too. */
  void note(String format, Object... args) {
    String s = String.format(format, args);
    notes.add(s);
    line("  %s", s);
  }

  private Phase find(String sink, String worker) {
    return phases.stream()
        .filter(p -> p.sink().equals(sink) && p.worker().equals(worker))
        .findFirst()
        .orElse(null);
  }

  /** The running rate of vaultstream, else its fresh one (for the latency's half rate). */
  double vaultstreamRate() {
    Phase p = find(SinkConfigs.VAULTSTREAM, "running");
    return (p != null ? p : find(SinkConfigs.VAULTSTREAM, "freshly started")).rate();
  }

  void summary() {
    line("");
    line("=== Results: events/s (an event is a Kafka record, tombstones included) ===");
    line(
        "  %-38s %14s %16s %22s %14s",
        "", "vaultstream", "Debezium JDBC", "vaultstream/Debezium", "floor");
    for (String worker : List.of("freshly started", "running")) {
      Phase v = find(SinkConfigs.VAULTSTREAM, worker);
      Phase d = find(SinkConfigs.DEBEZIUM, worker);
      Phase f = find(SinkConfigs.FLOOR, worker);
      if (v == null && d == null) {
        continue;
      }
      long n = v != null ? v.events() : d.events();
      line(
          "  %-38s %14s %16s %22s %14s",
          String.format("%s worker (%,d events)", worker, n),
          v == null ? "-" : String.format("%,.0f", v.rate()),
          d == null ? "-" : String.format("%,.0f", d.rate()),
          v == null || d == null ? "-" : String.format("%.2fx", v.rate() / d.rate()),
          f == null ? "-" : String.format("%,.0f", f.rate()));
    }
    if (find(SinkConfigs.FLOOR, "freshly started") != null) {
      line(
          "  floor: Kafka's FileStreamSinkConnector to /dev/null behind the same JsonConverter,"
              + " broker and worker; no sink can load faster on this machine");
    }
    notes.forEach(n -> line("  %s", n));
    cpuTable();
  }

  private void cpuTable() {
    if (phases.isEmpty()) {
      return;
    }
    line("");
    line(
        "=== CPU per event (µs; /proc; worker threads by name, machine of %d cores) ===",
        Runtime.getRuntime().availableProcessors());
    StringBuilder head = new StringBuilder(String.format("  %-40s", ""));
    for (Phase p : phases) {
      head.append(String.format(" %20s", shortName(p)));
    }
    line("%s", head);
    Map<String, Double> totals = new LinkedHashMap<>();
    for (String part : phases.get(0).cpu().keySet()) {
      StringBuilder row = new StringBuilder(String.format("  %-40s", part));
      for (Phase p : phases) {
        double us = p.cpu().getOrDefault(part, 0.0) * 1e6 / p.events();
        totals.merge(shortName(p), us, Double::sum);
        row.append(String.format(" %20.0f", us));
      }
      line("%s", row);
    }
    StringBuilder total = new StringBuilder(String.format("  %-40s", "total"));
    StringBuilder seconds =
        new StringBuilder(String.format("  %-40s", "total CPU seconds (wall seconds)"));
    for (Phase p : phases) {
      total.append(String.format(" %20.0f", totals.get(shortName(p))));
      double s = p.cpu().values().stream().mapToDouble(Double::doubleValue).sum();
      seconds.append(String.format(" %20s", String.format("%.1f (%.1f)", s, p.seconds())));
    }
    line("%s", total);
    line("%s", seconds);
  }

  private static String shortName(Phase p) {
    String sink =
        p.sink().equals(SinkConfigs.VAULTSTREAM)
            ? "vaultstream"
            : p.sink().equals(SinkConfigs.FLOOR) ? "floor" : "Debezium";
    return sink + (p.worker().equals("running") ? " running" : " fresh");
  }
}
