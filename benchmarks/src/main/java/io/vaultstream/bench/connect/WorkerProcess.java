package io.vaultstream.bench.connect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A Kafka Connect distributed worker in its own JVM, started as {@code connect-distributed.sh}
 * starts one: Kafka's JVM flags from kafka-run-class.sh, the shipped connect-distributed.properties
 * (with {@code offset.flush.interval.ms=1000}, a plugin.path and its own group and topics), remote
 * JMX on 127.0.0.1, its output in a log file of the run directory.
 */
final class WorkerProcess implements AutoCloseable {
  /** KAFKA_JVM_PERFORMANCE_OPTS of kafka-run-class.sh (Kafka 4.1). */
  static final List<String> KAFKA_JVM_FLAGS =
      List.of(
          "-server",
          "-XX:+UseG1GC",
          "-XX:MaxGCPauseMillis=20",
          "-XX:InitiatingHeapOccupancyPercent=35",
          "-XX:+ExplicitGCInvokesConcurrent",
          "-XX:MaxInlineLevel=15",
          "-Djava.awt.headless=true");

  final String name;
  final Path log;
  final int restPort;
  final int jmxPort;
  final ConnectRest rest;
  private final Process process;
  private JMXConnector jmx;

  private WorkerProcess(String name, Path log, int restPort, int jmxPort, Process process) {
    this.name = name;
    this.log = log;
    this.restPort = restPort;
    this.jmxPort = jmxPort;
    this.process = process;
    this.rest = new ConnectRest(restPort, this);
  }

  /** Starts worker {@code name} (group {@code name}, topics {@code name-offsets} and so on). */
  static WorkerProcess start(
      String name, Path runDir, PluginInstall plugins, String bootstrap, String heap)
      throws IOException {
    int restPort = freePort();
    int jmxPort = freePort();
    Path props = runDir.resolve(name + ".properties");
    Files.writeString(props, properties(name, bootstrap, restPort, plugins.pluginPath));
    Path log4j = runDir.resolve(name + "-log4j2.properties");
    Files.writeString(log4j, LOG4J);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xms256M");
    cmd.add("-Xmx" + heap);
    cmd.addAll(KAFKA_JVM_FLAGS);
    cmd.add("-Dcom.sun.management.jmxremote");
    cmd.add("-Dcom.sun.management.jmxremote.authenticate=false");
    cmd.add("-Dcom.sun.management.jmxremote.ssl=false");
    cmd.add("-Dcom.sun.management.jmxremote.host=127.0.0.1");
    cmd.add("-Dcom.sun.management.jmxremote.port=" + jmxPort);
    cmd.add("-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort);
    cmd.add("-Djava.rmi.server.hostname=127.0.0.1");
    cmd.add("-Dkafka.logs.dir=" + runDir);
    cmd.add("-Dlog4j2.configurationFile=" + log4j);
    cmd.add("-cp");
    cmd.add(plugins.workerLibs + "/*");
    cmd.add("org.apache.kafka.connect.cli.ConnectDistributed");
    cmd.add(props.toString());
    Path log = runDir.resolve(name + ".log");
    Files.writeString(log, String.join(" ", cmd) + "\n\n");
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    return new WorkerProcess(name, log, restPort, jmxPort, p);
  }

  /** Kafka's config/connect-distributed.properties (4.1), with this run's changes marked. */
  private static String properties(String name, String bootstrap, int port, Path pluginPath) {
    return String.join(
        "\n",
        "bootstrap.servers=" + bootstrap,
        "group.id=" + name,
        "key.converter=org.apache.kafka.connect.json.JsonConverter",
        "value.converter=org.apache.kafka.connect.json.JsonConverter",
        "key.converter.schemas.enable=true",
        "value.converter.schemas.enable=true",
        "offset.storage.topic=" + name + "-offsets",
        "offset.storage.replication.factor=1",
        "config.storage.topic=" + name + "-configs",
        "config.storage.replication.factor=1",
        "status.storage.topic=" + name + "-status",
        "status.storage.replication.factor=1",
        "# changed: the shipped file has 10000",
        "offset.flush.interval.ms=1000",
        "listeners=HTTP://127.0.0.1:" + port,
        "plugin.path=" + pluginPath,
        "");
  }

  /** Kafka's connect-log4j2.yaml in short: INFO to standard output (here, the log file). */
  private static final String LOG4J =
      String.join(
          "\n",
          "appender.stdout.type=Console",
          "appender.stdout.name=STDOUT",
          "appender.stdout.layout.type=PatternLayout",
          "appender.stdout.layout.pattern=[%d] %p %X{connector.context}%m (%c:%L)%n",
          "rootLogger.level=INFO",
          "rootLogger.appenderRef.stdout.ref=STDOUT",
          "");

  long pid() {
    return process.pid();
  }

  /** Fails with the log's path when the JVM has ended. */
  void checkAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "worker " + name + " exited with code " + process.exitValue() + "; see " + log);
    }
  }

  /** Waits for the REST API, then connects to JMX. */
  void awaitReady(Duration timeout) throws Exception {
    rest.awaitUp(timeout);
    JMXServiceURL url =
        new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
    jmx = JMXConnectorFactory.connect(url);
  }

  MBeanServerConnection mbeans() throws IOException {
    return jmx.getMBeanServerConnection();
  }

  /** Stops the worker as SIGTERM does (a graceful shutdown), forcibly after 30 s. */
  @Override
  public void close() {
    try {
      if (jmx != null) {
        jmx.close();
      }
    } catch (IOException e) {
      // the worker is going anyway
    }
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
