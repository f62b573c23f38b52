package io.vaultstream.quickstart;

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
 * The plugin installed as a user installs it: its zip unzipped into a directory of the worker's
 * {@code plugin.path}. Knows the shipped example connector and model inside it.
 */
final class PluginInstall {
  /** The directory on plugin.path. */
  final Path pluginPath;

  /** The unzipped plugin (manifest.json, lib/, etc/, doc/). */
  final Path pluginDir;

  private PluginInstall(Path pluginPath, Path pluginDir) {
    this.pluginPath = pluginPath;
    this.pluginDir = pluginDir;
  }

  /** Unzips {@code zip} into {@code pluginPath}; fails naming what is missing. */
  static PluginInstall unzip(Path zip, Path pluginPath) throws IOException {
    if (!Files.isRegularFile(zip)) {
      throw new IllegalStateException(
          "no plugin archive "
              + zip
              + ": build it with mvn -B -DskipTests package -pl quickstart/app -am (./vaultstream"
              + " quickstart does so when it is missing), or name one with --plugin-zip");
    }
    Files.createDirectories(pluginPath);
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path out = pluginPath.resolve(e.getName()).normalize();
        if (!out.startsWith(pluginPath)) {
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
    List<Path> dirs;
    try (Stream<Path> s = Files.list(pluginPath)) {
      dirs = s.filter(p -> Files.isRegularFile(p.resolve("manifest.json"))).toList();
    }
    if (dirs.size() != 1) {
      throw new IllegalStateException(
          zip + " is not a Connect plugin archive (one directory with a manifest.json)");
    }
    PluginInstall install = new PluginInstall(pluginPath, dirs.get(0));
    for (Path needed : List.of(install.exampleConnector(), install.shopModel())) {
      if (!Files.isRegularFile(needed)) {
        throw new IllegalStateException(zip + " has no " + install.pluginDir.relativize(needed));
      }
    }
    return install;
  }

  /** The shipped example connector, {@code etc/vaultstream-shop.json}. */
  Path exampleConnector() {
    return pluginDir.resolve("etc/vaultstream-shop.json");
  }

  /** The shop model the example loads, {@code etc/shop/model.json}. */
  Path shopModel() {
    return pluginDir.resolve("etc/shop/model.json");
  }
}
