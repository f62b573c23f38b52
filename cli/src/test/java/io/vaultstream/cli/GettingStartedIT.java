package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfo;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/GETTING-STARTED.md walked as a newcomer walks it: a PostgreSQL source of their own (the
 * library), {@code init} and {@code validate}, a vault database and user, Debezium's PostgreSQL
 * connector and the vaultstream sink on one Connect worker, the sink validated by the worker before
 * it is created, then {@code status} with rows and {@code errors list} with none.
 */
class GettingStartedIT {
  private static final Duration DEADLINE = Duration.ofSeconds(90);
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void fromInitOnTheLibraryToARunningConnectorAndAStatusWithRows(@TempDir Path dir)
      throws Exception {
    try (EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setServerConfig("wal_level", "logical")
            .setServerConfig("max_replication_slots", "4")
            .setServerConfig("max_wal_senders", "4")
            .start()) {
      String server = "jdbc:postgresql://localhost:" + pg.getPort() + "/";
      execute(server + "postgres?user=postgres", "CREATE DATABASE library");
      execute(server + "library?user=postgres", LibrarySource.TABLES);
      execute(server + "library?user=postgres", LibrarySource.ROWS);

      Path model = dir.resolve("model.json");
      initTheModel(server, model);
      editAndValidateTheModel(model);
      Path secrets = createTheVaultDatabase(server, dir);

      // 5. The plugin on the worker (here on its class path), the model outside it.
      EmbeddedConnectCluster connect = startTheWorker();
      try {
        connect.configureConnector("library-source", debeziumSource(pg.getPort()));

        // 6. The guide's connector configuration, validated by the worker first.
        Map<String, String> sink = sinkConfig(server + "dwh", secrets, model);
        ConfigInfos checked =
            connect.validateConnectorConfig("VaultSinkConnector", new HashMap<>(sink));
        assertThat(checked.errorCount()).as(errorsOf(checked)).isZero();
        connect.configureConnector("vaultstream-library", sink);
        connect
            .assertions()
            .assertConnectorAndExactlyNumTasksAreRunning(
                "vaultstream-library", 1, "the sink did not start");

        // 7. Watch it: status shows the library's rows in every vault table.
        Map<String, Long> expected = libraryRowsPerTable();
        JsonNode status = awaitRows(server + "dwh", expected);

        // A loan comes back: its new version streams into the loan's link satellite.
        execute(
            server + "library?user=postgres",
            "UPDATE loans SET returned_at = '2026-03-02 10:00:00+00' WHERE id = 1");
        expected.put("lsat_loan", 3L);
        status = awaitRows(server + "dwh", expected);
        assertThat(status.get("errorsByCode").size()).as(status.toString()).isZero();
        assertThat(status.get("waitingByState").size()).as(status.toString()).isZero();
        assertStatusAndErrorsListAsTheGuideShows(server + "dwh");
      } finally {
        connect.stop();
      }
    }
  }

  /** 1. A starter model from the source database, with the guide's arguments. */
  private static void initTheModel(String server, Path model) {
    CliTest.Run init =
        CliTest.run(
            "init",
            "--jdbc-url",
            server + "library",
            "--user",
            "postgres",
            "--schema",
            "public",
            "--name",
            "library",
            "--record-source",
            "LIBRARY",
            "--topic-prefix",
            "library",
            "--output",
            model.toString());
    assertThat(init.code()).as(init.err()).isZero();
    assertThat(init.err())
        .contains("Review:")
        .contains("lnk_book_author: book_authors has no natural key of its own")
        .contains("ref_genres: genres looks like a code table")
        .contains("nhl_loan: loans looks like a transaction table");
  }

  /**
   * 2. The guide's edits: loans change after they are written, and ref_genres is renamed. 3.
   * Validate: the topics are those Debezium writes with topic.prefix=library.
   */
  private static void editAndValidateTheModel(Path model) throws Exception {
    ObjectNode doc = (ObjectNode) JSON.readTree(model.toFile());
    ((ObjectNode) doc.at("/nonHistorizedLinks/nhl_loan")).put("onChange", "satellite");
    ObjectNode refs = (ObjectNode) doc.get("referenceTables");
    refs.set("ref_genre", refs.remove("ref_genres"));
    JSON.writerWithDefaultPrettyPrinter().writeValue(model.toFile(), doc);

    CliTest.Run validate = CliTest.run("validate", model.toString());
    assertThat(validate.code()).as(validate.out() + validate.err()).isZero();
    assertThat(validate.out())
        .contains("model 'library' is valid: 6 sources, 3 hubs, 1 links, 1 non-historized links")
        .contains("1 reference tables")
        .contains("  authors <- library.public.authors")
        .contains("  loans <- library.public.loans");
  }

  /**
   * 4. The vault database and its user, as the guide creates them; returns the file with the user's
   * password.
   */
  private static Path createTheVaultDatabase(String server, Path dir) throws Exception {
    execute(
        server + "postgres?user=postgres",
        "CREATE DATABASE dwh",
        "CREATE USER vaultstream PASSWORD 'change-me'",
        "GRANT CREATE ON DATABASE dwh TO vaultstream");
    Path secrets = dir.resolve("vault.properties");
    Files.writeString(secrets, "password=change-me\n");
    return secrets;
  }

