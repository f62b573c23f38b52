package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exporter rules read a task's bean whatever the connector is called: a name JMX needs quoted
 * still gives the plain name as the connector label.
 */
class MonitoringRulesTest {
  @Test
  void aQuotedConnectorNameBecomesItsPlainLabel() throws Exception {
    VaultTaskMetrics m = VaultTaskMetrics.register("eu:orders=1", "7");
    try {
      List<MonitoringExample.Sample> samples =
          MonitoringExample.samples(MonitoringExample.scrape());
      assertThat(samples)
          .filteredOn(s -> s.name().equals("vaultstream_task_events_loaded_total"))
          .extracting(MonitoringExample.Sample::labels)
          .contains("{connector=\"eu:orders=1\",task=\"7\"}");
      // Before any batch the percentiles have no value yet.
      assertThat(samples)
          .filteredOn(
              s ->
                  s.name().equals("vaultstream_task_event_latency_seconds")
                      && s.labels().contains("task=\"7\""))
          .hasSize(2)
          .allMatch(s -> Double.isNaN(s.value()));
    } finally {
      m.unregister();
    }
  }
}
