package io.vaultstream.quickstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Kafka Connect distributed worker in a JVM of its own, as {@code connect-distributed.sh} starts
 * one: Kafka's {@code ConnectDistributed} on the worker's jars only (never the plugin's), a
 * generated worker config whose {@code plugin.path} holds the installed plugin, its output in a log
 * file of the run directory.
 */
final class ConnectWorker implements AutoCloseable {
  /** The main class a Kafka distribution's connect-distributed.sh runs. */
  static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectDistributed";

  final Path log;
  final ConnectRest rest;
  private final Process process;

  private ConnectWorker(Path log, int restPort, Process process) {
    this.log = log;
    this.process = process;
    this.rest = new ConnectRest("http://127.0.0.1:" + restPort, this);
  }

  /**
   * Starts the worker on the jars of {@code workerLib}, reading {@code bootstrap}, with plugins
   * from {@code pluginPath}; its files (config, log4j.properties, log) go to {@code runDir}.
   */
  static ConnectWorker start(Path runDir, Path workerLib, Path pluginPath, String bootstrap)
      throws IOException {
    int restPort = KafkaBroker.freePort();
    Path config = runDir.resolve("connect-distributed.properties");
    Files.writeString(config, workerConfig(bootstrap, restPort, pluginPath));
    Path log4j = runDir.resolve("connect-log4j.properties");
    Files.writeString(log4j, LOG4J);
    List<String> cmd = new ArrayList<>();
    // Its own session: a Ctrl-C in the terminal reaches the quickstart alone, which then stops the
    // worker before the broker and the database it uses.
    if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
      cmd.add("/usr/bin/setsid");
    }
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xms128m");
    cmd.add("-Xmx512m");
    cmd.add("-Djava.awt.headless=true");
    cmd.add("-Dlog4j.configuration=" + log4j.toUri());
    cmd.add("-cp");
    cmd.add(workerLib.toAbsolutePath() + "/*");
    cmd.add(MAIN_CLASS);
    cmd.add(config.toString());
    Path log = runDir.resolve("connect-worker.log");
    Files.writeString(log, String.join(" ", cmd) + "\n\n");
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    return new ConnectWorker(log, restPort, p);
  }

  /** Kafka's config/connect-distributed.properties, for one worker on one broker. */
  private static String workerConfig(String bootstrap, int port, Path pluginPath) {
    return String.join(
        "\n",
        "bootstrap.servers=" + bootstrap,
        "group.id=vaultstream-quickstart",
        "key.converter=org.apache.kafka.connect.json.JsonConverter",
        "value.converter=org.apache.kafka.connect.json.JsonConverter",
        "key.converter.schemas.enable=true",
        "value.converter.schemas.enable=true",
        "offset.storage.topic=connect-offsets",
        "offset.storage.replication.factor=1",
        "config.storage.topic=connect-configs",
        "config.storage.replication.factor=1",
        "status.storage.topic=connect-status",
        "status.storage.replication.factor=1",
        "offset.flush.interval.ms=1000",
        "listeners=HTTP://127.0.0.1:" + port,
        "rest.advertised.host.name=127.0.0.1",
        "plugin.path=" + pluginPath.toAbsolutePath(),
        // Plugins are found through their ServiceLoader manifests (vaultstream's zip has them):
        // seconds faster than scanning every jar of the class path and the plugin.
        "plugin.discovery=service_load",
        "");
  }

  /** Kafka's connect-log4j.properties in short: INFO to standard output (here, the log file). */
  private static final String LOG4J =
      String.join(
          "\n",
          "log4j.rootLogger=INFO, stdout",
          "log4j.appender.stdout=org.apache.log4j.ConsoleAppender",
          "log4j.appender.stdout.layout=org.apache.log4j.PatternLayout",
          "log4j.appender.stdout.layout.ConversionPattern=[%d] %p %X{connector.context}%m (%c:%L)%n",
          "log4j.logger.org.reflections=ERROR",
          "");

  /** The worker's operating-system process id. */
  long pid() {
    return process.pid();
  }

  /** Fails, naming the log, when the worker's JVM has ended. */
  void checkAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          "the Connect worker exited with code " + process.exitValue() + "; see its log " + log);
    }
  }

  /** Stops the worker as SIGTERM does (a graceful shutdown), forcibly after 30 s. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
