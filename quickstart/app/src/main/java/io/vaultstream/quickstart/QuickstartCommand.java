package io.vaultstream.quickstart;

import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.worker.InstalledPlugin;
import io.vaultstream.worker.WorkerLaunch;
import io.vaultstream.worker.WorkerProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vaultstream quickstart}: an embedded PostgreSQL, a Kafka broker in KRaft mode, a Kafka
 * Connect worker in its own JVM with the plugin installed from its zip, and a stream of shop change
 * events, with live progress.
 */
@Command(
    name = "quickstart",
    mixinStandardHelpOptions = true,
    description =
        "Starts an embedded PostgreSQL, a Kafka broker (KRaft) and a Kafka Connect worker in its"
            + " own JVM with the vaultstream plugin installed from its zip into plugin.path, creates"
            + " the shipped example connector, streams generated Debezium change events of the shop"
            + " example (children often before their parents) and shows the vault filling up.")
final class QuickstartCommand implements Callable<Integer> {
  /** The shop's tables; topic shop.public.<table> each. */
  static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");

  /** The exit code of a run ended by Ctrl-C (128 + SIGINT), as a shell reports it. */
  static final int INTERRUPTED = 130;

  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final String MISSING_ZIP =
      "build it with mvn -B -DskipTests package -pl quickstart/app -am (./vaultstream"
          + " quickstart does so when it is missing), or name one with --plugin-zip";

  @Spec CommandSpec spec;

  @Option(
      names = "--events",
      defaultValue = "20000",
      description = "Change events to stream (default: ${DEFAULT-VALUE}).")
  int events;

  @Option(
      names = "--rate",
      defaultValue = "5000",
      description = "Events produced per second (default: ${DEFAULT-VALUE}).")
  int rate;

  @Option(
      names = "--plugin-zip",
      description =
          "The plugin archive to install (default: the one the build put beside the jar).")
  Path pluginZip;

  @Option(
      names = "--worker-lib",
      description = "The Connect worker's jars (default: worker-lib/ beside the jar).")
  Path workerLib;

  @Mixin VaultDatabase database = new VaultDatabase();

  private final CountDownLatch stopRequested = new CountDownLatch(1);
  private volatile String connectorName;
  private volatile WorkerProcess worker;

  @Override
  public Integer call() throws Exception {
    if (events < 1 || rate < 1) {
      throw new IllegalArgumentException(
          "--events and --rate must be at least 1 (got " + events + " and " + rate + ")");
    }
    Path zip = pluginZip != null ? pluginZip : QuickstartHome.pluginZip();
    Path lib = workerLib != null ? workerLib : QuickstartHome.workerLib();
    requireBuilt(zip, lib);
    PrintWriter out = spec.commandLine().getOut();
    Path runDir = Files.createTempDirectory("vaultstream-quickstart-");
    // The broker's, the clients' and the database's log lines go to a file: the console shows
    // the run's progress.
    System.setProperty(
        "org.slf4j.simpleLogger.logFile", runDir.resolve("quickstart.log").toString());
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    out.println("This run's settings and logs: " + runDir);
    StopSequence stops = new StopSequence(out);
    Thread hook = stops.stopOnExit();
    // Last of all: the unzipped plugin goes, the settings and logs stay for a look.
    stops.started(null, () -> deleteTree(runDir.resolve("plugins")));
    try {
      run(runDir, zip, lib, stops, out);
    } catch (Exception e) {
      if (stops.stopping()) {
        return INTERRUPTED; // Ctrl-C: the parts went away under the run, as asked
      }
      throw e;
    } finally {
      StopSequence.remove(hook);
      stops.stopAll();
    }
    return 0;
  }

