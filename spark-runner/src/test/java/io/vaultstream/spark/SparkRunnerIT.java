package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.loadDirectly;
import static io.vaultstream.spark.SparkRunnerFixture.modelFor;
import static io.vaultstream.spark.SparkRunnerFixture.vault;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner in Spark local[2] with a real broker: one query per source table loads the same vault,
 * row by row, as the engine loading the same events directly; a failing batch and a restart from
 * the checkpoint lose and duplicate nothing.
 *
 * <p>Source formats and model kinds: {@link SparkRunnerSourcesIT}.
 */
class SparkRunnerIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  @RegisterExtension static final SparkRunnerFixture runner = SparkRunnerFixture.perClass();

  /**
   * Parity with the Connect plugin: the same events (generator seed 11, 3000 events) give, row by
   * row, the vault the connector built in a real Connect worker in connect-plugin's
   * VaultSinkConnectorIT (which the build runs first and which leaves its vault in a file).
   */
  @Test
  void theRunnerBuildsTheSameVaultAsTheConnectPlugin(@TempDir Path dir) throws Exception {
    Map<String, List<String>> connect = connectVault();
    String prefix = "parity.public";
    runner.sendShopEvents(prefix, false, 11, 3000);
    String schema = TestDatabase.newSchema();
    JobConfig config = runner.config(modelFor(prefix, dir), schema, dir.resolve("checkpoints"));
    runner.runOnce(config);
    assertThat(vault(schema)).isEqualTo(connect);
  }

  /** The vault the Connect plugin built of generator seed 11, 3000 events (see the parity test). */
  private static Map<String, List<String>> connectVault() throws Exception {
    Path connectVault =
        Path.of("..", "connect-plugin", "target", "parity", "connect-vault-seed11-3000.json");
    assertThat(connectVault)
        .as(
            "run the build from the repository root: connect-plugin's VaultSinkConnectorIT writes this file")
        .exists();
    return new com.fasterxml.jackson.databind.ObjectMapper()
        .readValue(
            java.nio.file.Files.readString(connectVault),
            new com.fasterxml.jackson.core.type.TypeReference<
                java.util.LinkedHashMap<String, List<String>>>() {});
  }

  /**
   * {@code --queries single}: one query reads every topic and loads each micro-batch in chunks of
   * {@code --batch-size}, each planned while the one before is written. A chunk the database
   * refuses after earlier chunks of the same micro-batch committed fails the batch; the restart
   * loads it again from its start (the committed chunks idempotently): the Connect plugin's vault,
   * row by row.
   */
  @Test
  void oneQueryForAllTopicsGivesTheConnectVaultAndSurvivesAFailedChunk(@TempDir Path dir)
      throws Exception {
    Map<String, List<String>> connect = connectVault();
    String prefix = "single.public";
    runner.sendShopEvents(prefix, true, 11, 3000);
    String schema = TestDatabase.newSchema();
    JobConfig config =
        runner.config(
            modelFor(prefix, dir),
            schema,
            dir.resolve("checkpoints"),
            "--queries",
            "single",
            "--batch-size",
            "300",
            "--max-offsets-per-trigger",
            "3000");
    refuseCustomerC00000150(config, schema);
    assertTheSingleQueryFailsAfterTheChunksBeforeTheRefusedOne(config, schema);

    TestDatabase.execute("DROP TRIGGER refuse ON " + schema + ".hub_customer");
    Loaders.closeAll();
    for (int run = 0; run < 2; run++) {
      runner.runOnce(config);
      assertThat(vault(schema)).isEqualTo(connect);
    }
    assertThat(
            TestDatabase.rows(
                "SELECT consumer, next_offset FROM "
                    + schema
                    + ".vs_progress WHERE topic LIKE '\\_\\_batch/%'"))
        .containsExactly("vaultstream-shop|1");
  }

  /**
   * The single query fails at the refused customer's chunk: the chunks before it committed, neither
   * the Kafka positions nor the ledger entry did.
   */
  private static void assertTheSingleQueryFailsAfterTheChunksBeforeTheRefusedOne(
      JobConfig config, String schema) throws Exception {
    List<StreamingQuery> first =
        VaultStreamingJob.start(runner.spark, config, Trigger.AvailableNow());
    assertThat(first).hasSize(1);
    assertThatThrownBy(first.get(0)::awaitTermination)
        .hasStackTraceContaining("refused for the test");
    String customers =
        "SELECT count(*) FROM " + schema + ".hub_customer WHERE record_source <> 'SYSTEM'";
    assertThat(Long.parseLong(TestDatabase.rows(customers).get(0)))
        .as("the chunks before the refused one committed")
        .isGreaterThan(50)
        .isLessThan(150);
    assertThat(TestDatabase.rows("SELECT consumer FROM " + schema + ".vs_progress"))
        .as("neither the Kafka positions nor the ledger entry committed")
        .isEmpty();
  }

  /** The database refuses one customer, C00000150, that arrives in the middle of the stream. */
  private static void refuseCustomerC00000150(JobConfig config, String schema) throws Exception {
    // The job's engine creates the vault's tables first, so the trigger has a table to go on.
    Loaders.get(ModelLoader.load(Path.of(config.model())), config.options());
    TestDatabase.execute(
        "CREATE FUNCTION "
            + schema
            + ".refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.customer_no = 'C00000150' THEN RAISE EXCEPTION 'refused for the test';"
            + " END IF; RETURN NEW; END $$");
    TestDatabase.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON "
            + schema
            + ".hub_customer FOR EACH ROW EXECUTE FUNCTION "
            + schema
            + ".refuse()");
  }

  /**
   * A query on a new checkpoint (the old one deleted, or the other {@code --queries} mode) starts
   * at the positions stored in the vault with the rows, reads only what is new, and its batch ids,
   * which start again at 0, are not taken for batches the old checkpoint's ledger has loaded.
   */
  @Test
  void aNewCheckpointContinuesWhereTheVaultIs(@TempDir Path dir) throws Exception {
    String prefix = "reset.public";
    runner.createTopics(prefix, true);
    Path model = modelFor(prefix, dir);
    ShopEventGenerator gen = new ShopEventGenerator(prefix, 21);
    String schema = TestDatabase.newSchema();
    String ref = TestDatabase.newSchema();
    String[] modes = {"per-source", "per-source", "single"};
    Map<String, Long> offsets = new HashMap<>();
    for (int run = 0; run < modes.length; run++) {
      List<ChangeRecord> part = gen.next(1000);
      runner.send(part);
      JobConfig config =
          runner.config(
              model,
              schema,
              dir.resolve("checkpoint-" + run),
              "--queries",
              modes[run],
              "--kafka.client.dns.lookup", // a Kafka client setting, passed through
              "use_all_dns_ips");
      long read = runner.runOnceCountingReads(config);
      assertThat(read).as("records read by run %d (%s)", run, modes[run]).isEqualTo(part.size());
      loadDirectly(model, ref, part, offsets);
      assertThat(vault(schema)).as("the vault after run %d", run).isEqualTo(vault(ref));
    }
  }

  /**
   * The progress listener's backlog figure: each micro-batch's records plus what it leaves behind
   * the latest offsets add up to what was there to read, and the last batch leaves nothing.
   */
  @Test
  void eachBatchKnowsHowFarItsQueryIsBehindLatest(@TempDir Path dir) throws Exception {
    String prefix = "behind.public";
    runner.sendShopEvents(prefix, false, 5, 600);
    JobConfig config =
        runner.config(
            modelFor(prefix, dir),
            TestDatabase.newSchema(),
            dir.resolve("checkpoint"),
            "--queries",
            "single",
            "--max-offsets-per-trigger",
            "100");
    StreamingQuery q = VaultStreamingJob.start(runner.spark, config, Trigger.AvailableNow()).get(0);
    q.awaitTermination();
    VaultStreamingJob.finish(config);

    var batches = q.recentProgress();
    assertThat(batches.length).isGreaterThanOrEqualTo(6);
    long unread = 600;
    for (var batch : batches) {
      long behind = ProgressListener.behindLatest(batch);
      assertThat(batch.numInputRows() + behind).as("batch %d", batch.batchId()).isEqualTo(unread);
      unread = behind;
    }
    assertThat(unread).isZero();
  }

  @Test
  void aTopicCreatedAgainIsReadFromItsBeginning(@TempDir Path dir) throws Exception {
    String prefix = "recreated.public";
    List<ChangeRecord> before = runner.sendShopEvents(prefix, false, 31, 600);
    Path model = modelFor(prefix, dir);
    String schema = TestDatabase.newSchema();
    String ref = TestDatabase.newSchema();
    Map<String, Long> offsets = new HashMap<>();
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint-0")));
    loadDirectly(model, ref, before, offsets);

    // The topics deleted and created again (or a new Kafka cluster): offsets start at 0 again.
    runner.deleteAndCreateTopicsAgain(prefix);
    List<ChangeRecord> after = new ShopEventGenerator(prefix, 32).next(1200);
    runner.send(after);

    long read =
        runner.runOnceCountingReads(runner.config(model, schema, dir.resolve("checkpoint-1")));
    assertThat(read).as("every record of the new topics").isEqualTo(after.size());
    loadDirectly(model, ref, after, offsets);
    assertThat(vault(schema)).isEqualTo(vault(ref));
  }

  @Test
  void theRunnerBuildsTheSameVaultAsTheEngineAndSurvivesAFailedBatch(@TempDir Path dir)
      throws Exception {
    List<ChangeRecord> records = runner.sendShopEvents("shop.public", true, 31, 3000);
    String ref = TestDatabase.newSchema();
    // The same records, decoded as the runner decodes them (positions do not enter the vault).
    loadDirectly(Samples.shopModel(), ref, records, new HashMap<>());

    // First run: the database refuses one table, the batches of some queries fail.
    String schema = TestDatabase.newSchema();
    JobConfig config = runner.config(Samples.shopModel(), schema, dir.resolve("checkpoints"));
    // The job's engine prepares the vault once per JVM; then the table refuses writes under it.
    Loaders.get(SHOP, config.options());
    TestDatabase.refuseWrites(schema, "lnk_order_line");
    assertThatThrownBy(() -> runner.runOnce(config))
        .as("the order_lines query fails while its link table refuses writes")
        .hasMessageContaining("lnk_order_line");
    TestDatabase.allowWrites(schema, "lnk_order_line");
    Loaders.closeAll();

    // Restart from the checkpoints: everything loads once.
    runner.runOnce(config);
    assertThat(vault(schema)).isEqualTo(vault(ref));
    assertThat(vault(schema).get("hub_order").size()).isGreaterThan(100);
    // A second restart finds nothing new and changes nothing.
    runner.runOnce(config);
    assertThat(vault(schema)).isEqualTo(vault(ref));
    // Three starts in one session: one progress listener reports them all.
    assertThat(runner.spark.streams().listListeners())
        .filteredOn(l -> l instanceof ProgressListener)
        .hasSize(1);
    // Every query keeps its ledger: (query, next batch id) in the vault.
    assertThat(
            TestDatabase.rows(
                "SELECT DISTINCT consumer FROM "
                    + schema
                    + ".vs_progress WHERE topic LIKE '\\_\\_batch/%' ORDER BY 1"))
        .hasSize(6)
        .allMatch(q -> q.startsWith("vaultstream-shop-"));
  }
}
