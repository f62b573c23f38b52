package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Without --schema, status and errors find the vault: in a database of its own, since the test
 * database holds many vaults.
 */
class VaultSchemaDiscoveryIT {
  private String database;
  private String url;

  @BeforeEach
  void newDatabase() throws Exception {
    database = "vs_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    TestDatabase.execute("CREATE DATABASE " + database);
    url = TestDatabase.jdbcUrl().replaceFirst("(jdbc:postgresql://[^/]+/)[^?]*", "$1" + database);
  }

  @AfterEach
  void dropDatabase() throws Exception {
    TestDatabase.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
  }

  private void vaultIn(String schema) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
    }
    try (VaultLoader loader =
        VaultLoader.open(
            shop,
            VaultOptions.builder().jdbcUrl(url).targetSchema(schema).poolMaxSize(2).build())) {
      loader.load(List.of());
    }
  }

  @Test
  void noVaultAnywhereIsAClearError() {
    for (String[] args : List.of(new String[] {"status"}, new String[] {"errors", "list"})) {
      List<String> cmd = new java.util.ArrayList<>(List.of(args));
      cmd.addAll(List.of("--jdbc-url", url));
      CliTest.Run r = CliTest.run(cmd.toArray(String[]::new));
      assertThat(r.code()).as(cmd.toString()).isEqualTo(2);
      assertThat(r.err())
          .as(cmd.toString())
          .contains("No vault in this database: no schema holds a vs_errors or vs_progress table")
          .contains("give --schema, the target.schema of the connector");
    }
  }

  @Test
  void theQuickstartsSchemaIsFoundAndSaid() throws Exception {
    vaultIn(Defaults.VAULT_SCHEMA);
    vaultIn("other");
    CliTest.Run status = CliTest.run("status", "--jdbc-url", url);
    assertThat(status.code()).as(status.err()).isZero();
    assertThat(status.out()).contains("Vault in schema vault:");
    assertThat(status.err()).contains("using the vault in schema vault (schema public holds none)");
    CliTest.Run list = CliTest.run("errors", "list", "--jdbc-url", url);
    assertThat(list.code()).as(list.err()).isZero();
    assertThat(list.out()).contains("No error rows in vault.vs_errors");
  }

  @Test
  void theCurrentSchemaComesFirstAndTheOnlyVaultIsFound() throws Exception {
    vaultIn("public");
    vaultIn(Defaults.VAULT_SCHEMA);
    CliTest.Run current = CliTest.run("status", "--jdbc-url", url);
    assertThat(current.out()).contains("Vault in schema public:");
    assertThat(current.err()).isEmpty();

    // No current schema at all: the one vault left is found.
    TestDatabase.execute("ALTER DATABASE " + database + " SET search_path = nowhere");
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.execute("DROP SCHEMA vault CASCADE");
    }
    CliTest.Run only = CliTest.run("status", "--jdbc-url", url);
    assertThat(only.code()).as(only.err()).isZero();
    assertThat(only.out()).contains("Vault in schema public:");
    assertThat(only.err())
        .contains("using the vault in schema public (the connection has no current schema)");
  }

  @Test
  void severalVaultsAreListedAndTheCommandAsksForSchema() throws Exception {
    vaultIn("sales");
    vaultIn("crm");
    CliTest.Run r = CliTest.run("errors", "list", "--jdbc-url", url);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains(
            "No vault in schema public (the connection's current schema), and 2 schemas hold one:"
                + " crm, sales; give --schema, the target.schema of the connector");
  }
}
