package io.vaultstream.spark;

import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.engine.VaultOptionsBuilder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The job's command line: which arguments it takes, which VaultSpeed environment variables stand
 * for them, and the checks that need no engine (required settings, the query mode, a registry URL
 * without credentials, the schema name, positive sizes). {@link JobConfig} holds the result.
 */
final class JobArguments {
  private JobArguments() {}

  /** Every argument the job takes (besides {@code --kafka.<name>}), for the unknown's message. */
  static final java.util.SortedSet<String> ARGUMENTS =
      new java.util.TreeSet<>(
          java.util.List.of(
              "model",
              "target",
              "delta-path",
              "delta-schema",
              "iceberg-schema",
              "jdbc-url",
              "jdbc-user",
              "jdbc-password",
              "schema",
              "pool-max-size",
              "pool-min-idle",
              "connection-timeout-ms",
              "idle-timeout-ms",
              "max-lifetime-ms",
              "jdbc-driver",
              "transaction-isolation",
              "auto-commit",
              "auto-evolve",
              "auto-evolve-max-columns-per-record",
              "auto-evolve-max-columns-per-table",
              "socket-timeout-ms",
              "statement-timeout-ms",
              "prepare-server-process",
              "ddl-lock-timeout-ms",
              "max-retries",
              "retry-backoff-ms",
              "topic-prefix",
              "bootstrap-servers",
              "operation-column",
              "timestamp-column",
              "schema-registry",
              "schema-registry-user-info",
              "schema-registry-bearer-token",
              "checkpoint",
              "trigger-ms",
              "table-sizes-interval-ms",
              "queries",
              "max-offsets-per-trigger",
              "batch-size",
              "watermark-seconds",
              "error-retention-seconds",
              "starting-offsets",
              "fail-on-data-loss",
              "pace-queries"));

  /**
   * The environment variables the job reads (VaultSpeed's names), each with the argument it is the
   * default of. SOURCE_KAFKA_SASL_JAAS_CONFIG is a secret, so that it can come from a secret scope
   * instead of arguments, which the process list and the job UI show.
   */
  static final Map<String, String> ENVIRONMENT =
      Map.ofEntries(
          Map.entry("TARGET_JDBC_URL", "jdbc-url"),
          Map.entry("TARGET_CONN_USERNAME", "jdbc-user"),
          Map.entry("TARGET_CONN_PASSWORD", "jdbc-password"),
          Map.entry("TARGET_CONN_MAXIMUM_POOL_SIZE", "pool-max-size"),
          Map.entry("TARGET_CONN_MINIMUM_IDLE", "pool-min-idle"),
          Map.entry("TARGET_CONN_CONNECTION_TIMEOUT", "connection-timeout-ms"),
          Map.entry("SOURCE_KAFKA_BOOTSTRAP_SERVERS", "bootstrap-servers"),
          Map.entry("SOURCE_KAFKA_SCHEMA_REGISTRY", "schema-registry"),
          Map.entry("TRIGGER_PROCESSING_MILS", "trigger-ms"),
          Map.entry("CHECK_POINT_LOCATION", "checkpoint"),
          Map.entry("WATER_MARK_SIZE", "watermark-seconds"),
          Map.entry("ERROR_RECORD_RETENTION_TIME", "error-retention-seconds"),
          Map.entry("TARGET_JDBC_DRIVER", "jdbc-driver"),
          Map.entry("TARGET_CONN_AUTO_COMMIT", "auto-commit"),
          Map.entry("TARGET_CONN_IDLE_TIMEOUT", "idle-timeout-ms"),
          Map.entry("TARGET_CONN_MAX_LIFETIME", "max-lifetime-ms"),
          Map.entry("TARGET_CONN_TRANSACTION_ISOLATION", "transaction-isolation"),
          Map.entry("SCHEMA_CDC_KAFKA", "topic-prefix"),
          Map.entry("SOURCE_KAFKA_SCHEMA_REGISTRY_USER_INFO", "schema-registry-user-info"),
          Map.entry("SOURCE_KAFKA_SCHEMA_REGISTRY_BEARER_TOKEN", "schema-registry-bearer-token"),
          Map.entry("SOURCE_KAFKA_SASL_JAAS_CONFIG", "kafka.sasl.jaas.config"));

