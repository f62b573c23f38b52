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
            .build();
    kafka.format();
    kafka.startup();
    kafka.waitForReadyBrokers();
    return kafka;
  }
}
