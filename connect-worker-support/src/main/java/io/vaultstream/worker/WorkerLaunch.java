package io.vaultstream.worker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a worker JVM is started with: its name (in messages and file names), the directory its files
 * go to, the worker's jars (never the plugin's), its config and logging, and the JVM options
 * Kafka's scripts would give it.
 */
public final class WorkerLaunch {
  /** The main class a Kafka distribution's connect-distributed.sh runs. */
  public static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectDistributed";

  /** KAFKA_JVM_PERFORMANCE_OPTS of kafka-run-class.sh (Kafka 4.1). */
  public static final List<String> KAFKA_JVM_FLAGS =
      List.of(
          "-server",
          "-XX:+UseG1GC",
          "-XX:MaxGCPauseMillis=20",
          "-XX:InitiatingHeapOccupancyPercent=35",
          "-XX:+ExplicitGCInvokesConcurrent",
          "-XX:MaxInlineLevel=15",
          "-Djava.awt.headless=true");

  final String name;
  final Path runDir;
  final Path workerLib;
  final int restPort;
  final WorkerConfig config;
  final WorkerLogging logging;
  final List<String> jvmOptions = new ArrayList<>();
  String description;
  boolean ownSession;
  boolean jmx;
  boolean noInput;

  private WorkerLaunch(
      String name,
      Path runDir,
      Path workerLib,
      int restPort,
      WorkerConfig config,
      WorkerLogging l) {
    this.name = name;
    this.runDir = runDir;
    this.workerLib = workerLib;
    this.restPort = restPort;
    this.config = config;
    this.logging = l;
    this.description = "worker " + name;
  }

  /**
   * Worker {@code name} on the jars of {@code workerLib}, listening on {@code restPort} (the port
   * of {@code config}'s listener); its files are {@code runDir/<name>.properties}, its logging
   * configuration and {@code <name>.log}.
   */
  public static WorkerLaunch of(
      String name,
      Path runDir,
      Path workerLib,
      int restPort,
      WorkerConfig config,
      WorkerLogging logging) {
    return new WorkerLaunch(name, runDir, workerLib, restPort, config, logging);
  }

  /** How messages name the worker (default: {@code worker <name>}). */
  public WorkerLaunch describedAs(String text) {
    this.description = text;
    return this;
  }

  /** Adds JVM options (heap, collector flags), in order, before the ones the launcher adds. */
  public WorkerLaunch jvm(List<String> options) {
    jvmOptions.addAll(options);
    return this;
  }

  /**
   * Starts the JVM in a session of its own (setsid, where there is one): a Ctrl-C in the terminal
   * then reaches the caller alone, which stops the worker before what the worker uses.
   */
  public WorkerLaunch ownSession() {
    this.ownSession = true;
    return this;
  }

  /**
   * Opens remote JMX on 127.0.0.1 (no authentication), read through {@link WorkerProcess#mbeans}.
   */
  public WorkerLaunch withJmx() {
    this.jmx = true;
    return this;
  }

  /** Gives the worker no standard input (/dev/null) instead of the caller's. */
  public WorkerLaunch noInput() {
    this.noInput = true;
    return this;
  }

  /** The command line, given the logging file and the JMX port (negative: none). */
  List<String> command(Path properties, Path loggingFile, int jmxPort) {
    List<String> cmd = new ArrayList<>();
    if (ownSession && Files.isExecutable(Path.of("/usr/bin/setsid"))) {
      cmd.add("/usr/bin/setsid");
    }
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    if (jmxPort >= 0) {
      cmd.add("-Dcom.sun.management.jmxremote");
      cmd.add("-Dcom.sun.management.jmxremote.authenticate=false");
      cmd.add("-Dcom.sun.management.jmxremote.ssl=false");
      cmd.add("-Dcom.sun.management.jmxremote.host=127.0.0.1");
      cmd.add("-Dcom.sun.management.jmxremote.port=" + jmxPort);
      cmd.add("-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort);
      cmd.add("-Djava.rmi.server.hostname=127.0.0.1");
    }
    cmd.add(logging.jvmOption(loggingFile));
    cmd.add("-cp");
    cmd.add(workerLib.toAbsolutePath() + "/*");
    cmd.add(MAIN_CLASS);
    cmd.add(properties.toString());
    return cmd;
  }
}
