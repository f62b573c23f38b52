package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The alert rules of examples/monitoring as Prometheus reads them: its rule checker accepts them,
 * their unit tests pass (every alert fires for its series and stays silent for healthy ones), and
 * every metric they query is one the exporter rules (the worker's or the Spark driver's) produce.
 */
class AlertRulesIT {
  static final Path ALERTS = MonitoringExample.ALERTS;
  static final Path ALERT_TESTS = MonitoringExample.DIR.resolve("vaultstream-alerts-test.yml");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern METRIC =
      Pattern.compile("\\b(vaultstream_[a-z0-9_]+|kafka_connect_[a-z0-9_]+)");

  @Test
  void prometheusRuleCheckerAcceptsTheRules() throws Exception {
    PrometheusTools.Run run =
        PrometheusTools.promtool(
            MonitoringExample.DIR, "check", "rules", ALERTS.getFileName().toString());
    assertThat(run.exitCode()).as(run.output()).isZero();
    assertThat(run.output()).contains("SUCCESS: " + alerts().size() + " rules found");
  }

  @Test
  void theRulesUnitTestsPass() throws Exception {
    PrometheusTools.Run run =
        PrometheusTools.promtool(
            MonitoringExample.DIR, "test", "rules", ALERT_TESTS.getFileName().toString());
    assertThat(run.exitCode()).as(run.output()).isZero();
    assertThat(run.output()).contains("SUCCESS");
  }

  @Test
  void everyAlertIsTestedFiringAndSilent() throws Exception {
    Set<String> firing = new TreeSet<>();
    Set<String> silent = new TreeSet<>();
    for (JsonNode test : YAML.readTree(ALERT_TESTS.toFile()).path("tests")) {
      for (JsonNode t : test.path("alert_rule_test")) {
        (t.path("exp_alerts").isEmpty() ? silent : firing).add(t.path("alertname").asText());
      }
    }
    assertThat(firing).as("alerts tested firing").isEqualTo(alerts());
    assertThat(silent).as("alerts tested silent").isEqualTo(alerts());
  }

  @Test
  void everyMetricTheRulesQueryIsOneTheExporterProduces() throws Exception {
    Set<String> exported = new HashSet<>();
    for (Path rules : List.of(MonitoringExample.RULES, MonitoringExample.SPARK_RULES)) {
      for (JsonNode rule : YAML.readTree(rules.toFile()).path("rules")) {
        exported.add(rule.path("name").asText());
      }
    }
    Set<String> queried = new TreeSet<>();
    for (JsonNode group : YAML.readTree(ALERTS.toFile()).path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        Matcher m = METRIC.matcher(rule.path("expr").asText());
        while (m.find()) {
          queried.add(m.group());
        }
      }
    }
    assertThat(queried).hasSizeGreaterThan(16);
    assertThat(exported).containsAll(queried);
  }

  /** The alerts' names. */
  static Set<String> alerts() throws Exception {
    Set<String> names = new TreeSet<>();
    for (JsonNode group : YAML.readTree(ALERTS.toFile()).path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        names.add(rule.path("alert").asText());
      }
    }
    return names;
  }
}
