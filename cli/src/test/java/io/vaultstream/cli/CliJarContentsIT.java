package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The command-line jar holds the commands, the engine and the drivers of the databases it works
 * with (PostgreSQL, MariaDB) only: the quickstart's broker, Connect worker, test kits and embedded
 * PostgreSQL live in the quickstart's own artifact.
 */
class CliJarContentsIT {
  @Test
  void theCommandLineJarHoldsNoBrokerWorkerTestKitOrEmbeddedDatabase() throws Exception {
    File jar = new File(System.getProperty("cli.jar", "target/vaultstream.jar"));
    assertThat(jar).as("the packaged command-line jar").isFile();
    List<String> entries;
    try (JarFile j = new JarFile(jar)) {
      entries = j.stream().map(ZipEntry::getName).toList();
    }
    assertThat(entries)
        .as("entries of %s", jar)
        .contains(
            "io/vaultstream/cli/VaultStreamCli.class",
            "io/vaultstream/cli/StatusCommand.class",
            // Both databases' drivers: the commands connect to PostgreSQL and MariaDB.
            "org/postgresql/Driver.class",
            "org/mariadb/jdbc/Driver.class")
        .noneMatch(e -> e.startsWith("org/apache/kafka/connect/util/clusters/"))
        .noneMatch(e -> e.startsWith("org/apache/kafka/connect/runtime/"))
        .noneMatch(e -> e.startsWith("kafka/server/"))
        .noneMatch(e -> e.startsWith("org/junit/"))
        .noneMatch(e -> e.startsWith("io/zonky/"))
        .noneMatch(e -> e.startsWith("postgres-linux-") || e.endsWith(".txz"))
        .noneMatch(e -> e.startsWith("io/vaultstream/cli/Quickstart"));
    String drivers;
    try (JarFile j = new JarFile(jar)) {
      drivers =
          new String(
              j.getInputStream(j.getEntry("META-INF/services/java.sql.Driver")).readAllBytes(),
              java.nio.charset.StandardCharsets.UTF_8);
    }
    assertThat(drivers.lines())
        .as("the drivers DriverManager finds in the jar")
        .contains("org.postgresql.Driver", "org.mariadb.jdbc.Driver");
    assertThat(jar.length()).as("size of %s in bytes", jar).isLessThan(30L * 1024 * 1024);
  }
}
