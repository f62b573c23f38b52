package io.vaultstream.bench.connect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Creates the vault before the connector starts, as a user does with {@code vaultstream ddl MODEL
 * --schema S | psql}: needed with more than one task, whose concurrent auto-create of the schema
 * fails ("duplicate key value violates unique constraint pg_namespace_nspname_index").
 */
final class VaultDdl {
  private VaultDdl() {}

  static void create(Path root, Path model, Connection db) throws IOException, SQLException {
    Path jar = root.resolve("cli/target/vaultstream.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: run mvn -B -DskipTests package first");
    }
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar",
            jar.toString(),
            "ddl",
            model.toString(),
            "--schema",
            SinkConfigs.VAULT_SCHEMA);
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String sql = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    try (Statement st = db.createStatement()) {
      st.execute(sql);
    }
  }
}
