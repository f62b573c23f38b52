package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.loadDirectly;
import static io.vaultstream.spark.SparkRunnerFixture.modelFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner in Spark local[2] with a real broker, writing to MariaDB (a database of its own per
 * test): the vault holds the rows the engine builds from the same events in PostgreSQL, and a
 * restart from the checkpoints loads only what is new and writes nothing twice.
 */
class MariaDbSparkRunnerIT {
  private static final TargetDatabase MARIADB = TargetDatabase.mariaDb();

  private static final List<String> VAULT_TABLES =
      List.of(
          "hub_customer",
          "hub_product",
          "hub_order",
          "lnk_order_customer",
          "lnk_order_line",
          "sat_customer",
          "sat_product",
          "sat_order",
          "lsat_order_line",
          "nhl_payment",
          "ref_order_status");
  private static SparkRunnerFixture runner;
  private String database;

  @BeforeAll
  static void start() throws Exception {
    MARIADB.assumeReachable();
    runner = SparkRunnerFixture.start();
  }

  @AfterEach
  void dropDatabase() throws Exception {
    Loaders.closeAll();
    if (database != null) {
      MARIADB.execute("DROP DATABASE IF EXISTS " + database);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (runner != null) {
      runner.close();
    }
  }

  @Test
  void theRunnerLoadsTheVaultThatTheEngineBuildsInPostgres(@TempDir Path dir) throws Exception {
    String prefix = "mdb1.public";
    Path model = modelFor(prefix, dir);
    List<ChangeRecord> records = runner.sendShopEvents(prefix, true, 5, 1500);
    database = MARIADB.newSchema();

    runner.runOnce(config(model, dir.resolve("checkpoints")));

    assertThat(vault()).isEqualTo(reference(model, records));
    assertThat(vault().get("hub_order").size()).isGreaterThan(50);
    assertThat(
            MARIADB.rows(
                "SELECT code, description FROM "
                    + database
                    + ".ref_order_status WHERE record_source <> 'SYSTEM' ORDER BY code"))
        .containsExactly(
            "CANCELLED|Order is cancelled",
            "NEW|Order is new",
            "PAID|Order is paid",
            "SHIPPED|Order is shipped");
    assertThat(MARIADB.rows("SELECT count(*) FROM " + database + ".vs_errors"))
        .containsExactly("0");
    // Each topic's stored position is its end: every record read once.
    assertThat(storedPositions(prefix)).containsExactly(Integer.toString(records.size()));
  }

  @Test
  void aRestartFromTheCheckpointsLoadsOnlyWhatIsNew(@TempDir Path dir) throws Exception {
    String prefix = "mdb2.public";
    Path model = modelFor(prefix, dir);
    Path checkpoint = dir.resolve("checkpoints");
    runner.createTopics(prefix, true);
    ShopEventGenerator generator = new ShopEventGenerator(prefix, 9);
    List<ChangeRecord> records = new ArrayList<>(generator.next(1000));
    runner.send(records);
    database = MARIADB.newSchema();
    runner.runOnce(config(model, checkpoint));
    Map<String, List<String>> first = vault();
    List<String> ledger = ledger();

    // Nothing new: the restart reads nothing, writes nothing, and no batch runs again.
    runner.runOnce(config(model, checkpoint));
    assertThat(vault()).isEqualTo(first);
    assertThat(ledger()).isEqualTo(ledger);

    // More events: the restart loads those alone; the vault is the reference of all of them.
    List<ChangeRecord> more = generator.next(500);
    runner.send(more);
    records.addAll(more);
    runner.runOnce(config(model, checkpoint));
    assertThat(vault()).isEqualTo(reference(model, records));
    assertThat(ledger()).isNotEqualTo(ledger);
    assertThat(storedPositions(prefix)).containsExactly(Integer.toString(records.size()));
  }

  /** The sum of the positions stored for the topics under {@code prefix}. */
  private List<String> storedPositions(String prefix) throws Exception {
    return MARIADB.rows(
        "SELECT sum(next_offset) FROM "
            + database
            + ".vs_progress WHERE topic LIKE '"
            + prefix
            + ".%'");
  }

  /** Each query's ledger entry: (query, next batch id). */
  private List<String> ledger() throws Exception {
    return MARIADB.rows(
        "SELECT consumer, topic, next_offset FROM "
            + database
            + ".vs_progress WHERE topic LIKE '\\_\\_batch/%' ORDER BY 1, 2");
  }

  /** The job's settings for the model and a checkpoint root, writing to this test's database. */
  private JobConfig config(Path model, Path checkpoint) {
    return runner.configOn(MARIADB.jdbcUrl(), model, database, checkpoint);
  }

  /** The vault in MariaDB: per table, the text columns of its rows, sorted. */
  private Map<String, List<String>> vault() throws Exception {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String table : VAULT_TABLES) {
      String list = String.join(", ", textColumns(table));
      out.put(
          table,
          MARIADB.rows("SELECT " + list + " FROM " + database + "." + table).stream()
              .sorted()
              .toList());
    }
    return out;
  }

  /** The same records loaded by the engine into a new PostgreSQL schema, as {@link #vault()}. */
  private Map<String, List<String>> reference(Path model, List<ChangeRecord> records)
      throws Exception {
    String ref = TestDatabase.newSchema();
    loadDirectly(model, ref, records, new HashMap<>());
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String table : VAULT_TABLES) {
      String list = String.join(", ", textColumns(table));
      out.put(
          table,
          TestDatabase.rows("SELECT " + list + " FROM " + ref + "." + table).stream()
              .sorted()
              .toList());
    }
    return out;
  }

  /**
   * The columns whose text both databases give alike: hash keys, hash diffs, business keys and text
   * attributes (timestamps and numbers print differently; their rows are counted all the same).
   */
  private List<String> textColumns(String table) throws Exception {
    return MARIADB.rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
            + database
            + "' AND table_name = '"
            + table
            + "' AND data_type IN ('char', 'varchar') ORDER BY ordinal_position");
  }
}
