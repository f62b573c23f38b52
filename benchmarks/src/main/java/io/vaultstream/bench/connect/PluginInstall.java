package io.vaultstream.bench.connect;

import io.vaultstream.worker.InstalledPlugin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds what the build made (the worker's jars, the plugin zip, the Debezium plugin directory) and
 * installs both plugins into one {@code plugin.path} directory, as a user does: the vaultstream zip
 * unzipped, the Debezium directory copied.
 */
final class PluginInstall {
  private static final String BUILD_ZIP = ": run mvn -B -DskipTests package first";

  final Path root;
  final Path workerLibs;
  final Path pluginPath;

  private PluginInstall(Path root, Path workerLibs, Path pluginPath) {
    this.root = root;
    this.workerLibs = workerLibs;
    this.pluginPath = pluginPath;
  }

  /** The repository whose build this run uses (the working directory or one above it). */
  static Path repositoryRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("connect-plugin"))
          && Files.isDirectory(p.resolve("benchmarks"))) {
        return p;
      }
    }
    throw new IllegalStateException(
        "not inside the vaultstream repository (no connect-plugin/ and benchmarks/ above "
            + Path.of("").toAbsolutePath()
            + "); run benchmarks/connect.sh");
  }

  static PluginInstall into(Path runDir) throws IOException {
    Path root = repositoryRoot();
    Path libs = root.resolve("benchmarks/worker-4.1/target/libs");
    if (!Files.isDirectory(libs)
        || list(libs).stream().noneMatch(p -> p.toString().contains("connect-runtime"))) {
      throw new IllegalStateException(
          libs
              + " holds no Kafka Connect runtime: build it with benchmarks/connect.sh, or"
              + " mvn -B -Pbench -DskipTests package -pl benchmarks/worker-4.1");
    }
    PluginInstall install = new PluginInstall(root, libs, runDir.resolve("plugins"));
    Files.createDirectories(install.pluginPath);
    return install;
  }

  /** Unzips {@code connect-plugin/target/vaultstream-vaultstream-<version>.zip}; its model file. */
  Path installVaultstream() throws IOException {
    Path target = root.resolve("connect-plugin/target");
    List<Path> zips =
        Files.isDirectory(target)
            ? list(target).stream()
                .filter(p -> p.getFileName().toString().matches("vaultstream-vaultstream-.*\\.zip"))
                .toList()
            : List.of();
    if (zips.size() > 1) {
      throw new IllegalStateException("more than one plugin archive " + target + BUILD_ZIP);
    }
    Path zip =
        zips.isEmpty() ? target.resolve("vaultstream-vaultstream-<version>.zip") : zips.get(0);
    InstalledPlugin installed = InstalledPlugin.unzip(zip, pluginPath, BUILD_ZIP);
    return installed.shopModel();
  }

  /** Copies {@code benchmarks/debezium-jdbc/target/plugin/debezium-connector-jdbc}. */
  void installDebezium() throws IOException {
    Path dir = root.resolve("benchmarks/debezium-jdbc/target/plugin/debezium-connector-jdbc");
    if (!Files.isDirectory(dir) || list(dir).isEmpty()) {
      throw new IllegalStateException(
          dir
              + " is missing: build it with benchmarks/connect.sh, or"
              + " mvn -B -Pbench -DskipTests package -pl benchmarks/debezium-jdbc");
    }
    Path to = Files.createDirectories(pluginPath.resolve("debezium-connector-jdbc"));
    for (Path jar : list(dir)) {
      Files.copy(jar, to.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * Copies Debezium's PostgreSQL source connector, which benchmarks/debezium-source.sh unpacked
   * into {@code benchmarks/target/debezium-source/plugin/debezium-connector-postgres}.
   */
  void installDebeziumSource() throws IOException {
    Path dir = root.resolve("benchmarks/target/debezium-source/plugin/debezium-connector-postgres");
    if (!Files.isDirectory(dir) || list(dir).isEmpty()) {
      throw new IllegalStateException(dir + " is missing: run benchmarks/debezium-source.sh");
    }
    Path to = Files.createDirectories(pluginPath.resolve("debezium-connector-postgres"));
    for (Path file : list(dir)) {
      Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
