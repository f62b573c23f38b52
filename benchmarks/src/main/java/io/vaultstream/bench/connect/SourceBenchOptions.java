package io.vaultstream.bench.connect;

import java.util.List;
import java.util.Map;

/** The options of benchmarks/debezium-source.sh, each {@code --name=value}. */
record SourceBenchOptions(
    int events,
    int runs,
    long seed,
    String sourceUrl,
    String jdbcUrl,
    boolean vaultstream,
    boolean debezium,
    String workerHeap,
    List<Map<String, String>> variants,
    String sparkClasspath,
    String sparkHeap) {

  private static final List<String> NAMES =
      List.of(
          "events",
          "runs",
          "seed",
          "source-url",
          "jdbc-url",
          "sinks",
          "worker-heap",
          "variants",
          "spark-classpath",
          "spark-heap");

  static SourceBenchOptions parse(String[] args) {
    Map<String, String> opt = BenchOptions.named(args, NAMES);
    String sinks = opt.getOrDefault("sinks", "both");
    if (!List.of("both", "vaultstream", "debezium").contains(sinks)) {
      throw new IllegalArgumentException(
          "--sinks=" + sinks + " is not one of both, vaultstream, debezium");
    }
    String heap = heap(opt, "worker-heap", "2G");
    String target =
        opt.getOrDefault("jdbc-url", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
    if (!target.startsWith("jdbc:postgresql:") && !target.startsWith("jdbc:mariadb:")) {
      throw new IllegalArgumentException(
          "--jdbc-url=" + target + ": this benchmark loads into PostgreSQL or MariaDB only");
    }
    if (target.startsWith("jdbc:mariadb:") && opt.containsKey("spark-classpath")) {
      throw new IllegalArgumentException(
          "--spark loads into PostgreSQL only; leave it out for a MariaDB target");
    }
    return new SourceBenchOptions(
        number(opt, "events", 100_000, 1),
        number(opt, "runs", 3, 1),
        number(opt, "seed", 1, 0),
        opt.getOrDefault("source-url", "jdbc:postgresql://127.0.0.1:5433/shop?user=postgres"),
        target,
        !sinks.equals("debezium"),
        !sinks.equals("vaultstream"),
        heap,
        variants(opt.getOrDefault("variants", "")),
        opt.get("spark-classpath"),
        heap(opt, "spark-heap", "2g"));
  }

  /** Whether each run also loads the backlog with the Spark runner (debezium-source.sh --spark). */
  boolean spark() {
    return sparkClasspath != null;
  }

  private static String heap(Map<String, String> opt, String name, String fallback) {
    String heap = opt.getOrDefault(name, fallback);
    if (!heap.matches("\\d+[kKmMgG]?")) {
      throw new IllegalArgumentException(
          "--" + name + "=" + heap + " is not a size like 2G or 512M");
    }
    return heap;
  }

  /**
   * {@code --variants=k=v,k=v/k=v}: each group of settings (groups split by '/') is one more load
   * of vaultstream on its running worker, with these settings over the shipped example's. A '/'
   * followed by no key ({@code vault.model.path=/tmp/model.json}) is part of the value before it.
   */
  static List<Map<String, String>> variants(String text) {
    List<String> groups = new java.util.ArrayList<>();
    for (String piece : text.split("/", -1)) {
      if (!groups.isEmpty() && !piece.split(",", 2)[0].contains("=")) {
        groups.set(groups.size() - 1, groups.get(groups.size() - 1) + "/" + piece);
      } else {
        groups.add(piece);
      }
    }
    List<Map<String, String>> out = new java.util.ArrayList<>();
    for (String group : groups) {
      if (group.isBlank()) {
        continue;
      }
      Map<String, String> settings = new java.util.LinkedHashMap<>();
      for (String kv : group.split(",")) {
        int eq = kv.indexOf('=');
        if (eq < 1) {
          throw new IllegalArgumentException(
              "--variants: '" + kv + "' is not key=value (groups split by '/', settings by ',')");
        }
        settings.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
      out.add(settings);
    }
    return List.copyOf(out);
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
}