  /**
   * The settings: the environment's VaultSpeed names, then {@code --key value} pairs over them;
   * fails naming an unknown argument, a missing one or a value no setting accepts.
   */
  static Map<String, String> parse(String[] args, Map<String, String> env) {
    Map<String, String> v = new HashMap<>();
    ENVIRONMENT.forEach((name, key) -> put(v, key, env.get(name)));
    readPairs(args, v);
    checkChoices(v);
    checkValues(v);
    return v;
  }

  /** Puts each {@code --key value} or {@code --key=value} into {@code v}; refuses unknown keys. */
  private static void readPairs(String[] args, Map<String, String> v) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--")) {
        throw new IllegalArgumentException(
            "unexpected argument '" + a + "'; arguments are --name value pairs");
      }
      String key = a.substring(2);
      String value;
      int eq = key.indexOf('=');
      if (eq > 0) {
        value = key.substring(eq + 1);
        key = key.substring(0, eq);
      } else if (i + 1 < args.length) {
        value = args[++i];
      } else {
        throw new IllegalArgumentException("--" + key + " needs a value");
      }
      if (!ARGUMENTS.contains(key) && !(key.startsWith("kafka.") && key.length() > 6)) {
        // A misspelt setting silently ignored would run the job with its default.
        throw new IllegalArgumentException(
            "unknown argument --"
                + key
                + "; valid: --"
                + String.join(", --", ARGUMENTS)
                + ", and --kafka.<name> for any Kafka client setting");
      }
      v.put(key, value);
    }
  }

  /** The required settings and the ones with a fixed set of values. */
  private static void checkChoices(Map<String, String> v) {
    boolean lake = checkTarget(v);
    for (String required :
        lake
            ? new String[] {"model", "bootstrap-servers", "checkpoint"}
            : new String[] {"model", "jdbc-url", "bootstrap-servers", "checkpoint"}) {
      if (!v.containsKey(required)) {
        throw new IllegalArgumentException(
            "missing --"
                + required
                + " (or its environment variable: TARGET_JDBC_URL, SOURCE_KAFKA_BOOTSTRAP_SERVERS,"
                + " CHECK_POINT_LOCATION)");
      }
    }
    String queries = v.getOrDefault("queries", lake ? "single" : "per-source");
    if (lake && !queries.equals("single")) {
      throw new IllegalArgumentException(
          "--target "
              + v.get("target").strip()
              + " runs one query over every source topic (one writer per vault: a lakehouse"
              + " commits one table at a time, and two writers of a table would conflict);"
              + " leave --queries out or give 'single', not '"
              + queries
              + "'");
    }
    if (!queries.equals("per-source") && !queries.equals("single")) {
      throw new IllegalArgumentException(
          "--queries must be 'per-source' (one query per source table) or 'single' (one query"
              + " over every source topic), not '"
              + queries
              + "'");
    }
    for (String flag : List.of("fail-on-data-loss", "pace-queries", "prepare-server-process")) {
      String value = v.getOrDefault(flag, "true").trim();
      if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
        throw new IllegalArgumentException(
            "--" + flag + " must be true or false, not '" + v.get(flag) + "'");
      }
    }
  }

  /**
   * The target: {@code jdbc} (the default: PostgreSQL or MariaDB at {@code --jdbc-url}), {@code
   * delta} with exactly one of {@code --delta-path} and {@code --delta-schema}, or {@code iceberg}
   * with {@code --iceberg-schema}; true for a lakehouse target.
   */
  private static boolean checkTarget(Map<String, String> v) {
    String target = v.getOrDefault("target", "jdbc").strip();
    checkOptionsOfOtherTargets(v, target);
    switch (target) {
      case "jdbc" -> {
        return false;
      }
      case "delta" -> checkDeltaLocation(v);
      case "iceberg" -> checkIcebergSchema(v);
      default ->
          throw new IllegalArgumentException(
              "--target must be 'jdbc' (PostgreSQL or MariaDB), 'delta' or 'iceberg', not '"
                  + target
                  + "'");
    }
    if (v.containsKey("jdbc-url")) {
      throw new IllegalArgumentException(
          "--jdbc-url is for --target jdbc; the "
              + target
              + " target keeps every table, the loader's own included, next to the vault");
    }
    return true;
  }

  /** No Delta location without {@code --target delta}, no Iceberg schema without iceberg. */
  private static void checkOptionsOfOtherTargets(Map<String, String> v, String target) {
    String named = target + (v.containsKey("target") ? "" : " (the default)");
    if ((v.containsKey("delta-path") || v.containsKey("delta-schema")) && !target.equals("delta")) {
      throw new IllegalArgumentException(
          "--delta-path and --delta-schema are for --target delta; the target is " + named);
    }
    if (v.containsKey("iceberg-schema") && !target.equals("iceberg")) {
      throw new IllegalArgumentException(
          "--iceberg-schema is for --target iceberg; the target is " + named);
    }
  }

  /** Exactly one of {@code --delta-path} and {@code --delta-schema}. */
  private static void checkDeltaLocation(Map<String, String> v) {
    if (v.containsKey("delta-path") == v.containsKey("delta-schema")) {
      throw new IllegalArgumentException(
          "--target delta needs exactly one of --delta-path DIR (a table per vault table"
              + " under DIR) and --delta-schema CATALOG.SCHEMA (tables in the metastore or"
              + " Unity Catalog)");
    }
  }

  /** An {@code --iceberg-schema} that names its catalog. */
  private static void checkIcebergSchema(Map<String, String> v) {
    String schema = v.get("iceberg-schema");
    if (schema == null) {
      throw new IllegalArgumentException(
          "--target iceberg needs --iceberg-schema CATALOG.SCHEMA: a schema of an Iceberg"
              + " catalog configured in Spark (spark.sql.catalog.CATALOG ="
              + " org.apache.iceberg.spark.SparkCatalog)");
    }
    if (!schema.strip().contains(".")) {
      throw new IllegalArgumentException(
          "--iceberg-schema '"
              + schema
              + "' names no catalog: give CATALOG.SCHEMA, the catalog an Iceberg catalog"
              + " configured in Spark (spark.sql.catalog.CATALOG)");
    }
  }

  /** A registry URL without credentials, a schema name the database takes, positive sizes. */
  private static void checkValues(Map<String, String> v) {
    String registry = v.get("schema-registry");
    if (MaskedUrl.hasPassword(registry)) {
      throw new IllegalArgumentException(
          "--schema-registry (SOURCE_KAFKA_SCHEMA_REGISTRY) must not carry user info"
              + " (user:password@): the job's settings are logged and Spark's UI shows its"
              + " arguments; give the credentials as --schema-registry-user-info user:password, or"
              + " better SOURCE_KAFKA_SCHEMA_REGISTRY_USER_INFO from a secret scope, and the URL"
              + " without them: "
              + MaskedUrl.of(registry));
    }
    String schemaProblem =
        VaultOptionsBuilder.schemaNameProblem(v.get("schema"), v.get("jdbc-url"), null);
    if (schemaProblem != null) {
      throw new IllegalArgumentException("--schema: " + schemaProblem);
    }
    positive(v, "batch-size");
    positive(v, "max-offsets-per-trigger");
  }

  private static void positive(Map<String, String> v, String key) {
    String text = v.get(key);
    if (text == null) {
      return;
    }
    try {
      if (Integer.parseInt(text.trim()) >= 1) {
        return;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "--" + key + " must be a whole number of at least 1, not '" + text + "'");
  }

  private static void put(Map<String, String> v, String key, String value) {
    if (value != null && !value.isBlank()) {
      v.put(key, value);
    }
  }
}
