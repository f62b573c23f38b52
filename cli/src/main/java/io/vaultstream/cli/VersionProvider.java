package io.vaultstream.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version for {@code -V}: from the jar manifest, else from the build's filtered resources. */
final class VersionProvider implements IVersionProvider {
  /** Resources that name the version: Maven's record of this module, the plugin's own file. */
  private static final String[] RESOURCES = {
    "/vaultstream-cli.properties", "/META-INF/maven/io.vaultstream/vaultstream-cli/pom.properties"
  };

  @Override
  public String[] getVersion() {
    return new String[] {"vaultstream " + version()};
  }

  /** The version of this build, or "(development build)" when nothing names it. */
  static String version() {
    String v = VaultStreamCli.class.getPackage().getImplementationVersion();
    for (int i = 0; v == null && i < RESOURCES.length; i++) {
      v = fromResource(RESOURCES[i]);
    }
    return v == null ? "(development build)" : v;
  }

  private static String fromResource(String name) {
    try (InputStream in = VersionProvider.class.getResourceAsStream(name)) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("version");
      // An unfiltered copy still holds the placeholder.
      return v == null || v.isBlank() || v.contains("${") ? null : v.strip();
    } catch (IOException e) {
      return null;
    }
  }
}
