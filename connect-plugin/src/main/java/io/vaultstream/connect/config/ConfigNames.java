package io.vaultstream.connect.config;

/**
 * The names of the connector's settings and of their groups, as users write them in the connector
 * configuration; the settings classes define them and `VaultSinkConfig` reads them.
 */
public final class ConfigNames {
  private ConfigNames() {}

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
  public static final String PREPARE_SERVER_PROCESS = "connection.prepare.server.process";
  public static final String VAULT_MODEL = "vault.model";
  public static final String VAULT_MODEL_PATH = "vault.model.path";
  public static final String VAULT_MODEL_ALLOWED_DIR = "vault.model.allowed.dir";
  public static final String TARGET_SCHEMA = "target.schema";
  public static final String AUTO_CREATE = "auto.create";
  public static final String AUTO_EVOLVE = "auto.evolve";
  public static final String AUTO_EVOLVE_MAX_PER_RECORD = "auto.evolve.max.columns.per.record";
  public static final String AUTO_EVOLVE_MAX_PER_TABLE = "auto.evolve.max.columns.per.table";
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
  public static final String BATCH_MAX_BYTES = "batch.max.bytes";
  public static final String BATCH_PIPELINING = "batch.pipelining";
  public static final String READ_SKEW_MAX = "read.skew.max.ms";
  public static final String KEY_MAP_CACHE_KEYS = "key.map.cache.keys";
  public static final String MAX_RETRIES = "max.retries";
  public static final String RETRY_BACKOFF = "retry.backoff.ms";
  public static final String STATEMENT_TIMEOUT = "statement.timeout.ms";
  public static final String DDL_LOCK_TIMEOUT = "ddl.lock.timeout.ms";
  public static final String TABLE_SIZES_INTERVAL = "metrics.table.sizes.interval.ms";

  /** The task's number among the connector's tasks, in its configuration (for its JMX name). */
  public static final String TASK_INDEX = "vaultstream.task.index";
}
