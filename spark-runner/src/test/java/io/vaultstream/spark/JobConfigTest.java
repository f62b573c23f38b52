package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.VaultOptions;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** VaultSpeed's environment variables are the defaults; arguments win. */
class JobConfigTest {
  static final Map<String, String> ENV =
      Map.of(
          "TARGET_JDBC_URL", "jdbc:postgresql://db/dwh",
          "TARGET_CONN_USERNAME", "vault",
          "TARGET_CONN_PASSWORD", "s3cret",
          "TARGET_CONN_MAXIMUM_POOL_SIZE", "7",
          "SOURCE_KAFKA_BOOTSTRAP_SERVERS", "broker:9092",
          "CHECK_POINT_LOCATION", "/chk",
          "WATER_MARK_SIZE", "30",
          "ERROR_RECORD_RETENTION_TIME", "60",
          "TRIGGER_PROCESSING_MILS", "1000");

  /** The job's settings from {@code args} with {@code env} as the environment. */
  static JobConfig config(Map<String, String> env, String... args) {
    return JobConfig.from(args, env);
  }

  @Test
  void environmentGivesTheDefaults() {
    JobConfig c = config(ENV, "--model", "m.json", "--watermark-seconds=45");
    VaultOptions o = c.options();
    assertThat(o.jdbcUrl()).isEqualTo("jdbc:postgresql://db/dwh");
    assertThat(o.user()).isEqualTo("vault");
    assertThat(o.poolMaxSize()).isEqualTo(7);
    assertThat(o.watermarkSeconds()).isEqualTo(45);
    assertThat(o.errorRetentionSeconds()).isEqualTo(60);
    assertThat(c.get("trigger-ms", null)).isEqualTo("1000");
    assertThat(c.get("checkpoint", null)).isEqualTo("/chk");
    assertThat(o.toString()).doesNotContain("s3cret");
  }

  @Test
  void missingSettingsAreNamed() {
    assertThatThrownBy(() -> config(Map.of(), "--jdbc-url", "jdbc:postgresql://x/y"))
        .hasMessageStartingWith("missing --model");
    assertThatThrownBy(() -> config(ENV, "model.json"))
        .hasMessage("unexpected argument 'model.json'; arguments are --name value pairs");
  }

  @Test
  void theKafkaSourceWaitsBrieflyAtAPartitionsEndUnlessTheUserSaysOtherwise() {
    java.util.List<String> topics = java.util.List.of("shop.orders", "shop.lines");
    JobConfig plain = config(ENV, "--model", "m.json");
    assertThat(VaultStreamingJob.sourceOptions(plain, topics, StartingOffsets.configured(plain)))
        .containsEntry("kafka.bootstrap.servers", "broker:9092")
        .containsEntry("kafka.fetch.max.wait.ms", VaultStreamingJob.DEFAULT_FETCH_MAX_WAIT_MS)
        .containsEntry("subscribe", "shop.orders,shop.lines")
        .containsEntry("startingOffsets", "earliest")
        .containsEntry("failOnDataLoss", "true")
        .containsEntry("maxOffsetsPerTrigger", VaultStreamingJob.DEFAULT_MAX_OFFSETS_PER_TRIGGER);
    JobConfig own =
        config(
            ENV,
            "--model",
            "m.json",
            "--kafka.fetch.max.wait.ms=500",
            "--kafka.bootstrap.servers=other:9092",
            "--max-offsets-per-trigger=700",
            "--starting-offsets=latest");
    assertThat(VaultStreamingJob.sourceOptions(own, topics, StartingOffsets.configured(own)))
        .containsEntry("kafka.fetch.max.wait.ms", "500")
        .containsEntry("kafka.bootstrap.servers", "other:9092")
        .containsEntry("maxOffsetsPerTrigger", "700")
        .containsEntry("startingOffsets", "latest");
  }

  @Test
  void theQueryModeAndBatchSizesAreChecked() {
    assertThat(config(ENV, "--model", "m.json").singleQuery()).isFalse();
    JobConfig single = config(ENV, "--model", "m.json", "--queries", "single");
    assertThat(single.singleQuery()).isTrue();
    assertThat(single.batchSize()).isEqualTo(5000);
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--queries", "one"))
        .hasMessageContaining("--queries must be 'per-source'")
        .hasMessageContaining("not 'one'");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--batch-size", "0"))
        .hasMessage("--batch-size must be a whole number of at least 1, not '0'");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--max-offsets-per-trigger", "lots"))
        .hasMessage("--max-offsets-per-trigger must be a whole number of at least 1, not 'lots'");
  }

