package io.vaultstream.connect;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.decode.SchemaRegistryAuth;
import io.vaultstream.engine.MaskedUrl;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigDef.Width;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The connector's configuration: every key documented, defaulted, validated and grouped. */
public final class VaultSinkConfig extends AbstractConfig {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkConfig.class);
  static final String GROUP_CONNECTION = "Connection";
  static final String GROUP_VAULT = "Vault";
  static final String GROUP_INTEGRITY = "Referential integrity";
  static final String GROUP_INPUT = "Input";
  static final String GROUP_WRITES = "Writes";

  public static final String CONNECTION_URL = "connection.url";
  public static final String CONNECTION_USER = "connection.user";
  public static final String CONNECTION_USERNAME = "connection.username";
  public static final String CONNECTION_PASSWORD = "connection.password";
  public static final String DIALECT = "dialect.name";
  public static final String POOL_MAX_SIZE = "connection.pool.max.size";
  public static final String POOL_MIN_IDLE = "connection.pool.min.idle";
  public static final String POOL_CONNECTION_TIMEOUT = "connection.pool.connection.timeout.ms";
  public static final String POOL_IDLE_TIMEOUT = "connection.pool.idle.timeout.ms";
  public static final String POOL_MAX_LIFETIME = "connection.pool.max.lifetime.ms";
  public static final String TRANSACTION_ISOLATION = "connection.transaction.isolation";
  public static final String SOCKET_TIMEOUT = "connection.socket.timeout.ms";
  public static final String VAULT_MODEL = "vault.model";
  public static final String VAULT_MODEL_PATH = "vault.model.path";
  public static final String VAULT_MODEL_ALLOWED_DIR = "vault.model.allowed.dir";
  public static final String TARGET_SCHEMA = "target.schema";
  public static final String AUTO_CREATE = "auto.create";
  public static final String AUTO_EVOLVE = "auto.evolve";
  public static final String HASH_PROFILE = "hash.profile";
  public static final String WATERMARK = "watermark.size.seconds";
  public static final String RETENTION = "error.record.retention.seconds";
  public static final String EXPIRED_ACTION = "error.record.expired.action";
  public static final String HOLD_MS = "waiting.hold.ms";
  public static final String HOLD_MAX_EVENTS = "waiting.hold.max.events";
  public static final String HOLD_MAX_BYTES = "waiting.hold.max.bytes";
  public static final String OPERATION_COLUMN = "input.operation.column";
  public static final String TIMESTAMP_COLUMN = "input.timestamp.column";
  public static final String SCHEMA_REGISTRY = "input.schema.registry.url";
  public static final String SCHEMA_REGISTRY_USER_INFO =
      "input.schema.registry.basic.auth.user.info";
  public static final String SCHEMA_REGISTRY_BEARER_TOKEN =
      "input.schema.registry.bearer.auth.token";
  public static final String BATCH_SIZE = "batch.size";
  public static final String BATCH_MAX_WAIT = "batch.max.wait.ms";
  public static final String BATCH_PIPELINING = "batch.pipelining";
  public static final String MAX_RETRIES = "max.retries";
  public static final String RETRY_BACKOFF = "retry.backoff.ms";
  public static final String STATEMENT_TIMEOUT = "statement.timeout.ms";
  public static final String DDL_LOCK_TIMEOUT = "ddl.lock.timeout.ms";

  /** The definition of every key. */
  public static final ConfigDef CONFIG = define();

  private static ConfigDef define() {
    ConfigDef d = new ConfigDef();
    int o = 0;
    d.define(
        CONNECTION_URL,
        Type.STRING,
        ConfigDef.NO_DEFAULT_VALUE,
        new ConfigDef.NonEmptyString(),
        Importance.HIGH,
        "JDBC URL of the database that holds the vault, e.g. jdbc:postgresql://db:5432/dwh. The SQL dialect is chosen from it.",
        GROUP_CONNECTION,
        ++o,
        Width.LONG,
        "JDBC URL");
    d.define(
        CONNECTION_USER,
        Type.STRING,
        null,
        Importance.HIGH,
        "Database user (or give it in the URL).",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "User");
    d.define(
        CONNECTION_USERNAME,
        Type.STRING,
        null,
        Importance.LOW,
        "Another name of "
            + CONNECTION_USER
            + ", as the Debezium JDBC sink calls it, so its configurations carry over. Give one of"
            + " the two; both with different values is an error.",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "User name");
    d.define(
        CONNECTION_PASSWORD,
        Type.PASSWORD,
        null,
        Importance.HIGH,
        "Database password. Never logged.",
        GROUP_CONNECTION,
        ++o,
        Width.MEDIUM,
        "Password");
    d.define(
        DIALECT,
        Type.STRING,
        "",
        Importance.LOW,
        "SQL dialect; empty to choose it from the JDBC URL. Known: postgresql.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Dialect");
    d.define(
        POOL_MAX_SIZE,
        Type.INT,
        4,
        Range.atLeast(2),
        Importance.LOW,
        "HikariCP maximum pool size per task; at least 2 (a column first seen in events is added"
            + " on a second connection while the batch holds the first), 3 with batch.pipelining.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Pool size");
    d.define(
        POOL_MIN_IDLE,
        Type.INT,
        1,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP minimum idle connections per task.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Pool minimum idle");
    d.define(
        POOL_CONNECTION_TIMEOUT,
        Type.LONG,
        30_000L,
        Range.atLeast(250),
        Importance.LOW,
        "HikariCP connection timeout in milliseconds.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Connection timeout");
    d.define(
        POOL_IDLE_TIMEOUT,
        Type.LONG,
        600_000L,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP idle timeout in milliseconds: how long a connection above the minimum may sit"
            + " idle before it is closed.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Idle timeout");
    d.define(
        POOL_MAX_LIFETIME,
        Type.LONG,
        1_800_000L,
        Range.atLeast(0),
        Importance.LOW,
        "HikariCP maximum lifetime of a connection in milliseconds (0: no limit); keep it below"
            + " any connection time limit of the database or a proxy in between.",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Maximum lifetime");
    d.define(
        TRANSACTION_ISOLATION,
        Type.STRING,
        null,
        ConfigDef.ValidString.in(
            null,
            "READ_COMMITTED",
            "REPEATABLE_READ",
            "SERIALIZABLE",
            "READ_UNCOMMITTED",
            "TRANSACTION_READ_COMMITTED",
            "TRANSACTION_REPEATABLE_READ",
            "TRANSACTION_SERIALIZABLE",
            "TRANSACTION_READ_UNCOMMITTED"),
        Importance.LOW,
        "Transaction isolation of the pool's connections; empty for the database's default (read"
            + " committed on PostgreSQL, which the engine is built for).",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Transaction isolation");
    d.define(
        SOCKET_TIMEOUT,
        Type.LONG,
        300_000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds a read from the database may wait for an answer before the connection is"
            + " given up as broken (the PostgreSQL driver's socketTimeout, in whole seconds; 0: no"
            + " limit). A database that stops answering then fails the batch, which is retried,"
            + " instead of hanging the task and its shutdown. Keep it above the longest statement"
            + " the loader runs (and above "
            + STATEMENT_TIMEOUT
            + " when set).",
        GROUP_CONNECTION,
        ++o,
        Width.SHORT,
        "Socket timeout");
    o = 0;
    d.define(
        VAULT_MODEL,
        Type.STRING,
        "",
        Importance.HIGH,
        "The vault model as JSON or YAML text. Give this or " + VAULT_MODEL_PATH + ".",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model");
    d.define(
        VAULT_MODEL_PATH,
        Type.STRING,
        "",
        Importance.HIGH,
        "Path of the vault model file (JSON or YAML) on every worker. Give this or "
            + VAULT_MODEL
            + ".",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model file");
    d.define(
        VAULT_MODEL_ALLOWED_DIR,
        Type.STRING,
        "",
        Importance.MEDIUM,
        "A directory "
            + VAULT_MODEL_PATH
            + " must be inside, after symbolic links; empty (the default) for any path. The worker"
            + " reads the model file with its own permissions whenever a connector is created or"
            + " validated through the REST API, so set this where others may configure"
            + " connectors. In any case only a regular file of at most 4 MiB is read, and a file"
            + " that is not a vault model is never quoted in errors.",
        GROUP_VAULT,
        ++o,
        Width.LONG,
        "Model directory");
    d.define(
        TARGET_SCHEMA,
        Type.STRING,
        "",
        Importance.MEDIUM,
        "Database schema of the vault tables; empty for the connection's current schema.",
        GROUP_VAULT,
        ++o,
        Width.MEDIUM,
        "Target schema");
    d.define(
        AUTO_CREATE,
        Type.BOOLEAN,
        true,
        Importance.MEDIUM,
        "Create what is missing when a task starts: the model's vault tables with their ghost"
            + " records, and the loader's own tables (key map, offsets, waiting and error rows) with"
            + " their indexes. Off: they must all exist (the output of 'vaultstream ddl'), and the"
            + " database user needs no right to create tables.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto create");
    d.define(
        AUTO_EVOLVE,
        Type.BOOLEAN,
        true,
        Importance.MEDIUM,
        "Add an attribute column first seen in events to its table, when that table takes its"
            + " columns from events (a satellite or reference table whose model lists no"
            + " columns); the column's type follows the value. Off: such an event fails the task,"
            + " naming the column and the ALTER TABLE that adds it. Adding a column needs the"
            + " table's owner (the loader's user when it created the table). Tables whose model"
            + " lists their columns never change: other columns of the source are not loaded.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Auto evolve");
    d.define(
        HASH_PROFILE,
        Type.STRING,
        "",
        ValidString.in("", "automate-dv", "datavault4dbt", "vaultspeed"),
        Importance.LOW,
        "Overrides the model's hashing profile: automate-dv, datavault4dbt or vaultspeed; empty to keep the model's.",
        GROUP_VAULT,
        ++o,
        Width.SHORT,
        "Hash profile");
    o = 0;
    d.define(
        WATERMARK,
        Type.LONG,
        120L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Seconds a link row waits for its parent before it goes to the error table (VaultSpeed WATER_MARK_SIZE).",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Watermark");
    d.define(
        RETENTION,
        Type.LONG,
        120L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Seconds an unresolved error row is retried before it is released (VaultSpeed ERROR_RECORD_RETENTION_TIME).",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Error retention");
    d.define(
        EXPIRED_ACTION,
        Type.STRING,
        "unknown",
        ValidString.in("unknown", "drop"),
        Importance.LOW,
        "What happens to a reference still unresolved after the retention: 'unknown' loads it against the unknown ghost"
            + " record (a later parent still creates the correct link), 'drop' drops it.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Expired references");
    d.define(
        HOLD_MS,
        Type.LONG,
        0L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds an event whose parent has not arrived is kept in memory, retried with each"
            + " batch, before it is written as a waiting row (at most half the watermark). Most"
            + " parents arrive a batch or two later, and a wait that ends in memory writes no"
            + " waiting row. The offset committed for a partition stays at its earliest held event"
            + " until that event loads, so a restart reads it (and the records after it) again;"
            + " those load idempotently. 0 (the default) writes the waiting row at once, and it is"
            + " retried with every batch until its parent arrives or the watermark passes; 5000"
            + " suits a first load of a backlog.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Hold waiting events");
    d.define(
        HOLD_MAX_EVENTS,
        Type.INT,
        20_000,
        Range.atLeast(0),
        Importance.LOW,
        "At most this many waiting events are held in memory per task; further ones are written"
            + " as waiting rows at once.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Held events limit");
    d.define(
        HOLD_MAX_BYTES,
        Type.LONG,
        64L << 20,
        Range.atLeast(0),
        Importance.LOW,
        "At most about this many bytes of waiting events are held in memory per task (64 MiB by"
            + " default), estimated from each event's decoded row: twice its size in memory (the"
            + " row, and the raw record kept for the waiting row it may become) plus 512 bytes."
            + " Further events are written as waiting rows at once, so a few large records cannot"
            + " fill the heap.",
        GROUP_INTEGRITY,
        ++o,
        Width.SHORT,
        "Held bytes limit");
    o = 0;
    d.define(
        OPERATION_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records (VaultSpeed/GoldenGate style): the column holding I, U or D. Debezium envelopes and"
            + " flattened records are detected without it.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Operation column");
    d.define(
        TIMESTAMP_COLUMN,
        Type.STRING,
        "",
        Importance.LOW,
        "For operation-column records: the column holding the change time; empty to use the Kafka timestamp.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Timestamp column");
    d.define(
        SCHEMA_REGISTRY,
        Type.STRING,
        "",
        Importance.LOW,
        "Schema registry URL for Confluent wire-format Avro values read with the ByteArrayConverter (the engine"
            + " fetches writer schemas by id with GET /schemas/ids/{id}); empty when values are not Avro or the"
            + " worker's Avro converter already decodes them.",
        GROUP_INPUT,
        ++o,
        Width.LONG,
        "Schema registry");
    d.define(
        SCHEMA_REGISTRY_USER_INFO,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "user:password for HTTP basic authentication to the schema registry (Confluent's"
            + " basic.auth.user.info with basic.auth.credentials.source=USER_INFO). User info in "
            + SCHEMA_REGISTRY
            + " (http://user:password@host:8081, Confluent's source URL) works too. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry user info");
    d.define(
        SCHEMA_REGISTRY_BEARER_TOKEN,
        Type.PASSWORD,
        null,
        Importance.LOW,
        "A token for bearer authentication to the schema registry (Confluent's bearer.auth.token"
            + " with bearer.auth.credentials.source=STATIC_TOKEN); not together with basic"
            + " authentication. Never logged.",
        GROUP_INPUT,
        ++o,
        Width.MEDIUM,
        "Schema registry token");
    o = 0;
    d.define(
        BATCH_SIZE,
        Type.INT,
        5000,
        Range.atLeast(1),
        Importance.MEDIUM,
        "Records buffered before they are written in one transaction (the buffer is also written at every offset commit).",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch size");
    d.define(
        BATCH_MAX_WAIT,
        Type.LONG,
        250L,
        Range.atLeast(0),
        Importance.MEDIUM,
        "Milliseconds a buffered record waits at most before its batch is written, so a slow stream"
            + " still reaches the vault quickly; 0 writes at every put.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch max wait");
    d.define(
        BATCH_PIPELINING,
        Type.BOOLEAN,
        true,
        Importance.LOW,
        "Plan each batch (waiting rows, key map, rows to write) while the previous batch is being"
            + " written, so the task's work and the database's work overlap. Batches still commit"
            + " one by one, in order, each in one transaction. Uses one more pooled connection"
            + " (needs "
            + POOL_MAX_SIZE
            + " of at least 3).",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Batch pipelining");
    d.define(
        MAX_RETRIES,
        Type.INT,
        10,
        Range.atLeast(0),
        Importance.LOW,
        "Times an operation that failed for a reason that can pass (the database unreachable or"
            + " restarting, a lost connection, a serialization failure or deadlock, a lock or"
            + " statement timeout, a schema registry outage) is retried before the task fails:"
            + " writing a batch, and opening the vault when the task starts. A failure that cannot"
            + " pass (authentication, a missing privilege, table or column) fails the task at once.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Max retries");
    d.define(
        RETRY_BACKOFF,
        Type.LONG,
        3000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds to wait before such a retry.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Retry backoff");
    d.define(
        STATEMENT_TIMEOUT,
        Type.LONG,
        0L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds the database lets one statement of the loader run before it cancels it"
            + " (PostgreSQL statement_timeout; the batch is then retried); 0 (the default) sets"
            + " none and keeps the server's or role's setting. Off by default because the slowest"
            + " legitimate statement (an index built at start-up on a large existing table, a"
            + " vacuum of the loader's queue tables) depends on the database, and "
            + SOCKET_TIMEOUT
            + " already bounds a database that hangs. When set, keep it below "
            + SOCKET_TIMEOUT
            + ".",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "Statement timeout");
    d.define(
        DDL_LOCK_TIMEOUT,
        Type.LONG,
        5000L,
        Range.atLeast(0),
        Importance.LOW,
        "Milliseconds a schema change of the loader (a column first seen in events, the tables"
            + " created at start-up) waits for its table's lock (PostgreSQL lock_timeout). While it"
            + " waits, every later reader of the table waits behind it; so it gives up and is tried"
            + " again (three attempts, then the batch is retried). 0 waits without limit.",
        GROUP_WRITES,
        ++o,
        Width.SHORT,
        "DDL lock timeout");
    return d;
  }

  public VaultSinkConfig(Map<String, String> props) {
    // Logged here rather than by AbstractConfig, which prints connection.url as given, a password
    // in it included.
    super(CONFIG, props, false);
    StringBuilder b = new StringBuilder(getClass().getSimpleName()).append(" values: ");
    new TreeMap<String, Object>(values())
        .forEach(
            (k, v) ->
                b.append(System.lineSeparator())
                    .append('\t')
                    .append(k)
                    .append(" = ")
                    .append(v instanceof String text ? MaskedUrl.of(text) : v));
    LOG.info("{}", b);
  }

  /** Reads the model named by the configuration, with the hash profile override applied. */
  public VaultModel model() {
    String inline = getString(VAULT_MODEL);
    String path = getString(VAULT_MODEL_PATH);
    if (inline.isBlank() == path.isBlank()) {
      throw new ConfigException(
          "give exactly one of "
              + VAULT_MODEL
              + " (the model text) and "
              + VAULT_MODEL_PATH
              + " (a file)");
    }
    VaultModel m =
        inline.isBlank()
            ? ModelLoader.load(Path.of(path), null, allowedModelDir())
            : ModelLoader.parse(inline, VAULT_MODEL);
    String profile = getString(HASH_PROFILE);
    return profile.isEmpty()
        ? m
        : m.withHashing(m.hashing().withProfile(HashProfileName.parse(profile)));
  }

  /** The directory the model file must be in, or null for anywhere. */
  private Path allowedModelDir() {
    String dir = getString(VAULT_MODEL_ALLOWED_DIR);
    return dir.isBlank() ? null : Path.of(dir);
  }

  /** The engine options, mapped here and nowhere else. */
  public VaultOptions options() {
    Password pw = getPassword(CONNECTION_PASSWORD);
    return VaultOptions.builder()
        .jdbcUrl(getString(CONNECTION_URL))
        .user(user())
        .password(pw == null ? null : pw.value())
        .dialect(blankToNull(getString(DIALECT)))
        .targetSchema(blankToNull(getString(TARGET_SCHEMA)))
        .autoCreate(getBoolean(AUTO_CREATE))
        .autoEvolve(getBoolean(AUTO_EVOLVE))
        .poolName(poolName(originalsStrings()))
        .poolMaxSize(getInt(POOL_MAX_SIZE))
        .poolMinIdle(getInt(POOL_MIN_IDLE))
        .connectionTimeoutMs(getLong(POOL_CONNECTION_TIMEOUT))
        .poolIdleTimeoutMs(getLong(POOL_IDLE_TIMEOUT))
        .poolMaxLifetimeMs(getLong(POOL_MAX_LIFETIME))
        .transactionIsolation(getString(TRANSACTION_ISOLATION))
        .socketTimeoutMs(getLong(SOCKET_TIMEOUT))
        .statementTimeoutMs(getLong(STATEMENT_TIMEOUT))
        .ddlLockTimeoutMs(getLong(DDL_LOCK_TIMEOUT))
        .maxRetries(getInt(MAX_RETRIES))
        .retryBackoffMs(getLong(RETRY_BACKOFF))
        .watermarkSeconds(getLong(WATERMARK))
        .errorRetentionSeconds(getLong(RETENTION))
        .holdWaitsMs(getLong(HOLD_MS))
        .holdWaitsMaxEvents(getInt(HOLD_MAX_EVENTS))
        .holdWaitsMaxBytes(getLong(HOLD_MAX_BYTES))
        .expiredReferences(
            "drop".equals(getString(EXPIRED_ACTION))
                ? VaultOptions.ExpiredReferences.DROP
                : VaultOptions.ExpiredReferences.UNKNOWN)
        .decoder(
            new DecoderOptions(
                blankToNull(getString(OPERATION_COLUMN)),
                blankToNull(getString(TIMESTAMP_COLUMN)),
                blankToNull(getString(SCHEMA_REGISTRY)),
                new SchemaRegistryAuth(
                    secret(SCHEMA_REGISTRY_USER_INFO), secret(SCHEMA_REGISTRY_BEARER_TOKEN))))
        .build();
  }

  /**
   * The database user from {@value #CONNECTION_USER} or its other name {@value
   * #CONNECTION_USERNAME}; null when neither is given.
   *
   * @throws ConfigException when both are given with different values
   */
  public String user() {
    String user = blankToNull(getString(CONNECTION_USER));
    String username = blankToNull(getString(CONNECTION_USERNAME));
    if (user != null && username != null && !user.equals(username)) {
      throw new ConfigException(USER_CONFLICT);
    }
    return user != null ? user : username;
  }

  /** Why two user names are refused. */
  static final String USER_CONFLICT =
      CONNECTION_USER
          + " and "
          + CONNECTION_USERNAME
          + " name the same setting (the database user) but have different values; give one of"
          + " them";

  /**
   * The task's pool name, {@code vaultstream-<connector>-<task>}: each task's HikariCP beans get
   * their own JMX name. Characters a JMX name would need quoted for become '_'. Null outside a task
   * (a configuration being validated).
   */
  static String poolName(Map<String, String> props) {
    String connector = props.get("name");
    String task = props.get(VaultSinkConnector.TASK_INDEX);
    if (connector == null || task == null) {
      return null;
    }
    String safe = connector.replaceAll("[^A-Za-z0-9._-]", "_");
    String suffix = "-" + task;
    int room = 200 - "vaultstream-".length() - suffix.length();
    return "vaultstream-" + (safe.length() > room ? safe.substring(0, room) : safe) + suffix;
  }

  private String secret(String key) {
    Password p = getPassword(key);
    return p == null ? null : p.value();
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
