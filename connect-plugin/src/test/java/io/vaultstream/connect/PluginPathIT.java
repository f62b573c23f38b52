package io.vaultstream.connect;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker of this build's Kafka loads the plugin from the built zip through plugin.path. (Run by
 * the plugin-path-it execution, after the zip is built.)
 */
class PluginPathIT {
  @Test
  void aWorkerLoadsThePluginFromTheZip(@TempDir Path dir) throws Exception {
    PluginPathScenario.run(Path.of(System.getProperty("plugin.zip", "target/missing.zip")), dir);
  }
}