  @Test
  void everyVaultSpeedVariableOfTheSpecIsRead(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    Map<String, String> env = vaultSpeedVariables();
    // The shop model without its topics: SCHEMA_CDC_KAFKA names them.
    JobConfig c = config(env, "--model", shopModelWithoutTopics(dir).toString());
    VaultOptions o = c.options();
    assertThat(o.driverClassName()).isEqualTo("org.postgresql.Driver");
    assertThat(o.poolMinIdle()).isEqualTo(2);
    assertThat(o.connectionTimeoutMs()).isEqualTo(5000);
    assertThat(o.poolIdleTimeoutMs()).isEqualTo(60_000);
    assertThat(o.poolMaxLifetimeMs()).isEqualTo(900_000);
    assertThat(o.transactionIsolation()).isEqualTo("TRANSACTION_READ_COMMITTED");
    assertThat(o.decoder().schemaRegistryUrl()).isEqualTo("http://registry:8081");
    assertThat(c.loadModel().sources().get("customers").topic()).isEqualTo("prod.public.customers");
    assertThat(
            config(
                    env,
                    "--model",
                    "m.json",
                    "--kafka.security.protocol",
                    "SASL_SSL",
                    "--kafka.sasl.mechanism=PLAIN")
                .kafkaOptions())
        .containsExactly(
            Map.entry("sasl.mechanism", "PLAIN"), Map.entry("security.protocol", "SASL_SSL"));
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--transaction-isolation", "DIRTY"))
        .hasMessageContaining("unknown transaction isolation 'DIRTY'");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--pool-max-size", "ten"))
        .hasMessage("--pool-max-size must be a whole number, not 'ten'");
  }

  /** {@link #ENV} with every other variable of the VaultSpeed job's environment set. */
  private static Map<String, String> vaultSpeedVariables() {
    Map<String, String> env = new java.util.HashMap<>(ENV);
    env.put("TARGET_JDBC_DRIVER", "org.postgresql.Driver");
    env.put("TARGET_CONN_AUTO_COMMIT", "false");
    env.put("TARGET_CONN_MINIMUM_IDLE", "2");
    env.put("TARGET_CONN_CONNECTION_TIMEOUT", "5000");
    env.put("TARGET_CONN_IDLE_TIMEOUT", "60000");
    env.put("TARGET_CONN_MAX_LIFETIME", "900000");
    env.put("TARGET_CONN_TRANSACTION_ISOLATION", "TRANSACTION_READ_COMMITTED");
    env.put("SOURCE_KAFKA_SCHEMA_REGISTRY", "http://registry:8081");
    env.put("SCHEMA_CDC_KAFKA", "prod.public");
    return env;
  }

  /** The shop model written to {@code dir} without its sources' topics. */
  private static java.nio.file.Path shopModelWithoutTopics(java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path model = dir.resolve("model.json");
    java.nio.file.Files.writeString(
        model,
        java.nio.file.Files.readString(io.vaultstream.testing.Samples.shopModel())
            .replaceAll("\"topic\": *\"[^\"]*\", *", ""));
    return model;
  }

  @Test
  void unknownArgumentsAreRejectedWithTheValidOnes() {
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--watermark-secs", "30"))
        .hasMessageStartingWith("unknown argument --watermark-secs; valid: --auto-commit,")
        .hasMessageContaining("--watermark-seconds")
        .hasMessageContaining("--fail-on-data-loss")
        .hasMessageEndingWith("and --kafka.<name> for any Kafka client setting");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--kafka.=x"))
        .hasMessageStartingWith("unknown argument --kafka.;");
    // Kafka client settings still pass through.
    assertThat(config(ENV, "--model", "m.json", "--kafka.client.id=job").kafkaOptions())
        .containsExactly(Map.entry("client.id", "job"));
  }

  @Test
  void dataLossFailsTheQueryUnlessTurnedOff() {
    assertThat(config(ENV, "--model", "m.json").failOnDataLoss()).isTrue();
    assertThat(config(ENV, "--model", "m.json", "--fail-on-data-loss", "false").failOnDataLoss())
        .isFalse();
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--fail-on-data-loss", "no"))
        .hasMessage("--fail-on-data-loss must be true or false, not 'no'");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--prepare-server-process", "off"))
        .hasMessage("--prepare-server-process must be true or false, not 'off'");
  }

