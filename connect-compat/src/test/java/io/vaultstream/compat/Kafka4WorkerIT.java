package io.vaultstream.compat;

import io.vaultstream.connect.PluginPathScenario;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin archive, built against Kafka 3.9, loads the vault in a Kafka 4 Connect worker. */
class Kafka4WorkerIT {
  @Test
  void theArchiveWorksInAKafka4Worker(@TempDir Path dir) throws Exception {
    PluginPathScenario.run(Path.of(System.getProperty("plugin.zip", "missing.zip")), dir);
  }
}