  private void run(Path runDir, Path zip, Path lib, StopSequence stops, PrintWriter out)
      throws Exception {
    String url = database.start(out, runDir.resolve("postgres.log"));
    if (database.isEmbedded()) {
      stops.started("the embedded PostgreSQL", database);
    }
    out.println("Starting a Kafka broker (KRaft mode)...");
    out.flush();
    KafkaBroker broker = KafkaBroker.start(runDir);
    stops.started("the Kafka broker", broker);
    broker.createTopics(TABLES.stream().map(t -> "shop.public." + t).toList());
    InstalledPlugin plugin = InstalledPlugin.unzip(zip, runDir.resolve("plugins"), MISSING_ZIP);
    out.printf("Installed the plugin into plugin.path %s%n", plugin.pluginPath);
    startWorker(runDir, lib, plugin, broker, out);
    stops.started("the Connect worker", worker);
    createConnector(plugin, broker, url, out);
    // A new seed each run: a second run into the same vault brings new versions of the rows.
    ShopEventGenerator generator = new ShopEventGenerator("shop.public", System.nanoTime());
    new LiveProgress(broker.bootstrapServers, url, database.schema, connectorName, worker.rest)
        .run(generator.withSchemas(), events, rate, out);
    VaultSummary.print(out, url, database.schema);
    VaultSummary.printFate(out, database.isEmbedded(), database.keepRunning);
    if (database.keepRunning) {
      out.printf(
          "Kafka: %s   Connect REST: %s   connector: %s%n",
          broker.bootstrapServers, worker.rest.base, connectorName);
      out.println("Everything keeps running; press Ctrl-C to stop.");
      out.flush();
      stopRequested.await();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Fails before anything starts when the build's plugin archive or worker jars are missing. */
  private static void requireBuilt(Path zip, Path lib) {
    String build =
        "build them with mvn -B -DskipTests package -pl quickstart/app -am (./vaultstream"
            + " quickstart does so when they are missing)";
    if (!Files.isRegularFile(zip)) {
      throw new IllegalStateException(
          "no plugin archive " + zip + ": " + build + ", or name one with --plugin-zip");
    }
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          "no Connect worker jars in " + lib + ": " + build + ", or name them with --worker-lib");
    }
  }

  private void startWorker(
      Path runDir, Path lib, InstalledPlugin plugin, KafkaBroker broker, PrintWriter out)
      throws Exception {
    worker = QuickstartWorker.start(runDir, lib, plugin.pluginPath, broker.bootstrapServers);
    out.printf(
        "Starting a Kafka Connect worker (%s, pid %d); its log: %s%n",
        WorkerLaunch.MAIN_CLASS, worker.pid(), worker.log);
    out.flush();
    worker.rest.awaitUp(START_TIMEOUT);
    String offered =
        worker.rest.connectorClasses().stream()
            .filter(c -> c.startsWith("io.vaultstream.connect.VaultSinkConnector "))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the worker does not offer io.vaultstream.connect.VaultSinkConnector from "
                            + plugin.pluginDir
                            + "; see its log "
                            + worker.log));
    out.printf("The worker offers %s (from %s)%n", offered, plugin.pluginDir);
  }

  private void createConnector(
      InstalledPlugin plugin, KafkaBroker broker, String url, PrintWriter out) throws Exception {
    connectorName =
        ShopConnector.name(ShopConnector.exampleName(plugin.exampleConnector()), broker.clusterId);
    Map<String, String> config =
        ShopConnector.config(plugin.exampleConnector(), url, database.schema, plugin.shopModel());
    worker.rest.create(connectorName, config, START_TIMEOUT);
    worker.rest.awaitRunning(connectorName, START_TIMEOUT);
    out.printf(
        "Connector '%s' (the shipped etc/vaultstream-shop.json) is running; streaming %,d change"
            + " events at %,d/s into schema '%s'%n",
        connectorName, events, rate, database.schema);
    out.flush();
  }

  /** Ends a {@code --keep-running} run as Ctrl-C does (for tests, which cannot press it). */
  void requestStop() {
    stopRequested.countDown();
  }

  /** The connector this run created, once it did. */
  String connectorName() {
    return connectorName;
  }

  /** The worker this run started, once it did. */
  WorkerProcess worker() {
    return worker;
  }
}
