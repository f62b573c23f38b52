package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The connector in a real Connect worker writing to MariaDB: Debezium change events with schemas
 * through the JsonConverter into a database of its own. The vault must hold the same keys and rows
 * as the engine builds from the same events in PostgreSQL, the stored offsets must be the topics'
 * end offsets, and a bad record must become an error row while the task keeps loading.
 */
class MariaDbConnectorIT {
  private static final TargetDatabase MARIADB = TargetDatabase.mariaDb();

  private static final String PREFIX = "maria.public";
  private static final String NAME = "maria";
  private static final List<String> TABLES = ShopFeed.TABLES;
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
  private EmbeddedConnectCluster connect;
  private String database;
  private final List<VaultLoader> loaders = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    MARIADB.assumeReachable();
    database = MARIADB.newSchema();
    connect = EmbeddedWorker.start("vaultstream-mariadb");
    ShopFeed.createTopics(connect.kafka(), PREFIX, 2);
  }

  @AfterEach
  void stop() throws Exception {
    loaders.forEach(VaultLoader::close);
    if (connect != null) {
      connect.stop();
    }
    if (database != null) {
      MARIADB.execute("DROP DATABASE IF EXISTS " + database);
    }
  }

  @Test
  void loadsTheShopFeedWithItsOffsetsAndKeepsABadRecordAsAnErrorRow() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    ShopFeed feed = new ShopFeed();
    feed.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 3).withSchemas().next(1200));
    // A product whose opening time lies past the end of the day: a bad record.
    TopicPartition products = new TopicPartition(PREFIX + ".products", 0);
    long badOffset = feed.endOffsets.getOrDefault(products, 0L);
    connect
        .kafka()
        .produce(
            products.topic(),
            null,
            ProductEvents.product(
                900_001,
                ProductEvents.field("opens_at", "int64", "io.debezium.time.MicroTime"),
                "\"opens_at\":86400000001",
                1_700_000_000_000L));
    feed.endOffsets.put(products, badOffset + 1);

    Map<String, String> p = ShopFeed.jsonConnector(PREFIX, TABLES, database, model);
    p.put("connection.url", MARIADB.jdbcUrl());
    p.put("batch.size", "400");
    p.put("max.retries", "0"); // a batch that fails fails the task at once
    p.put("errors.tolerance", "all");
    p.put("name", NAME);

    ConfigInfos infos =
        connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), p);
    assertThat(EmbeddedWorker.errorsOf(infos)).as("validate() on a MariaDB URL").isEmpty();

    connect.configureConnector(NAME, p);
    Awaitility.await("every record stored in " + database + ".vs_progress")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> progress().entrySet().containsAll(feed.endOffsets.entrySet()));
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(NAME, 1, "the task must keep running");

    // The committed positions are exactly the topics' end offsets, one row per partition read.
    assertThat(progress()).isEqualTo(feed.endOffsets);
    assertThat(
            MARIADB.rows(
                "SELECT topic, kafka_partition, kafka_offset, error_code FROM "
                    + database
                    + ".vs_errors"))
        .containsExactly(products.topic() + "|0|" + badOffset + "|BAD_RECORD");
    assertThat(MARIADB.rows("SELECT count(*) FROM " + database + ".vs_waiting"))
        .containsExactly("0");

    assertSameVaultAsTheEngineBuildsInPostgres(feed, model);
  }

  /** The same events loaded by the engine into PostgreSQL: the same keys, the same rows. */
  private void assertSameVaultAsTheEngineBuildsInPostgres(ShopFeed feed, String model)
      throws Exception {
    String ref = TestDatabase.newSchema();
    VaultLoader reference =
        VaultLoader.open(ModelLoader.parse(model, PREFIX), TestDatabase.options(ref).build());
    loaders.add(reference);
    feed.loadDirectly(reference);
    for (String table : VAULT_TABLES) {
      List<String> columns = comparedColumns(table);
      String list = String.join(", ", columns);
      // Sorted here: the two databases' collations order text differently.
      List<String> want =
          TestDatabase.rows("SELECT " + list + " FROM " + ref + "." + table).stream()
              .sorted()
              .toList();
      List<String> got =
          MARIADB.rows("SELECT " + list + " FROM " + database + "." + table).stream()
              .sorted()
              .toList();
      assertThat(got).as(table + " (" + list + ")").hasSizeGreaterThan(1).isEqualTo(want);
    }
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
    assertThat(
            MARIADB.rows(
                "SELECT h.customer_no, s.city FROM "
                    + database
                    + ".hub_customer h JOIN "
                    + database
                    + ".sat_customer s ON s.customer_hk = h.customer_hk"
                    + " WHERE h.record_source <> 'SYSTEM' ORDER BY s.load_dts, h.customer_no"
                    + " LIMIT 1"))
        .isEqualTo(
            TestDatabase.rows(
                "SELECT h.customer_no, s.city FROM "
                    + ref
                    + ".hub_customer h JOIN "
                    + ref
                    + ".sat_customer s ON s.customer_hk = h.customer_hk"
                    + " WHERE h.record_source <> 'SYSTEM' ORDER BY s.load_dts, h.customer_no"
                    + " LIMIT 1"));
  }

  /** vs_progress of this connector: partition to the next offset to read. */
  private Map<TopicPartition, Long> progress() throws Exception {
    Map<TopicPartition, Long> out = new HashMap<>();
    try {
      for (String row :
          MARIADB.rows(
              "SELECT topic, kafka_partition, next_offset FROM "
                  + database
                  + ".vs_progress WHERE consumer = '"
                  + NAME
                  + "'")) {
        String[] f = row.split("\\|");
        out.put(new TopicPartition(f[0], Integer.parseInt(f[1])), Long.parseLong(f[2]));
      }
    } catch (java.sql.SQLException e) {
      if (!"42S02".equals(e.getSQLState())) { // not created yet
        throw e;
      }
    }
    return out;
  }

  /**
   * The columns whose text is the same in both databases: keys, hash diffs, business keys and
   * attributes as text; the timestamps are compared through the rows' order and count.
   */
  private List<String> comparedColumns(String table) throws Exception {
    return MARIADB.rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
            + database
            + "' AND table_name = '"
            + table
            + "' AND data_type IN ('char', 'varchar')"
            + " ORDER BY ordinal_position");
  }
}
