package io.vaultstream.bench;

import io.vaultstream.samples.ShopEventGenerator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/** The embedded benchmark's floor ({@code --sink=decode-only}). */
final class DecodeOnlyRun {
  private DecodeOnlyRun() {}

  /**
   * The floor: the same records through the same broker and worker to a task that only decodes them
   * (DecodeOnlySinkConnector), with the CPU it costs.
   */
  static void run(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      int events,
      Map<String, String> vaultConnector)
      throws Exception {
    Map<TopicPartition, Long> end = new HashMap<>();
    ShopProducer.produceAll(connect, gen, events, end);
    Map<String, String> c = new HashMap<>();
    for (String k :
        List.of("tasks.max", "topics", "key.converter", "value.converter", "vault.model")) {
      c.put(k, vaultConnector.get(k));
    }
    c.put(
        "consumer.override.max.poll.records",
        vaultConnector.get("consumer.override.max.poll.records"));
    c.put("connector.class", DecodeOnlySinkConnector.class.getName());
    JvmMeasures.settle();
    CpuMeter cpu = new CpuMeter();
    long start = System.nanoTime();
    connect.configureConnector("bench", c);
    long deadline = start + 5 * 60 * 1_000_000_000L;
    while (!end.entrySet().stream()
        .allMatch(
            e -> DecodeOnlySinkConnector.DECODED.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the decode-only task did not finish within 5 minutes");
      }
      LockSupport.parkNanos(20_000_000L);
    }
    double secs = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "Decoded %,d events in %.1f s: %,.0f events/s (one task that only decodes: the floor of"
            + " broker, worker and decoding)%n",
        events, secs, events / secs);
    JvmMeasures.printCpu(cpu, events);
  }
}
