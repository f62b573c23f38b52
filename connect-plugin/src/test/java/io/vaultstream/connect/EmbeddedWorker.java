package io.vaultstream.connect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfo;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/** The embedded Connect cluster the connect-plugin ITs run: one worker and one broker. */
public final class EmbeddedWorker {
  private EmbeddedWorker() {}

  /** Starts a cluster named {@code name} with the common worker properties. */
  public static EmbeddedConnectCluster start(String name) {
    return start(name, Map.of());
  }

  /**
   * Starts a cluster named {@code name} whose worker has the common properties and {@code extra}
   * (which adds to them or replaces them).
   */
  public static EmbeddedConnectCluster start(String name, Map<String, String> extra) {
    Map<String, String> worker = new HashMap<>();
    // Plugins are found through their service manifests, without scanning every class.
    worker.put("plugin.discovery", "service_load");
    // Offsets committed each second, so that a test does not wait long for them.
    worker.put("offset.flush.interval.ms", "1000");
    worker.putAll(extra);
    // One broker holds the transaction log (for tests that write in transactions).
    Properties broker = new Properties();
    broker.put("transaction.state.log.replication.factor", "1");
    broker.put("transaction.state.log.min.isr", "1");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name(name)
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .brokerProps(broker)
            .build();
    connect.start();
    return connect;
  }

  /** The errors of each field that has some, in a validation by the worker. */
  public static Map<String, List<String>> errorsOf(ConfigInfos infos) {
    Map<String, List<String>> errors = new HashMap<>();
    for (ConfigInfo i : infos.values()) {
      if (!i.configValue().errors().isEmpty()) {
        errors.put(i.configValue().name(), i.configValue().errors());
      }
    }
    return errors;
  }
}
