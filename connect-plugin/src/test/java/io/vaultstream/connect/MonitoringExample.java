package io.vaultstream.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.jmx.JmxCollector;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of examples/monitoring as a user runs them: the exporter rules applied to this JVM's
 * beans by the JMX exporter's own collector (as its Java agent does in a worker), and the metric
 * names the Grafana dashboards query.
 */
final class MonitoringExample {
  static final Path DIR = Path.of("..", "examples", "monitoring");
  static final Path RULES = DIR.resolve("vaultstream-jmx-exporter.yaml");
  static final Path DASHBOARD = DIR.resolve("vaultstream-dashboard.json");
  static final Path SPARK_RULES = DIR.resolve("vaultstream-spark-jmx-exporter.yaml");
  static final Path SPARK_DASHBOARD = DIR.resolve("vaultstream-spark-dashboard.json");
  static final Path ALERTS = DIR.resolve("vaultstream-alerts.yml");

  private static final Pattern METRIC = Pattern.compile("\\bvaultstream_[a-z0-9_]+");
  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)$");

  private MonitoringExample() {}

  /** One line of the exposition: a metric name, its labels as written, its value. */
  record Sample(String name, String labels, double value) {}

  /** What a scrape of the agent would return now, in Prometheus' text format. */
  static String scrape() throws Exception {
    PrometheusRegistry registry = new PrometheusRegistry();
    new JmxCollector(RULES.toFile(), JmxCollector.Mode.AGENT).register(registry);
    return PrometheusTextFormatWriter.create().toDebugString(registry.scrape());
  }

  /** The samples of a scrape. */
  static List<Sample> samples(String exposition) {
    List<Sample> out = new ArrayList<>();
    for (String line : exposition.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (!line.startsWith("#") && m.matches()) {
        out.add(
            new Sample(
                m.group(1), m.group(2) == null ? "" : m.group(2), Double.parseDouble(m.group(3))));
      }
    }
    return out;
  }

  /** Every vaultstream metric name in the sink dashboard's queries (panels and variables). */
  static Set<String> dashboardMetrics() throws Exception {
    Set<String> names = new TreeSet<>();
    for (String q : dashboardQueries(DASHBOARD)) {
      Matcher m = METRIC.matcher(q);
      while (m.find()) {
        names.add(m.group());
      }
    }
    return names;
  }

  /** The queries of a dashboard: its panels' and its variables'. */
  static List<String> dashboardQueries(Path file) throws Exception {
    JsonNode dashboard = new ObjectMapper().readTree(Files.readString(file));
    List<String> queries = new ArrayList<>();
    dashboard
        .path("panels")
        .forEach(p -> p.path("targets").forEach(t -> queries.add(t.path("expr").asText())));
    dashboard
        .path("templating")
        .path("list")
        .forEach(v -> queries.add(v.path("definition").asText()));
    return queries;
  }
}
