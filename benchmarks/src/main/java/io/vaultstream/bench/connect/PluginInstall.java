package io.vaultstream.bench.connect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Finds what the build made (the worker's jars, the plugin zip, the Debezium plugin directory) and
 * installs both plugins into one {@code plugin.path} directory, as a user does: the vaultstream zip
 * unzipped, the Debezium directory copied.
 */
final class PluginInstall {
  final Path root;
  final Path workerLibs;
  final Path pluginPath;
  Path vaultstreamDir;

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
            + "); run bench/connect.sh");
  }

  static PluginInstall into(Path runDir) throws IOException {
    Path root = repositoryRoot();
    Path libs = root.resolve("benchmarks/worker-4.1/target/libs");
    if (!Files.isDirectory(libs)
        || list(libs).stream().noneMatch(p -> p.toString().contains("connect-runtime"))) {
      throw new IllegalStateException(
          libs
              + " holds no Kafka Connect runtime: build it with bench/connect.sh, or"
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
    if (zips.size() != 1) {
      throw new IllegalStateException(
          (zips.isEmpty() ? "no plugin archive " : "more than one plugin archive ")
              + target
              + "/vaultstream-vaultstream-<version>.zip: run mvn -B -DskipTests package first");
    }
    unzip(zips.get(0), pluginPath);
    String name = zips.get(0).getFileName().toString().replaceFirst("\\.zip$", "");
    vaultstreamDir = pluginPath.resolve(name);
    Path model = vaultstreamDir.resolve("etc/shop/model.json");
    if (!Files.isRegularFile(model)) {
      throw new IllegalStateException(zips.get(0) + " has no etc/shop/model.json");
    }
    return model;
  }

  /** Copies {@code benchmarks/debezium-jdbc/target/plugin/debezium-connector-jdbc}. */
  void installDebezium() throws IOException {
    Path dir = root.resolve("benchmarks/debezium-jdbc/target/plugin/debezium-connector-jdbc");
    if (!Files.isDirectory(dir) || list(dir).isEmpty()) {
      throw new IllegalStateException(
          dir
              + " is missing: build it with bench/connect.sh, or"
              + " mvn -B -Pbench -DskipTests package -pl benchmarks/debezium-jdbc");
    }
    Path to = Files.createDirectories(pluginPath.resolve("debezium-connector-jdbc"));
    for (Path jar : list(dir)) {
      Files.copy(jar, to.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  private static void unzip(Path zip, Path into) throws IOException {
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path out = into.resolve(e.getName()).normalize();
        if (!out.startsWith(into)) {
          throw new IOException(zip + " has an entry outside its directory: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(out);
        } else {
          Files.createDirectories(out.getParent());
          Files.copy(z, out, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
