package io.vaultstream.bench.connect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The debezium-source benchmark's results over its runs: per kind of load the median and range of
 * its rates and costs, the ratios the targets name, and the physical ceiling.
 */
final class SourceSummary {
  static final String VAULT_FRESH = "vaultstream fresh";
  static final String VAULT_SECOND = "vaultstream second load";
  static final String VAULT_RUNNING = "vaultstream running";
  static final String DEBEZIUM_FRESH = "Debezium JDBC fresh";
  static final String DEBEZIUM_SECOND = "Debezium JDBC second load";
  static final String DEBEZIUM_RUNNING = "Debezium JDBC running";
  static final String DEBEZIUM_TUNED = "Debezium JDBC tuned running";
  static final String NOOP = "no-op sink running";
  static final String SPARK_FRESH = "Spark runner fresh job";
  static final String SPARK_RUNNING = "Spark runner running job";
  static final String SPARK_SINGLE = "Spark runner running, single";

  private final Map<String, List<SourceLoad>> loads = new LinkedHashMap<>();
  private final List<Double> copyRates = new ArrayList<>();

  /** What C of the ceiling loaded, as the summary names it. */
  private String bulkLoad = "COPY of the vault's rows";

  void add(SourceLoad load) {
    loads.computeIfAbsent(load.label(), k -> new ArrayList<>()).add(load);
  }

  /**
   * A bulk load of one run's vault rows ({@code what}: "COPY of the vault's rows"): {@code events}
   * records' worth in {@code seconds}.
   */
  void addCopy(long events, double seconds, String what) {
    copyRates.add(events / seconds);
    bulkLoad = what;
  }

  void print(long records, int runs) {
    Report.line("");
    Report.line(
        "=== Results over %,d captured records (tombstones included), %d run(s): median [range] ===",
        records, runs);
    Report.line(
        "  %-32s %22s %22s %12s %10s %10s %14s",
        "",
        "steady events/s",
        "whole-run events/s",
        "worker µs/ev",
        "GC µs/ev",
        "DB µs/ev",
        "alloc B/ev");
    loads.forEach(
        (label, list) ->
            Report.line(
                "  %-32s %22s %22s %12s %10s %10s %14s",
                label,
                stat(list, SourceLoad::steadyRate, "%,.0f"),
                stat(list, SourceLoad::wholeRate, "%,.0f"),
                measured(list, "%.1f", SourceLoad::workerMicros),
                measured(list, "%.1f", l -> l.micros(ProcessCpu.GC)),
                databaseMicros(list),
                measured(list, "%,.0f", SourceLoad::allocatedPerEvent)));
    if (!copyRates.isEmpty()) {
      Report.line("  %-32s %22s", bulkLoad, statOf(copyRates, "%,.0f"));
    }
    Report.line("");
    ratios();
  }

  /** The ratios the targets name, then the physical ceiling. */
  private void ratios() {
    ratio(
        "fresh backlog, whole run (target 3x)", VAULT_FRESH, DEBEZIUM_FRESH, SourceLoad::wholeRate);
    ratio("fresh backlog, steady", VAULT_FRESH, DEBEZIUM_FRESH, SourceLoad::steadyRate);
    ratio(
        "running worker, steady (target 4x)",
        VAULT_RUNNING,
        DEBEZIUM_RUNNING,
        SourceLoad::steadyRate);
    ratio("running worker, whole run", VAULT_RUNNING, DEBEZIUM_RUNNING, SourceLoad::wholeRate);
    ratio(
        "running, against the tuned sink (target 3x)",
        VAULT_RUNNING,
        DEBEZIUM_TUNED,
        SourceLoad::steadyRate);
    spark("fresh job against vaultstream's fresh worker", SPARK_FRESH, VAULT_FRESH);
    spark("running job against vaultstream's second load", SPARK_RUNNING, VAULT_SECOND);
    spark(
        "running job, --queries single, against vaultstream running", SPARK_SINGLE, VAULT_RUNNING);
    ceiling();
  }

  /** The Spark runner's whole-run rate against the Connect load it pairs with. */
  private void spark(String what, String sparkLabel, String connectLabel) {
    if (loads.containsKey(sparkLabel) && loads.containsKey(connectLabel)) {
      Report.line(
          "  Spark runner / vaultstream on Connect, %-40s %.0f %% (target 75 %%)",
          what + ", whole run:",
          100
              * median(loads.get(sparkLabel), SourceLoad::wholeRate)
              / median(loads.get(connectLabel), SourceLoad::wholeRate));
    }
  }

  private void ratio(String what, String a, String b, ToDoubleFunction<SourceLoad> rate) {
    if (loads.containsKey(a) && loads.containsKey(b)) {
      Report.line(
          "  vaultstream / Debezium JDBC sink, %-44s %.2fx",
          what + ":", median(loads.get(a), rate) / median(loads.get(b), rate));
    }
  }

  /**
   * U = 1 / (1/R + 1/C): R the no-op sink's steady rate behind the ByteArrayConverter (Kafka and
   * the worker alone), C the COPY of the same vault rows (the database alone).
   */
  private void ceiling() {
    if (!loads.containsKey(NOOP) || copyRates.isEmpty() || !loads.containsKey(VAULT_RUNNING)) {
      return;
    }
    double r = median(loads.get(NOOP), SourceLoad::steadyRate);
    double c = median(copyRates);
    double u = 1 / (1 / r + 1 / c);
    double v = median(loads.get(VAULT_RUNNING), SourceLoad::steadyRate);
    Report.line(
        "  physical ceiling: R (no-op sink, ByteArrayConverter) %,.0f events/s, C (%s) %,.0f"
            + " events/s, U = 1/(1/R + 1/C) = %,.0f events/s;"
            + " vaultstream running %,.0f = %.0f %% of U (target 60 %%)",
        r, bulkLoad, c, u, v, 100 * v / u);
  }

  /** The median of a cost, or "-" where it was not measured (the Spark runner's JVM). */
  /** The database's CPU per event, "-" where the load's meter left it out (the Spark runner's). */
  private static String databaseMicros(List<SourceLoad> list) {
    Map<String, Double> cpu = list.get(0).cpu();
    String server = cpu.containsKey(ProcessCpu.MARIADB) ? ProcessCpu.MARIADB : ProcessCpu.POSTGRES;
    return cpu.containsKey(server)
        ? String.format("%.1f", median(list, l -> l.micros(server)))
        : "-";
  }

  private static String measured(
      List<SourceLoad> list, String fmt, ToDoubleFunction<SourceLoad> f) {
    return list.get(0).cpu().isEmpty() ? "-" : String.format(fmt, median(list, f));
  }

  private static String stat(List<SourceLoad> list, ToDoubleFunction<SourceLoad> f, String fmt) {
    if (Double.isNaN(f.applyAsDouble(list.get(0)))) {
      return "-"; // not measured (the Spark runner's steady rate)
    }
    return statOf(list.stream().map(f::applyAsDouble).toList(), fmt);
  }

  private static String statOf(List<Double> values, String fmt) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return String.format(fmt + " [" + fmt + "-" + fmt + "]", median(values), min, max);
  }

  private static double median(List<SourceLoad> list, ToDoubleFunction<SourceLoad> f) {
    return median(list.stream().map(f::applyAsDouble).toList());
  }

  static double median(List<Double> values) {
    List<Double> s = values.stream().sorted().toList();
    int n = s.size();
    return n == 0 ? 0 : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }
}
