package io.vaultstream.spark;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.decode.SchemaRegistryAuth;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.write.ColumnLimits;
import java.io.Serializable;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The job's settings: arguments ({@code --name value}), with the environment variables VaultSpeed
 * users already set as defaults (read and checked by {@link JobArguments}). Mapped into the
 * engine's options here and nowhere else.
 */
public final class JobConfig implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JobConfig.class);
  private final Map<String, String> values;

  private JobConfig(Map<String, String> values) {
    this.values = values;
  }

  /**
   * Reads {@code --key value} (or {@code --key=value}) pairs over the environment's VaultSpeed
   * names; fails naming the first bad setting.
   */
  public static JobConfig from(String[] args, Map<String, String> env) {
    Map<String, String> v = JobArguments.parse(args, env);
    if (v.containsKey("auto-commit") && !"false".equalsIgnoreCase(v.get("auto-commit").trim())) {
      LOG.warn(
          "TARGET_CONN_AUTO_COMMIT / --auto-commit '{}' is ignored: the engine commits each batch"
              + " itself, in one transaction with its Kafka positions",
          v.get("auto-commit"));
    }
    JobConfig config = new JobConfig(v);
    config.options(); // reports a bad setting now, naming it
    LOG.info("vaultstream job settings: {}", config);
    return config;
  }

  /**
   * Events per transaction when a micro-batch of the single query holds more ({@code --batch-size},
   * default 5000; a micro-batch's events live in Spark's own memory, measured apart from the
   * Connect plugin's {@code batch.size}).
   */
  public int batchSize() {
    return Integer.parseInt(get("batch-size", "5000").trim());
  }

  /**
   * Options for the Kafka clients given as {@code --kafka.<name> value} (security settings such as
   * {@code --kafka.security.protocol SASL_SSL}), keyed without the {@code kafka.} prefix.
   */
  public Map<String, String> kafkaOptions() {
    Map<String, String> out = new java.util.TreeMap<>();
    values.forEach(
        (k, v) -> {
          if (k.startsWith("kafka.") && k.length() > "kafka.".length()) {
            out.put(k.substring("kafka.".length()), v);
          }
        });
    return out;
  }

  /**
   * The settings of a Kafka client the driver opens itself (to check stored positions against the
   * topics): {@link #kafkaOptions} and the bootstrap servers.
   */
  public Map<String, Object> kafkaClients() {
    Map<String, Object> out = new java.util.HashMap<>(kafkaOptions());
    out.put("bootstrap.servers", get("bootstrap-servers", null));
    return out;
  }

  /**
   * Whether a query fails when offsets it is to read are gone from Kafka (deleted by retention, or
   * the topic recreated) instead of skipping them ({@code --fail-on-data-loss}, default true: an
   * audit store must not lose changes silently).
   */
  public boolean failOnDataLoss() {
    return !"false".equalsIgnoreCase(values.getOrDefault("fail-on-data-loss", "true").trim());
  }

  /** The micro-batch interval of the job's queries ({@code --trigger-ms}, default 5000). */
  public long triggerMs() {
    return Long.parseLong(values.getOrDefault("trigger-ms", "5000"));
  }

  /**
   * Whether a per-source query's micro-batch of a backlog waits until the queries of the tables it
   * references have loaded up to its last record ({@code --pace-queries}, default true).
   */
  public boolean paceQueries() {
    return !"false".equalsIgnoreCase(values.getOrDefault("pace-queries", "true").trim());
  }

  /** Whether one query reads every source topic ({@code --queries single}). */
  public boolean singleQuery() {
    return "single".equals(values.get("queries")) || lakeTarget();
  }

  /** A setting, or the default. */
  public String get(String key, String dflt) {
    return values.getOrDefault(key, dflt);
  }

  /** The model file. */
  public String model() {
    return values.get("model");
  }

  /**
   * Settings whose values are secrets: shown as [hidden]. Any name with "key" is one (Kafka's
   * ssl.keystore.key and ssl.key.password, a SASL mechanism's private key file), and so is any with
   * "credentials" (OAuth client credentials); a non-secret such as ssl.keystore.location hidden too
   * costs less than a private key in the driver's log.
   */
  private static final java.util.regex.Pattern SECRET =
      java.util.regex.Pattern.compile("(?i)password|secret|token|user-info|jaas|key|credential");

  /** The settings for logs: secrets hidden, passwords in URLs masked. */
  @Override
  public String toString() {
    Map<String, String> shown = new java.util.TreeMap<>();
    values.forEach((k, v) -> shown.put(k, SECRET.matcher(k).find() ? "[hidden]" : MaskedUrl.of(v)));
    return "JobConfig" + shown;
  }

  /**
   * The model, read from {@link #model()} through Hadoop's file systems with their default settings
   * (local paths and {@code file:} URIs); see {@link #loadModel(Configuration)}.
   */
  public io.vaultstream.model.VaultModel loadModel() {
    return loadModel(new Configuration());
  }

  /**
   * The model, read from {@link #model()} (a path or URI on any of the cluster's Hadoop file
   * systems: {@code dbfs:/}, {@code /Volumes/...}, {@code abfss://}, {@code s3://}; a file of at
   * most 4 MiB, never a directory; a file that is not a model is never quoted); {@code
   * --topic-prefix} (SCHEMA_CDC_KAFKA), when set, replaces the model's {@code topicPrefix}.
   */
  public io.vaultstream.model.VaultModel loadModel(Configuration hadoop) {
    // The model's validation refuses a topic that is no Kafka topic name: Spark's subscribe option
    // is a comma-separated list, so a ',' would subscribe a query to other topics.
    return HadoopModelFile.load(model(), values.get("topic-prefix"), hadoop);
  }

  /**
   * Whether the vault is in lakehouse tables ({@code --target delta} or {@code --target iceberg}).
   */
  public boolean lakeTarget() {
    String target = values.getOrDefault("target", "jdbc").strip();
    return target.equals("delta") || target.equals("iceberg");
  }

  /**
   * Where the lakehouse tables are: {@code --delta-path}, {@code --delta-schema} or {@code
   * --iceberg-schema}.
   */
  public io.vaultstream.spark.lake.LakeLocation lakeLocation() {
    String path = values.get("delta-path");
    String iceberg = values.get("iceberg-schema");
    if (iceberg != null) {
      return new io.vaultstream.spark.lake.LakeLocation.Catalog(
          iceberg, io.vaultstream.spark.lake.LakeFormat.ICEBERG);
    }
    return path != null
        ? new io.vaultstream.spark.lake.LakeLocation.Path(path)
        : new io.vaultstream.spark.lake.LakeLocation.Catalog(values.get("delta-schema"));
  }

  /** The engine options. */
  public VaultOptions options() {
    io.vaultstream.engine.VaultOptionsBuilder b = VaultOptions.builder();
    if (lakeTarget()) {
      b.outsideADatabase();
    }
    // The executors' tasks of a JVM share one loader: a key map kept in memory between batches
    // needs one loader per writer.
    b.keyMapCacheKeys(0);
    return b.jdbcUrl(values.get("jdbc-url"))
        .user(values.get("jdbc-user"))
        .password(values.get("jdbc-password"))
        .targetSchema(values.get("schema"))
        .autoEvolve(flag("auto-evolve", true))
        .columnLimits(
            (int) number("auto-evolve-max-columns-per-record", ColumnLimits.DEFAULT.perRecord()),
            (int) number("auto-evolve-max-columns-per-table", ColumnLimits.DEFAULT.perTable()))
        .poolMaxSize((int) number("pool-max-size", 4))
        .poolMinIdle((int) number("pool-min-idle", 1))
        .connectionTimeoutMs(number("connection-timeout-ms", 30_000))
        .driverClassName(values.get("jdbc-driver"))
        .poolIdleTimeoutMs(number("idle-timeout-ms", 600_000))
        .poolMaxLifetimeMs(number("max-lifetime-ms", 1_800_000))
        .transactionIsolation(values.get("transaction-isolation"))
        .watermarkSeconds(number("watermark-seconds", 120))
        .errorRetentionSeconds(number("error-retention-seconds", 120))
        .socketTimeoutMs(number("socket-timeout-ms", 300_000))
        .statementTimeoutMs(number("statement-timeout-ms", 0))
        .prepareServerProcess(flag("prepare-server-process", true))
        .ddlLockTimeoutMs(number("ddl-lock-timeout-ms", 5_000))
        .maxRetries((int) number("max-retries", 10))
        .retryBackoffMs(number("retry-backoff-ms", 3_000))
        .decoder(
            new DecoderOptions(
                blankToNull(values.get("operation-column")),
                blankToNull(values.get("timestamp-column")),
                values.get("schema-registry"),
                new SchemaRegistryAuth(
                    values.get("schema-registry-user-info"),
                    values.get("schema-registry-bearer-token"))))
        .build();
  }

  /** Null for an absent or blank setting (the decoder's "not given"). */
  private static String blankToNull(String v) {
    return v == null || v.isBlank() ? null : v.strip();
  }

  /** A true/false setting, or the default; any other value is named. */
  private boolean flag(String key, boolean dflt) {
    String text = values.get(key);
    if (text == null) {
      return dflt;
    }
    if (text.trim().equalsIgnoreCase("true") || text.trim().equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(text.trim());
    }
    throw new IllegalArgumentException("--" + key + " must be true or false, not '" + text + "'");
  }

  /** A whole-number setting, or the default; a value that is not one is named. */
  private long number(String key, long dflt) {
    String text = values.get(key);
    if (text == null) {
      return dflt;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--" + key + " must be a whole number, not '" + text + "'", e);
    }
  }
}
