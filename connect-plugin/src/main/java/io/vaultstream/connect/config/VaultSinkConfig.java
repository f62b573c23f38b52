package io.vaultstream.connect.config;

import static io.vaultstream.connect.config.ConfigNames.*;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.decode.SchemaRegistryAuth;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The connector's configuration: every key documented, defaulted, validated and grouped. */
public final class VaultSinkConfig extends AbstractConfig {
  private static final Logger LOG = LoggerFactory.getLogger(VaultSinkConfig.class);

  /** The definition of every key. */
  public static final ConfigDef CONFIG = define();

  private static ConfigDef define() {
    ConfigDef d = new ConfigDef();
    ConnectionSettings.define(d);
    VaultSettings.define(d);
    IntegritySettings.define(d);
    InputSettings.define(d);
    WriteSettings.define(d);
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
    return VaultOptions.builder()
        .jdbcUrl(getString(CONNECTION_URL))
        .user(user())
        .password(secret(CONNECTION_PASSWORD))
        .dialect(blankToNull(getString(DIALECT)))
        .targetSchema(blankToNull(getString(TARGET_SCHEMA)))
        .autoCreate(getBoolean(AUTO_CREATE))
        .autoEvolve(getBoolean(AUTO_EVOLVE))
        .columnLimits(getInt(AUTO_EVOLVE_MAX_PER_RECORD), getInt(AUTO_EVOLVE_MAX_PER_TABLE))
        .poolName(poolName(originalsStrings()))
        .poolMaxSize(getInt(POOL_MAX_SIZE))
        .poolMinIdle(getInt(POOL_MIN_IDLE))
        .connectionTimeoutMs(getLong(POOL_CONNECTION_TIMEOUT))
        .poolIdleTimeoutMs(getLong(POOL_IDLE_TIMEOUT))
        .poolMaxLifetimeMs(getLong(POOL_MAX_LIFETIME))
        .transactionIsolation(getString(TRANSACTION_ISOLATION))
        .socketTimeoutMs(getLong(SOCKET_TIMEOUT))
        .statementTimeoutMs(getLong(STATEMENT_TIMEOUT))
        .prepareServerProcess(getBoolean(PREPARE_SERVER_PROCESS))
        .ddlLockTimeoutMs(getLong(DDL_LOCK_TIMEOUT))
        .maxRetries(getInt(MAX_RETRIES))
        .retryBackoffMs(getLong(RETRY_BACKOFF))
        .watermarkSeconds(getLong(WATERMARK))
        .errorRetentionSeconds(getLong(RETENTION))
        .holdWaitsMs(getLong(HOLD_MS))
        .holdWaitsMaxEvents(getInt(HOLD_MAX_EVENTS))
        .holdWaitsMaxBytes(getLong(HOLD_MAX_BYTES))
        .expiredReferences(expiredReferences())
        .keyMapCacheKeys(getInt(KEY_MAP_CACHE_KEYS))
        .decoder(decoderOptions())
        // A task owns its partitions until they close: a stored position that moved meanwhile
        // means lost commits, and the task reads the partition again from it.
        .checkStoredProgress(true)
        .build();
  }

  /** What becomes of a reference still unresolved after the retention. */
  private VaultOptions.ExpiredReferences expiredReferences() {
    return "drop".equals(getString(EXPIRED_ACTION))
        ? VaultOptions.ExpiredReferences.DROP
        : VaultOptions.ExpiredReferences.UNKNOWN;
  }

  /** How record values are read: operation and time columns, the schema registry. */
  private DecoderOptions decoderOptions() {
    return new DecoderOptions(
        blankToNull(getString(OPERATION_COLUMN)),
        blankToNull(getString(TIMESTAMP_COLUMN)),
        blankToNull(getString(SCHEMA_REGISTRY)),
        new SchemaRegistryAuth(
            secret(SCHEMA_REGISTRY_USER_INFO), secret(SCHEMA_REGISTRY_BEARER_TOKEN)));
  }

  /**
   * The database user from {@value ConfigNames#CONNECTION_USER} or its other name {@value
   * ConfigNames#CONNECTION_USERNAME}; null when neither is given.
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
    String task = props.get(TASK_INDEX);
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
