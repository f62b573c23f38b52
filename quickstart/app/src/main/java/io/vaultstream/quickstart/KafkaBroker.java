package io.vaultstream.quickstart;

import io.vaultstream.worker.FreePorts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool$;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * One Kafka broker in KRaft mode (broker and controller in one node) inside this JVM, as {@code
 * kafka-storage.sh format} and {@code kafka-server-start.sh} run it: a generated server.properties
 * in the run directory, its log directory formatted with a new cluster id, listening on 127.0.0.1
 * only.
 */
final class KafkaBroker implements AutoCloseable {
  final String clusterId;
  final String bootstrapServers;
  private final KafkaRaftServer server;
  private final Path dataDir;

  private KafkaBroker(String clusterId, String bootstrap, KafkaRaftServer server, Path dataDir) {
    this.clusterId = clusterId;
    this.bootstrapServers = bootstrap;
    this.server = server;
    this.dataDir = dataDir;
  }

  /** Formats a log directory under {@code runDir} and starts the broker on it. */
  static KafkaBroker start(Path runDir) throws IOException {
    Path data = Files.createDirectories(runDir.resolve("kafka-data"));
    // Two calls of FreePorts.next() may give the same port: the broker then refuses to start.
    int[] ports = FreePorts.distinct(2);
    int port = ports[0];
    Properties props = serverProperties(data, port, ports[1]);
    Path file = runDir.resolve("server.properties");
    try (Writer w = Files.newBufferedWriter(file)) {
      props.store(w, "the quickstart's broker: one KRaft node, broker and controller");
    }
    String clusterId = Uuid.randomUuid().toString();
    format(file, clusterId);
    KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props), Time.SYSTEM);
    server.startup();
    return new KafkaBroker(clusterId, "127.0.0.1:" + port, server, data);
  }

  private static Properties serverProperties(Path data, int port, int controllerPort) {
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    p.setProperty(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
    p.setProperty("log.dirs", data.toString());
    // One broker: every internal topic has a single replica.
    p.setProperty("offsets.topic.replication.factor", "1");
    p.setProperty("transaction.state.log.replication.factor", "1");
    p.setProperty("transaction.state.log.min.isr", "1");
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    p.setProperty("num.partitions", "1");
    // No other broker to hand leadership to: stopping waits for no controller's approval (which
    // can take minutes on a busy host, up to the broker's five-minute bound).
    p.setProperty("controlled.shutdown.enable", "false");
    return p;
  }

  /** What {@code kafka-storage.sh format -t <id> -c server.properties} does. */
  private static void format(Path serverProperties, String clusterId) {
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    int code;
    try (PrintStream to = new PrintStream(said, true, StandardCharsets.UTF_8)) {
      code =
          StorageTool$.MODULE$.execute(
              new String[] {"format", "-t", clusterId, "-c", serverProperties.toString()}, to);
    }
    if (code != 0) {
      throw new IllegalStateException(
          "formatting the broker's log directory ("
              + serverProperties
              + ") failed with code "
              + code
              + ": "
              + said.toString(StandardCharsets.UTF_8).strip());
    }
  }

  /** Creates the topics, one partition each. */
  void createTopics(List<String> topics) throws Exception {
    try (Admin admin =
        Admin.create(
            java.util.Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      admin
          .createTopics(topics.stream().map(t -> new NewTopic(t, 1, (short) 1)).toList())
          .all()
          .get();
    }
  }

  /** Stops the broker, then removes its log directory (never the other way round). */
  @Override
  public void close() throws IOException {
    server.shutdown();
    server.awaitShutdown();
    try (Stream<Path> files = Files.walk(dataDir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