  /** A Connect worker with the file config provider the guide's sink configuration uses. */
  private static EmbeddedConnectCluster startTheWorker() {
    Map<String, String> worker = new HashMap<>();
    worker.put("plugin.discovery", "hybrid_warn");
    worker.put("offset.flush.interval.ms", "1000");
    worker.put("config.providers", "file");
    worker.put(
        "config.providers.file.class",
        "org.apache.kafka.common.config.provider.FileConfigProvider");
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("getting-started")
            .numWorkers(1)
            .numBrokers(1)
            .workerProps(worker)
            .build();
    connect.start();
    return connect;
  }

  /** The rows the library's snapshot gives each vault table. */
  private static Map<String, Long> libraryRowsPerTable() {
    Map<String, Long> expected = new LinkedHashMap<>();
    expected.put("hub_author", 2L);
    expected.put("hub_book", 3L);
    expected.put("hub_member", 2L);
    expected.put("lnk_book_author", 3L);
    expected.put("nhl_loan", 2L);
    expected.put("lsat_book_author", 3L);
    expected.put("sat_author", 2L);
    expected.put("sat_book", 3L);
    expected.put("sat_member", 2L);
    expected.put("ref_genre", 2L);
    return expected;
  }

  /** The text status shows the rows and their newest time, and the error list is empty. */
  private static void assertStatusAndErrorsListAsTheGuideShows(String vaultUrl) throws Exception {
    CliTest.Run text = status(vaultUrl);
    assertThat(text.out())
        .containsPattern("hub_book\\s+3\\s+")
        .containsPattern("LIBRARY.loans\\s+\\d{4}-");
    CliTest.Run errors =
        CliTest.run(
            "errors", "list", "--jdbc-url", vaultUrl, "--user", "vaultstream", "--schema", "vault");
    assertThat(errors.code()).as(errors.err()).isZero();
    assertThat(errors.out()).startsWith("No error rows in vault.vs_errors");
  }

  private static Map<String, String> debeziumSource(int port) {
    Map<String, String> p = new HashMap<>();
    p.put("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
    p.put("tasks.max", "1");
    p.put("plugin.name", "pgoutput");
    p.put("database.hostname", "localhost");
    p.put("database.port", Integer.toString(port));
    p.put("database.user", "postgres");
    p.put("database.password", "postgres");
    p.put("database.dbname", "library");
    p.put("topic.prefix", "library");
    p.put("table.include.list", LibrarySource.INCLUDE);
    p.put("snapshot.mode", "initial");
    // The worker creates the tables' topics (the brokers here do not create topics on use).
    p.put("topic.creation.default.replication.factor", "1");
    p.put("topic.creation.default.partitions", "1");
    p.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("key.converter.schemas.enable", "true");
    p.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("value.converter.schemas.enable", "true");
    p.put("value.converter.replace.null.with.default", "false");
    return p;
  }

  /** examples/library/vaultstream-library.json with this machine's URL, secrets file and model. */
  private static Map<String, String> sinkConfig(String vaultUrl, Path secrets, Path model)
      throws Exception {
    JsonNode file =
        JSON.readTree(Path.of("..", "examples", "library", "vaultstream-library.json").toFile());
    JsonNode config = file.get("config");
    Map<String, String> p = new HashMap<>();
    // The guide's jq '.config + {name: .name}': the worker's validation requires the name.
    p.put("name", file.get("name").asText());
    for (Iterator<Map.Entry<String, JsonNode>> it = config.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      p.put(e.getKey(), e.getValue().asText());
    }
    p.put("connection.url", vaultUrl);
    p.put(
        "connection.password",
        p.get("connection.password")
            .replace("/etc/kafka/secrets/vault.properties", secrets.toString()));
    p.put("vault.model.path", model.toString());
    // One broker here: the dead letter queue's topic cannot have the default three replicas.
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    return p;
  }

  private static String errorsOf(ConfigInfos infos) {
    StringBuilder b = new StringBuilder();
    for (ConfigInfo c : infos.values()) {
      if (!c.configValue().errors().isEmpty()) {
        b.append(c.configValue().name()).append(": ").append(c.configValue().errors()).append('\n');
      }
    }
    return b.toString();
  }

  private static CliTest.Run status(String vaultUrl, String... more) {
    String[] base = {
      "status", "--jdbc-url", vaultUrl, "--user", "vaultstream", "--schema", "vault"
    };
    String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return CliTest.run(args);
  }

  /** Runs status until every table has its rows, or fails with the last status at the deadline. */
  private static JsonNode awaitRows(String vaultUrl, Map<String, Long> expected) throws Exception {
    Instant end = Instant.now().plus(DEADLINE);
    String last = "";
    while (Instant.now().isBefore(end)) {
      CliTest.Run r = status(vaultUrl, "--format", "json");
      last = r.out() + r.err();
      if (r.code() == 0) {
        JsonNode doc = JSON.readTree(r.out());
        Map<String, Long> rows = new HashMap<>();
        for (JsonNode t : doc.get("tables")) {
          rows.put(t.get("table").asText(), t.get("rowsWithoutGhostRecords").asLong());
        }
        if (expected.entrySet().stream().allMatch(e -> e.getValue().equals(rows.get(e.getKey())))) {
          return doc;
        }
      }
      Thread.onSpinWait();
    }
    throw new AssertionError(
        "the vault did not reach " + expected + " within " + DEADLINE + ":\n" + last);
  }

  private static void execute(String url, String... sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }
}
