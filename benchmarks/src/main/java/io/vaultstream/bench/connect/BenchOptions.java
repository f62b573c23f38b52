package io.vaultstream.bench.connect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The options of benchmarks/connect.sh, each {@code --name=value}. */
record BenchOptions(
    int events,
    String jdbcUrl,
    int tasks,
    boolean vaultstream,
    boolean debezium,
    int runningEvents,
    int latencySeconds,
    String workerHeap,
    boolean floor) {

  private static final List<String> NAMES =
      List.of(
          "events",
          "jdbc-url",
          "tasks",
          "sinks",
          "running-events",
          "latency-seconds",
          "worker-heap",
          "floor");

  static BenchOptions parse(String[] args) {
    Map<String, String> opt = named(args, NAMES);
    int events = number(opt, "events", 200_000, 1);
    String sinks = opt.getOrDefault("sinks", "both");
    if (!List.of("both", "vaultstream", "debezium").contains(sinks)) {
      throw new IllegalArgumentException(
          "--sinks=" + sinks + " is not one of both, vaultstream, debezium");
    }
    String heap = opt.getOrDefault("worker-heap", "2G");
    if (!heap.matches("\\d+[kKmMgG]?")) {
      throw new IllegalArgumentException(
          "--worker-heap=" + heap + " is not a size like 2G or 512M");
    }
    return new BenchOptions(
        events,
        opt.get("jdbc-url"),
        number(opt, "tasks", 1, 1),
        !sinks.equals("debezium"),
        !sinks.equals("vaultstream"),
        number(opt, "running-events", events, 0),
        number(opt, "latency-seconds", 20, 0),
        heap,
        Boolean.parseBoolean(opt.getOrDefault("floor", "false")));
  }

  /**
   * The {@code --name=value} options by name, from arguments of one or several options each (as
   * exec:exec passes them); a name not in {@code names} is refused.
   */
  static Map<String, String> named(String[] args, List<String> names) {
    Map<String, String> opt = new HashMap<>();
    for (String arg : args) {
      for (String part : arg.trim().split("\\s+")) {
        if (part.isEmpty()) {
          continue;
        }
        int eq = part.indexOf('=');
        String name = part.startsWith("--") && eq > 2 ? part.substring(2, eq) : null;
        if (name == null || !names.contains(name)) {
          throw new IllegalArgumentException(
              "unknown option '" + part + "'; valid: --" + String.join("=..., --", names) + "=...");
        }
        opt.put(name, part.substring(eq + 1));
      }
    }
    return opt;
  }

  private static int number(Map<String, String> opt, String name, int fallback, int min) {
    String v = opt.get(name);
    if (v == null) {
      return fallback;
    }
    try {
      int n = Integer.parseInt(v.replace("_", "").replace(",", ""));
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--" + name + "=" + v + " is not a whole number >= " + min);
  }

  /** How long a phase of {@code n} events may take before the run gives up: 2 min + 5 ms/event. */
  static java.time.Duration timeout(long n) {
    return java.time.Duration.ofSeconds(120 + n / 200);
  }
}
