package io.vaultstream.worker;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A Kafka Connect distributed worker in a JVM of its own, as {@code connect-distributed.sh} starts
 * one (Kafka's {@code ConnectDistributed} on the worker's jars, a generated properties file whose
 * {@code plugin.path} holds the installed plugins), its output in a log file of the run directory.
 */
public final class WorkerProcess implements AutoCloseable {
  /** The worker's name, as given to {@link WorkerLaunch#of}. */
  public final String name;

  /** The file the worker's output goes to (after its command line). */
  public final Path log;

  /** The port of its REST API. */
  public final int restPort;

  /** The port of its remote JMX, or -1 without. */
  public final int jmxPort;

  /** Its REST API. */
  public final ConnectRest rest;

  final String description;
  private final Process process;
  private JMXConnector jmx;

  private WorkerProcess(WorkerLaunch launch, Path log, int jmxPort, Process process) {
    this.name = launch.name;
    this.description = launch.description;
    this.log = log;
    this.restPort = launch.restPort;
    this.jmxPort = jmxPort;
    this.process = process;
    this.rest = new ConnectRest("http://127.0.0.1:" + restPort, this);
  }

  /** A free port for JMX that is not the REST port (a port just probed may be handed out again). */
  private static int jmxPort(int restPort) {
    int port = FreePorts.next();
    while (port == restPort) {
      port = FreePorts.next();
    }
    return port;
  }

  /** Writes the worker's files into its run directory and starts its JVM. */
  public static WorkerProcess start(WorkerLaunch launch) throws IOException {
    int jmxPort = launch.jmx ? jmxPort(launch.restPort) : -1;
    Path properties = launch.runDir.resolve(launch.name + ".properties");
    Files.writeString(properties, launch.config.text());
    Path logging = launch.runDir.resolve(launch.logging.fileName(launch.name));
    Files.writeString(logging, launch.logging.text());
    List<String> cmd = launch.command(properties, logging, jmxPort);
    Path log = launch.runDir.resolve(launch.name + ".log");
    Files.writeString(log, String.join(" ", cmd) + "\n\n");
    ProcessBuilder b =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    if (launch.noInput) {
      b.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }
    return new WorkerProcess(launch, log, jmxPort, b.start());
  }

  /** The worker's operating-system process id. */
  public long pid() {
    return process.pid();
  }

  /** Fails, naming the log, when the worker's JVM has ended. */
  public void checkAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          description + " exited with code " + process.exitValue() + "; see its log " + log);
    }
  }

  /** Waits for the REST API, then, when the worker has remote JMX, connects to it. */
  public void awaitReady(Duration timeout) throws Exception {
    rest.awaitUp(timeout);
    if (jmxPort >= 0) {
      JMXServiceURL url =
          new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi");
      jmx = JMXConnectorFactory.connect(url);
    }
  }

  /** The worker's MBeans, once {@link #awaitReady} connected to its JMX. */
  public MBeanServerConnection mbeans() throws IOException {
    if (jmx == null) {
      throw new IllegalStateException(description + " has no JMX connection (see withJmx)");
    }
    return jmx.getMBeanServerConnection();
  }

  /** Stops the worker as SIGTERM does (a graceful shutdown), forcibly after 30 s. */
  @Override
  public void close() throws InterruptedException {
    try {
      if (jmx != null) {
        jmx.close();
      }
    } catch (IOException e) {
      // the worker is going anyway
    }
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
