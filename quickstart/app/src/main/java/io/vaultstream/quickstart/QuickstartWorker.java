package io.vaultstream.quickstart;

import io.vaultstream.worker.FreePorts;
import io.vaultstream.worker.WorkerConfig;
import io.vaultstream.worker.WorkerLaunch;
import io.vaultstream.worker.WorkerLogging;
import io.vaultstream.worker.WorkerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The quickstart's Connect worker: one distributed worker of Kafka 3.9 (reload4j) on the jars of
 * worker-lib/, with a small heap, in a session of its own so that Ctrl-C reaches the quickstart
 * alone, which then stops the worker before the broker and the database it uses.
 */
final class QuickstartWorker {
  private QuickstartWorker() {}

  /**
   * Starts the worker on the jars of {@code workerLib}, reading {@code bootstrap}, with plugins
   * from {@code pluginPath}; its files (properties, logging, {@code connect-worker.log}) go to
   * {@code runDir}.
   */
  static WorkerProcess start(Path runDir, Path workerLib, Path pluginPath, String bootstrap)
      throws IOException {
    int restPort = FreePorts.next();
    WorkerConfig config =
        WorkerConfig.distributed(
                bootstrap, "vaultstream-quickstart", "connect", restPort, pluginPath)
            .set("rest.advertised.host.name", "127.0.0.1")
            // Plugins are found through their ServiceLoader manifests (vaultstream's zip has them):
            // seconds faster than scanning every jar of the class path and the plugin.
            .set("plugin.discovery", "service_load");
    WorkerLaunch launch =
        WorkerLaunch.of(
                "connect-worker", runDir, workerLib, restPort, config, WorkerLogging.RELOAD4J)
            .describedAs("the Connect worker")
            .jvm(List.of("-Xms128m", "-Xmx512m", "-Djava.awt.headless=true"))
            .ownSession()
            .noInput();
    return WorkerProcess.start(launch);
  }
}
