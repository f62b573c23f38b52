package io.vaultstream.quickstart;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the quickstart's build put what it runs (quickstart/target): the jar itself, {@code
 * worker-lib/} (the Connect worker's class path) and {@code plugin/vaultstream-connect.zip}.
 */
final class QuickstartHome {
  /** Overrides the directory (the tests run from classes, not from the jar). */
  static final String PROPERTY = "vaultstream.quickstart.home";

  private QuickstartHome() {}

  /** The directory: the property's, else the one holding the running jar. */
  static Path directory() {
    String set = System.getProperty(PROPERTY);
    if (set != null) {
      return Path.of(set);
    }
    try {
      Path code =
          Path.of(QuickstartHome.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(code) ? code.getParent() : code;
    } catch (URISyntaxException | SecurityException e) {
      return Path.of(".");
    }
  }

  /** The plugin archive the build copied from connect-plugin. */
  static Path pluginZip() {
    return directory().resolve("plugin/vaultstream-connect.zip");
  }

  /** The worker's jars: connect-runtime and its dependencies. */
  static Path workerLib() {
    return directory().resolve("worker-lib");
  }
}
