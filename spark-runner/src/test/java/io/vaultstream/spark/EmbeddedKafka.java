package io.vaultstream.spark;

import kafka.testkit.KafkaClusterTestKit;
import kafka.testkit.TestKitNodes;

/** The tests' Kafka: one combined broker and controller, formatted, started and ready. */
public final class EmbeddedKafka {
  private EmbeddedKafka() {}

  /** A started one-node cluster; the caller closes it. */
  public static KafkaClusterTestKit start() throws Exception {
    KafkaClusterTestKit kafka =
        new KafkaClusterTestKit.Builder(
                new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
            // One broker holds the transaction log (for tests that write in transactions).
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1")
            .build();
    kafka.format();
    kafka.startup();
    kafka.waitForReadyBrokers();
    return kafka;
  }
}
