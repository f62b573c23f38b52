package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboards of examples/monitoring against the alert rules and the exporter rules: an
 * operator paged by an alert finds every metric of its rule on a panel of the runtime's dashboard,
 * and every panel queries a metric the runtime's exporter rules produce.
 */
class DashboardsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();
  // vaultstream's metrics, the worker's status metrics, and Prometheus' own up of a scrape target.
  private static final Pattern METRIC =
      Pattern.compile("\\b(vaultstream_[a-z0-9_]+|kafka_connect_[a-z0-9_]+|up(?=\\{))");

  /** Each runtime's alert group, with the dashboard and the exporter rules that serve it. */
  private static final Map<String, List<Path>> RUNTIMES =
      Map.of(
          "vaultstream-connect",
          List.of(MonitoringExample.DASHBOARD, MonitoringExample.RULES),
          "vaultstream-spark",
          List.of(MonitoringExample.SPARK_DASHBOARD, MonitoringExample.SPARK_RULES));

  @Test
  void everyMetricAnAlertQueriesHasAPanelOnItsRuntimesDashboard() throws Exception {
    Set<String> groups = new TreeSet<>();
    for (JsonNode group : YAML.readTree(MonitoringExample.ALERTS.toFile()).path("groups")) {
      String name = group.path("name").asText();
      groups.add(name);
      assertThat(RUNTIMES).as("a dashboard for the alert group " + name).containsKey(name);
      Path dashboard = RUNTIMES.get(name).get(0);
      Set<String> onPanels = panelMetrics(dashboard);
      for (JsonNode rule : group.path("rules")) {
        Set<String> queried = metrics(List.of(rule.path("expr").asText()));
        assertThat(onPanels)
            .as(
                "panels of %s for the alert %s",
                dashboard.getFileName(), rule.path("alert").asText())
            .containsAll(queried);
      }
    }
    assertThat(groups).isEqualTo(RUNTIMES.keySet());
  }

  @Test
  void everyMetricADashboardQueriesIsOneItsExporterRulesProduce() throws Exception {
    for (List<Path> runtime : RUNTIMES.values()) {
      Set<String> exported = new TreeSet<>();
      for (JsonNode rule : YAML.readTree(runtime.get(1).toFile()).path("rules")) {
        exported.add(rule.path("name").asText());
      }
      Set<String> queried = metrics(MonitoringExample.dashboardQueries(runtime.get(0)));
      queried.remove("up"); // Prometheus' own, of every scrape
      assertThat(queried).as("metrics %s queries", runtime.get(0).getFileName()).isNotEmpty();
      assertThat(exported)
          .as("metrics %s produces", runtime.get(1).getFileName())
          .containsAll(queried);
    }
  }

  @Test
  void thePanelsOfEachDashboardHaveDistinctIdsAndDoNotOverlap() throws Exception {
    for (List<Path> runtime : RUNTIMES.values()) {
      JsonNode panels = JSON.readTree(Files.readString(runtime.get(0))).path("panels");
      Set<Integer> ids = new TreeSet<>();
      List<int[]> boxes = new ArrayList<>();
      for (JsonNode p : panels) {
        assertThat(ids.add(p.path("id").asInt()))
            .as("%s: panel id %s once", runtime.get(0).getFileName(), p.path("id").asInt())
            .isTrue();
        JsonNode g = p.path("gridPos");
        int[] box = {
          g.path("x").asInt(), g.path("y").asInt(), g.path("w").asInt(), g.path("h").asInt()
        };
        assertThat(box[0] + box[2])
            .as("%s within the 24 columns", p.path("title").asText())
            .isLessThanOrEqualTo(24);
        for (int[] other : boxes) {
          boolean apart =
              box[0] + box[2] <= other[0]
                  || other[0] + other[2] <= box[0]
                  || box[1] + box[3] <= other[1]
                  || other[1] + other[3] <= box[1];
          assertThat(apart).as("%s overlaps another panel", p.path("title").asText()).isTrue();
        }
        boxes.add(box);
      }
    }
  }

  /** The metrics the panels of a dashboard query (not its variables). */
  private static Set<String> panelMetrics(Path dashboard) throws Exception {
    List<String> queries = new ArrayList<>();
    JSON.readTree(Files.readString(dashboard))
        .path("panels")
        .forEach(p -> p.path("targets").forEach(t -> queries.add(t.path("expr").asText())));
    return metrics(queries);
  }

  private static Set<String> metrics(List<String> queries) {
    Set<String> names = new TreeSet<>();
    for (String q : queries) {
      Matcher m = METRIC.matcher(q);
      while (m.find()) {
        names.add(m.group());
      }
    }
    return names;
  }
}
