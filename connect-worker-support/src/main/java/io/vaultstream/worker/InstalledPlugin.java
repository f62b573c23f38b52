package io.vaultstream.worker;

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
 * The vaultstream plugin installed as a user installs it: its zip unzipped into a directory of the
 * worker's {@code plugin.path}. Knows the shipped example connector and model inside it.
 */
public final class InstalledPlugin {
  /** The directory on plugin.path. */
  public final Path pluginPath;

  /** The unzipped plugin (manifest.json, lib/, etc/, doc/). */
  public final Path pluginDir;

  private InstalledPlugin(Path pluginPath, Path pluginDir) {
    this.pluginPath = pluginPath;
    this.pluginDir = pluginDir;
  }

  /**
   * Unzips {@code zip} into {@code pluginPath}; fails naming what is missing. {@code missingHint}
   * says how to build or name an archive when there is none.
   */
  public static InstalledPlugin unzip(Path zip, Path pluginPath, String missingHint)
      throws IOException {
    if (!Files.isRegularFile(zip)) {
      throw new IllegalStateException("no plugin archive " + zip + ": " + missingHint);
    }
    Files.createDirectories(pluginPath);
    extract(zip, pluginPath);
    List<Path> dirs;
    try (Stream<Path> s = Files.list(pluginPath)) {
      dirs = s.filter(p -> Files.isRegularFile(p.resolve("manifest.json"))).toList();
    }
    if (dirs.size() != 1) {
      throw new IllegalStateException(
          zip + " is not a Connect plugin archive (one directory with a manifest.json)");
    }
    InstalledPlugin install = new InstalledPlugin(pluginPath, dirs.get(0));
    for (Path needed : List.of(install.exampleConnector(), install.shopModel())) {
      if (!Files.isRegularFile(needed)) {
        throw new IllegalStateException(zip + " has no " + install.pluginDir.relativize(needed));
      }
    }
    return install;
  }

  /** The shipped example connector, {@code etc/vaultstream-shop.json}. */
  public Path exampleConnector() {
    return pluginDir.resolve("etc/vaultstream-shop.json");
  }

  /** The shop model the example loads, {@code etc/shop/model.json}. */
  public Path shopModel() {
    return pluginDir.resolve("etc/shop/model.json");
  }

  /** Extracts every entry, refusing one that would land outside {@code into}. */
  private static void extract(Path zip, Path into) throws IOException {
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