  @Test
  void faultSettingsMapIntoTheOptions() {
    VaultOptions defaults = config(ENV, "--model", "m.json").options();
    assertThat(defaults.socketTimeoutMs()).isEqualTo(300_000);
    assertThat(defaults.statementTimeoutMs()).isZero();
    assertThat(defaults.prepareServerProcess()).isTrue();
    assertThat(defaults.ddlLockTimeoutMs()).isEqualTo(5000);
    assertThat(defaults.maxRetries()).isEqualTo(10);
    assertThat(defaults.retryBackoffMs()).isEqualTo(3000);
    Map<String, String> env = new java.util.HashMap<>(ENV);
    env.put("SOURCE_KAFKA_SCHEMA_REGISTRY_USER_INFO", "vault:s3cret");
    VaultOptions o =
        config(
                env,
                "--model",
                "m.json",
                "--socket-timeout-ms",
                "60000",
                "--statement-timeout-ms",
                "30000",
                "--prepare-server-process",
                "false",
                "--ddl-lock-timeout-ms",
                "1000",
                "--max-retries",
                "3",
                "--retry-backoff-ms",
                "500")
            .options();
    assertThat(o.socketTimeoutMs()).isEqualTo(60_000);
    assertThat(o.statementTimeoutMs()).isEqualTo(30_000);
    assertThat(o.prepareServerProcess()).isFalse();
    assertThat(o.ddlLockTimeoutMs()).isEqualTo(1000);
    assertThat(o.maxRetries()).isEqualTo(3);
    assertThat(o.retryBackoffMs()).isEqualTo(500);
    assertThat(o.decoder().schemaRegistryAuth().header()).isEqualTo("Basic dmF1bHQ6czNjcmV0");
    assertThat(
            config(ENV, "--model", "m.json", "--schema-registry-bearer-token", "t0ken")
                .options()
                .decoder()
                .schemaRegistryAuth()
                .header())
        .isEqualTo("Bearer t0ken");
  }

  @Test
  void operationColumnRecordsAreReadWithTheSameSettingsAsInConnect() {
    VaultOptions none = config(ENV, "--model", "m.json").options();
    assertThat(none.decoder().operationColumn()).isNull();
    assertThat(none.decoder().timestampColumn()).isNull();
    VaultOptions o =
        config(
                ENV,
                "--model",
                "m.json",
                "--operation-column",
                "op_type",
                "--timestamp-column",
                "op_ts")
            .options();
    assertThat(o.decoder().operationColumn()).isEqualTo("op_type");
    assertThat(o.decoder().timestampColumn()).isEqualTo("op_ts");
  }

  @Test
  void queriesRunInThePoolOfWhatTheirTableFeeds() {
    var shop = io.vaultstream.model.ModelLoader.load(io.vaultstream.testing.Samples.shopModel());
    assertThat(VaultStreamingJob.pool(shop, shop.sources().get("customers")))
        .isEqualTo("vaultstream-hubs");
    assertThat(VaultStreamingJob.pool(shop, shop.sources().get("order_lines")))
        .isEqualTo("vaultstream-links");
    assertThat(VaultStreamingJob.pool(shop, shop.sources().get("order_status")))
        .isEqualTo("vaultstream-satellites");
  }

  @Test
  void autoEvolveIsOnUnlessTurnedOff() {
    assertThat(config(ENV, "--model", "m.json").options().autoEvolve()).isTrue();
    assertThat(config(ENV, "--model", "m.json", "--auto-evolve", "false").options().autoEvolve())
        .isFalse();
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--auto-evolve", "maybe").options())
        .hasMessage("--auto-evolve must be true or false, not 'maybe'");
  }

  @Test
  void theJaasConfigCanComeFromTheEnvironmentAndAnArgumentWins() {
    Map<String, String> env = new java.util.HashMap<>(ENV);
    String jaas =
        "kafkashaded.org.apache.kafka.common.security.plain.PlainLoginModule required"
            + " username=\"u\" password=\"p\";";
    env.put("SOURCE_KAFKA_SASL_JAAS_CONFIG", jaas);
    JobConfig fromEnv = config(env, "--model", "m.json");
    assertThat(fromEnv.kafkaOptions()).containsEntry("sasl.jaas.config", jaas);
    assertThat(fromEnv.toString())
        .contains("kafka.sasl.jaas.config=[hidden]")
        .doesNotContain("\"p\"");
    JobConfig argument = config(env, "--model", "m.json", "--kafka.sasl.jaas.config", "other");
    assertThat(argument.kafkaOptions()).containsEntry("sasl.jaas.config", "other");
  }
}
