package io.vaultstream.quickstart;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where the quickstart's build put what it runs (quickstart/target): the jar itself, {@code
 * worker-lib/} (the Connect worker's class path) and {@code plugin/} (the plugin archive).
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

  /**
   * The plugin archive the build copied from connect-plugin ({@code plugin/*.zip}; the newest when
   * an older version was left there).
   */
  static Path pluginZip() {
    Path dir = directory().resolve("plugin");
    try (Stream<Path> zips = Files.list(dir)) {
      return zips.filter(p -> p.getFileName().toString().endsWith(".zip"))
          .max(Comparator.comparing(QuickstartHome::modified))
          .orElse(dir.resolve("vaultstream-vaultstream-<version>.zip"));
    } catch (IOException e) {
      return dir.resolve("vaultstream-vaultstream-<version>.zip");
    }
  }

  private static FileTime modified(Path p) {
    try {
      return Files.getLastModifiedTime(p);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  /** The worker's jars: connect-runtime and its dependencies. */
  static Path workerLib() {
    return directory().resolve("worker-lib");
  }
}
