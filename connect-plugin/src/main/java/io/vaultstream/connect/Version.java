package io.vaultstream.connect;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The plugin's version, from the build. */
final class Version {
  private static final String VERSION = read();

  private Version() {}

  static String get() {
    return VERSION;
  }

  private static String read() {
    try (InputStream in = Version.class.getResourceAsStream("/vaultstream-connect.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
